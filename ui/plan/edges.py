"""The plan graph's dependency arrows: their route between columns, bounds known
without building the path, and a cheap drawing when zoomed far out.

An arrow runs from a node's right edge to another's left edge. Zoomed out below
``LOD_TEXT`` (a 2,000-step plan fitted to the view) its route is drawn as a polyline
without antialiasing or arrowhead, so thousands of arrows paint in a few milliseconds.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPainterPath, QPainterPathStroker, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.plan.layout import GAP_X, GAP_Y, NODE_H, NODE_W
from ui.plan.items import NodeItem
from ui.plan.look import ANTIALIAS, LOD_TEXT, NO_BRUSH, NO_PEN, SELECTABLE, Z_EDGE, Look


def arrow_path(p1: QPointF, p2: QPointF) -> QPainterPath:
    """The line of an arrow from a node's right edge to another's left edge.

    Between neighbouring columns it is one S-curve. An arrow that passes over columns in
    between runs in the lane between two rows there (where no node sits), turning in the
    first and the last gap between columns, so it never seems to end at a node it passes.
    """
    path = QPainterPath(p1)
    points = _arrow_points(p1, p2)
    if len(points) == 3:
        path.cubicTo(*points)
        return path
    path.cubicTo(*points[:3])
    path.lineTo(points[3])
    path.cubicTo(*points[4:])
    return path


def arrow_bounds(x1: float, y1: float, x2: float, y2: float) -> QRectF:
    """The control-point rectangle of ``arrow_path`` from (x1, y1) to (x2, y2), without
    building the path (thousands of arrows are placed; few are ever painted)."""
    span = x2 - x1
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    if span <= NODE_W + GAP_X + 1:
        reach = max(40.0, abs(span) / 2)
        xs = (x1, x2, x1 + reach, x2 - reach)
        ys = (y1, y2)
    else:
        bend = GAP_X / 2
        xs = (x1, x2, x1 + bend, x1 + GAP_X, x2 - GAP_X, x2 - bend)
        ys = (y1, y2, y1 + (1 if y2 >= y1 else -1) * (NODE_H / 2 + GAP_Y * 0.3))
    left, top = min(xs), min(ys)
    return QRectF(left, top, max(xs) - left, max(ys) - top)


def arrow_route(x1: float, y1: float, x2: float, y2: float) -> QPolygonF:
    """``arrow_path``'s route from (x1, y1) to (x2, y2) as straight pieces: the ends,
    and where it runs along the lane between rows when it passes over columns."""
    if x2 - x1 <= NODE_W + GAP_X + 1:
        return QPolygonF([QPointF(x1, y1), QPointF(x2, y2)])
    lane = y1 + (1 if y2 >= y1 else -1) * (NODE_H / 2 + GAP_Y * 0.3)
    bend = GAP_X / 2
    return QPolygonF([QPointF(x1, y1), QPointF(x1 + bend, lane), QPointF(x2 - bend, lane),
                      QPointF(x2, y2)])


def _arrow_points(p1: QPointF, p2: QPointF) -> list[QPointF]:
    """After ``p1``: one cubic's three points, or cubic, line end, cubic (seven)."""
    span = p2.x() - p1.x()
    if span <= NODE_W + GAP_X + 1:
        reach = max(40.0, abs(span) / 2)
        return [QPointF(p1.x() + reach, p1.y()), QPointF(p2.x() - reach, p2.y()), p2]
    lane = p1.y() + (1 if p2.y() >= p1.y() else -1) * (NODE_H / 2 + GAP_Y * 0.3)
    bend = GAP_X / 2
    return [QPointF(p1.x() + bend, p1.y()), QPointF(p1.x() + bend, lane),
            QPointF(p1.x() + GAP_X, lane), QPointF(p2.x() - GAP_X, lane),
            QPointF(p2.x() - bend, lane), QPointF(p2.x() - bend, p2.y()), p2]


class EdgeItem(QGraphicsItem):
    """A dependency arrow from the step waited for (source) to the waiting step (target)."""

    def __init__(self, source: NodeItem, target: NodeItem, look: Look, *, draft: bool
                 ) -> None:
        super().__init__()
        self.source = source
        self.target = target
        self.look = look
        self.draft = draft
        self._hover = False
        self._ends = (0.0, 0.0, 0.0, 0.0)
        self._curve: QPainterPath | None = None  # made when first painted or hit
        self._route: QPolygonF | None = None  # the same, far out: made when first painted
        self._bounds = QRectF()
        self._shape: QPainterPath | None = None
        self.setZValue(Z_EDGE)
        if not draft:
            self.setAcceptHoverEvents(True)
            self.setFlags(SELECTABLE)
        self._place()

    def update_path(self) -> None:
        """Follow the nodes at its ends (after a move)."""
        self.prepareGeometryChange()
        self._place()

    def follow(self, source: NodeItem, target: NodeItem) -> None:
        """Run between these nodes, where they are now (a re-layout reuses the item)."""
        self._hover = False
        self.source, self.target = source, target
        if self._ends != (source.x() + NODE_W, source.y() + NODE_H / 2,
                          target.x() - 1.5, target.y() + NODE_H / 2):
            self.update_path()

    def _place(self) -> None:
        source, target = self.source, self.target  # as anchor_out and anchor_in, in floats
        x1, y1 = source.x() + NODE_W, source.y() + NODE_H / 2
        x2, y2 = target.x() - 1.5, target.y() + NODE_H / 2
        self._ends = (x1, y1, x2, y2)
        self._bounds = arrow_bounds(x1, y1, x2, y2).adjusted(-8, -8, 8, 8)
        self._curve, self._shape, self._route = None, None, None

    @property
    def curve(self) -> QPainterPath:
        """The arrow's line (``arrow_path``), made once it is needed."""
        if self._curve is None:
            x1, y1, x2, y2 = self._ends
            self._curve = arrow_path(QPointF(x1, y1), QPointF(x2, y2))
        return self._curve

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        if self._shape is None:  # only for hit tests: stroking every arrow up front is slow
            stroker = QPainterPathStroker()
            stroker.setWidth(12.0)
            self._shape = stroker.createStroke(self.curve)
        return self._shape

    @property
    def route(self) -> QPolygonF:
        """The arrow's line as a polyline through its bends (``arrow_route``)."""
        if self._route is None:
            self._route = arrow_route(*self._ends)
        return self._route

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        pen = self.look.pens[self._pen()]
        painter.setPen(pen)
        if lod < LOD_TEXT:  # a few pixels long: no curve, no arrowhead, no antialiasing
            painter.setRenderHint(ANTIALIAS, False)
            painter.drawPolyline(self.route)
            return
        painter.setRenderHint(ANTIALIAS, True)
        painter.setBrush(NO_BRUSH)
        painter.drawPath(self.curve)
        painter.setPen(NO_PEN)
        painter.setBrush(pen.color())
        p2 = QPointF(self._ends[2], self._ends[3])
        painter.drawPolygon(QPolygonF([p2, p2 + QPointF(-10, -5), p2 + QPointF(-10, 5)]))

    def _pen(self) -> str:
        if self.isSelected():
            return "edge_selected"
        if self.draft:
            return "edge_draft"
        return "edge_hover" if self._hover else "edge"

    def midpoint(self) -> QPointF:
        return self.curve.pointAtPercent(0.5)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()
