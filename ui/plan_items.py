"""The pieces of the plan graph: step nodes, dependency arrows, group boxes and handles.

Items paint from data prepared once (elided titles, colours), so a 2,000-step plan
paints fast: a node's texts when it is first drawn close enough to read them, its
tooltip when first asked for (``prepare_tooltip``). Zoomed out below ``LOD_TEXT`` a node
is a plain coloured card and its link handle is not drawn. Every text from the plan
is drawn as plain text (``QStaticText`` in ``Qt.PlainText``), never as rich text. What
a drag or a click means is decided by the scene: items only report to their
``ItemHost``. The arrows are in ``ui.plan_edges``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.layout import NODE_H, NODE_W
from ui.labels import STATUS_COLOURS

RADIUS = 8.0
BAR_W = 6.0
HANDLE_R = 6.0
GLYPH_R = 8.0
TEXT_X = BAR_W + 9
GLYPH_AT = QPointF(NODE_W - GLYPH_R - 7, NODE_H - GLYPH_R - 7)
TITLE_STRIP = 24.0
LOD_TEXT = 0.2  # below this zoom a node is a coloured card without text
Z_GROUP, Z_EDGE, Z_NODE, Z_LINK = 0.0, 5.0, 10.0, 20.0
# Read once: Qt enum look-ups cost a Python call each, and paint runs thousands of times.
NO_PEN, NO_BRUSH = Qt.PenStyle.NoPen, Qt.BrushStyle.NoBrush
ANTIALIAS = QPainter.RenderHint.Antialiasing
MOVABLE = QGraphicsItem.GraphicsItemFlag.ItemIsMovable
SELECTABLE = QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
ELIDE_RIGHT = Qt.TextElideMode.ElideRight
PLAIN_TEXT = Qt.TextFormat.PlainText
CACHING = QStaticText.PerformanceHint.AggressiveCaching
DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
CROSS_CURSOR, HAND_CURSOR = Qt.CursorShape.CrossCursor, Qt.CursorShape.PointingHandCursor


class ItemHost(Protocol):
    """What items report to (the scene)."""

    def node_pressed(self, node: NodeItem) -> None: ...
    def node_dragged(self, node: NodeItem, scene_pos: QPointF) -> None: ...
    def node_released(self, node: NodeItem, scene_pos: QPointF, start: QPointF) -> None: ...
    def link_started(self, node: NodeItem) -> None: ...
    def link_dragged(self, scene_pos: QPointF) -> None: ...
    def link_released(self, scene_pos: QPointF) -> None: ...
    def toggle_clicked(self, step_id: str) -> None: ...
    def glyph_clicked(self, step_id: str) -> None: ...
    def node_double_clicked(self, step_id: str) -> None: ...


@dataclass(frozen=True)
class Look:
    """Colours and fonts of the graph, taken from the application palette."""

    canvas: QColor
    card: QColor
    border: QColor
    text: QColor
    subtle: QColor
    highlight: QColor
    edge: QColor
    title_font: QFont
    small_font: QFont
    pens: dict[str, QPen]
    title_metrics: QFontMetricsF = field(compare=False)  # made once a plan, not a node
    small_metrics: QFontMetricsF = field(compare=False)

    @classmethod
    def from_palette(cls) -> Look:
        palette = QApplication.palette()
        base = palette.color(QPalette.ColorRole.Base)
        dark = base.lightness() < 128
        title = QFont(QApplication.font())
        title.setWeight(QFont.Weight.DemiBold)
        small = QFont(QApplication.font())
        if title.pointSizeF() > 0:
            small.setPointSizeF(max(7.0, title.pointSizeF() * 0.86))
        border = QColor("#4a4f57" if dark else "#c3c8cf")
        subtle = QColor("#9aa0a8" if dark else "#5f6670")
        highlight = palette.color(QPalette.ColorRole.Highlight)
        edge = QColor("#8a9099" if dark else "#7b838d")
        return cls(
            canvas=palette.color(QPalette.ColorRole.Window), card=base, border=border,
            text=palette.color(QPalette.ColorRole.Text), subtle=subtle,
            highlight=highlight, edge=edge, title_font=title, small_font=small,
            title_metrics=QFontMetricsF(title), small_metrics=QFontMetricsF(small),
            pens=_pens(border, subtle, highlight, edge),
        )


def _pens(border: QColor, subtle: QColor, highlight: QColor, edge: QColor) -> dict[str, QPen]:
    """Every pen the items use, made once (a QPen per paint call adds up)."""
    dash = Qt.PenStyle.DashLine
    return {
        "border": QPen(border, 1.0), "selected": QPen(highlight, 2.5),
        "target": QPen(highlight, 2.5, dash), "draft": QPen(subtle, 1.2, dash),
        "edge": QPen(edge, 1.4), "edge_hover": QPen(edge, 2.2),
        "edge_selected": QPen(highlight, 3.0), "edge_draft": QPen(edge, 1.4, dash),
    }


def status_colour(status: str) -> QColor:
    return QColor(STATUS_COLOURS.get(status, STATUS_COLOURS["pending"]))


def plain(text: str) -> QStaticText:
    """A prepared plain-text label (model text is never interpreted as markup)."""
    static = QStaticText(text)
    static.setTextFormat(PLAIN_TEXT)
    static.setPerformanceHint(CACHING)
    return static


def elided(text: str, metrics: QFontMetricsF, width: float) -> str:
    one_line = " ".join(text.split())
    return metrics.elidedText(one_line, ELIDE_RIGHT, width)


def two_lines(text: str, metrics: QFontMetricsF, width: float) -> tuple[str, str]:
    """The text wrapped onto at most two lines of ``width``; the second one elided.

    Breaks after a space where there is one (so Chinese text, without spaces, breaks
    between characters).
    """
    text = " ".join(text.split())
    if metrics.horizontalAdvance(text) <= width:
        return text, ""
    low, high = 1, len(text)
    while low < high:  # the longest prefix that fits
        middle = (low + high + 1) // 2
        if metrics.horizontalAdvance(text[:middle]) <= width:
            low = middle
        else:
            high = middle - 1
    space = text.rfind(" ", 0, low + 1)
    cut = space if space > low // 2 else low
    rest = text[cut:].strip()
    return text[:cut].rstrip(), metrics.elidedText(rest, ELIDE_RIGHT, width)


def escaped_tooltip(*lines: str) -> str:
    """A tooltip that shows plan text literally (tooltips would guess at rich text)."""
    return "<p style='white-space:pre-wrap'>" + "<br>".join(html.escape(x) for x in lines) + "</p>"


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


CARD = _rounded(QRectF(0.5, 0.5, NODE_W - 1, NODE_H - 1), RADIUS)
_BAR_RECT = QPainterPath()
_BAR_RECT.addRect(QRectF(0, 0, BAR_W + 0.5, NODE_H))
BAR = CARD.intersected(_BAR_RECT)
CARD_BOX = QRectF(0.5, 0.5, NODE_W - 1, NODE_H - 1)  # the card far out: square corners
BAR_BOX = QRectF(0.5, 0.5, BAR_W, NODE_H - 1)


def paint_glyph(painter: QPainter, centre: QPointF, radius: float, status: str) -> None:
    """The status as a shape, not only a colour: ✓ ✗ ▶ ⏭, an open ring when pending."""
    colour = status_colour(status)
    if status == "pending":
        painter.setPen(QPen(colour, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius - 1.5, radius - 1.5)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(centre, radius, radius)
    pen = QPen(QColor("white"), 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    x, y, r = centre.x(), centre.y(), radius * 0.45
    if status == "completed":
        painter.setPen(pen)
        painter.drawPolyline([QPointF(x - r, y), QPointF(x - r * 0.25, y + r * 0.75),
                              QPointF(x + r, y - r * 0.7)])
    elif status == "failed":
        painter.setPen(pen)
        painter.drawLine(QLineF(x - r, y - r, x + r, y + r))
        painter.drawLine(QLineF(x - r, y + r, x + r, y - r))
    elif status == "in_progress":
        painter.setBrush(QColor("white"))
        painter.drawPolygon(QPolygonF([QPointF(x - r * 0.6, y - r), QPointF(x + r, y),
                                       QPointF(x - r * 0.6, y + r)]))
    else:  # skipped
        painter.setBrush(QColor("white"))
        painter.drawPolygon(QPolygonF([QPointF(x - r, y - r), QPointF(x + r * 0.3, y),
                                       QPointF(x - r, y + r)]))
        painter.drawRect(QRectF(x + r * 0.45, y - r, r * 0.45, 2 * r))


@dataclass(frozen=True)
class NodeData:
    """What a node shows: a step, or a collapsed group standing for its sub-steps."""

    step_id: str
    title: str
    subtitle: str
    status: str
    status_text: str
    hidden_steps: int = 0  # a collapsed group: how many steps are folded inside


class NodeItem(QGraphicsItem):
    """A step: a rounded card with a status bar, title, subtitle, glyph and a link handle."""

    def __init__(self, data: NodeData, look: Look, host: ItemHost, *, editable: bool,
                 draft: bool) -> None:
        super().__init__()
        self.data_ = data
        self.step_id = data.step_id
        self.look = look
        self.host = host
        self.draft = draft
        self.drop_target = False
        self._press = QPointF()
        self._prepare(data)
        self.setZValue(Z_NODE)
        self.setCacheMode(DEVICE_CACHE)
        flags = SELECTABLE
        if editable and not draft:
            flags |= MOVABLE  # the scene moves the arrows along (no itemChange: it is slow)
            self.handle: HandleItem | None = HandleItem(self)
        else:
            self.handle = None
        self.setFlags(flags)
        if data.hidden_steps:
            ToggleItem(self, data.step_id, collapsed=True, host=host).setPos(
                NODE_W - ToggleItem.SIZE - 6, 5)

    def _prepare(self, data: NodeData) -> None:
        """Take new data: the colour now, the texts and tooltip when first needed."""
        self.data_ = data
        self._colour = status_colour(data.status)
        self._title: list[QStaticText] = []  # none yet: ``_prepare_texts`` when drawn
        self._tooltip_ready = False
        self.setToolTip("")

    def prepare_tooltip(self) -> None:
        """Set the tooltip (the scene asks just before it is shown)."""
        if not self._tooltip_ready:
            self._tooltip_ready = True
            data = self.data_
            self.setToolTip(escaped_tooltip(data.title, f"{data.status_text} · {data.step_id}"))

    def _prepare_texts(self) -> None:
        """The texts painted, made once from the data (paint only draws)."""
        look, data = self.look, self.data_
        text_w = NODE_W - TEXT_X - 10 - (ToggleItem.SIZE if data.hidden_steps else 0)
        first, second = two_lines(data.title, look.title_metrics, text_w)
        self._title = [plain(first)] + ([plain(second)] if second else [])
        line = look.title_metrics.lineSpacing()
        self._title_at = [QPointF(TEXT_X, 6), QPointF(TEXT_X, 6 + line)][:len(self._title)]
        sub_w = NODE_W - TEXT_X - 2 * GLYPH_R - 14
        self._subtitle = plain(elided(data.subtitle, look.small_metrics, sub_w))
        self._subtitle_at = QPointF(TEXT_X, NODE_H - 7 - look.small_metrics.height())

    def show_data(self, data: NodeData) -> None:
        """Draw changed data at once (an edit shown before the store confirms it)."""
        self._prepare(data)
        self.update()

    def kind(self) -> tuple[bool, bool]:
        """What a reused item must match (``node_kind``): a link handle, a fold toggle."""
        return self.handle is not None, bool(self.data_.hidden_steps)

    def assign(self, data: NodeData) -> None:
        """Show another step of the same kind (a re-layout reuses the item)."""
        self.step_id = data.step_id
        if data != self.data_:
            self.show_data(data)
        toggle = next((c for c in self.childItems() if isinstance(c, ToggleItem)), None)
        if toggle is not None:
            toggle.step_id = data.step_id

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, NODE_W + 8, NODE_H + 8)  # room for a folded group's stack

    def shape(self) -> QPainterPath:
        return CARD

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) < LOD_TEXT:
            self._paint_far(painter)
            return
        look = self.look
        painter.setRenderHint(ANTIALIAS, True)
        painter.setBrush(look.card)
        if self.data_.hidden_steps:
            painter.setPen(look.pens["border"])
            painter.drawPath(CARD.translated(4, 4))
        painter.setPen(look.pens[self._border()])
        painter.drawPath(CARD)
        painter.setPen(NO_PEN)
        painter.setBrush(self._colour)
        painter.drawPath(BAR)
        if not self._title:
            self._prepare_texts()
        painter.setPen(look.text)
        painter.setFont(look.title_font)
        for where, text in zip(self._title_at, self._title, strict=True):
            painter.drawStaticText(where, text)
        painter.setPen(look.subtle)
        painter.setFont(look.small_font)
        painter.drawStaticText(self._subtitle_at, self._subtitle)
        paint_glyph(painter, GLYPH_AT, GLYPH_R, self.data_.status)

    def _paint_far(self, painter: QPainter) -> None:
        """Zoomed far out (a few pixels a card): the card and its status colour only."""
        look = self.look
        painter.setRenderHint(ANTIALIAS, False)
        painter.setBrush(look.card)
        painter.setPen(look.pens[self._border()])
        if self.data_.hidden_steps:
            painter.drawRect(CARD_BOX.translated(4, 4))
        painter.drawRect(CARD_BOX)
        painter.fillRect(BAR_BOX, self._colour)

    def _border(self) -> str:
        if self.drop_target:
            return "target"
        if self.isSelected():
            return "selected"
        return "draft" if self.draft else "border"

    def set_drop_target(self, on: bool) -> None:
        if on != self.drop_target:
            self.drop_target = on
            self.update()

    def anchor_out(self) -> QPointF:
        return self.pos() + QPointF(NODE_W, NODE_H / 2)

    def anchor_in(self) -> QPointF:
        return self.pos() + QPointF(0, NODE_H / 2)

    def on_glyph(self, local: QPointF) -> bool:
        """Whether a point (in item coordinates) is on the check circle."""
        return QLineF(local, GLYPH_AT).length() <= GLYPH_R + 4

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if (not self.draft and event.button() == Qt.MouseButton.LeftButton
                and self.on_glyph(event.pos())):
            event.accept()  # one-click done: no drag, no selection change
            self.host.glyph_clicked(self.step_id)
            return
        self._press = QPointF(self.pos())
        super().mousePressEvent(event)
        if self.flags() & MOVABLE:
            self.host.node_pressed(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.draft or self.on_glyph(event.pos()):
            event.accept()
            return
        event.accept()
        self.host.node_double_clicked(self.step_id)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if self.flags() & MOVABLE:
            self.host.node_dragged(self, event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if self.flags() & MOVABLE:
            self.host.node_released(self, event.scenePos(), self._press)


class HandleItem(QGraphicsItem):
    """The small circle on a node's right edge: drag from it onto a step to add an arrow."""

    def __init__(self, node: NodeItem) -> None:
        super().__init__(node)
        self.node = node
        self._hover = False
        self.setPos(NODE_W, NODE_H / 2)
        self.setAcceptHoverEvents(True)
        self.setCursor(CROSS_CURSOR)
        self.setToolTip(QCoreApplication.translate(
            "PlanGraph", "Drag onto another step to make it wait for this one"))

    def boundingRect(self) -> QRectF:
        r = HANDLE_R + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) < LOD_TEXT:
            return  # under a pixel: not drawn
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        look = self.node.look
        painter.setPen(QPen(look.highlight if self._hover else look.edge, 1.5))
        painter.setBrush(look.highlight if self._hover else look.card)
        painter.drawEllipse(QPointF(0, 0), HANDLE_R, HANDLE_R)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        event.accept()
        self.node.host.link_started(self.node)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.node.host.link_dragged(event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.node.host.link_released(event.scenePos())


class ToggleItem(QGraphicsItem):
    """A group's fold triangle: ▾ while its sub-steps show, ▸ when folded."""

    SIZE = 16.0

    def __init__(self, parent: QGraphicsItem, step_id: str, *, collapsed: bool,
                 host: ItemHost) -> None:
        super().__init__(parent)
        self.step_id = step_id
        self.collapsed = collapsed
        self.host = host
        self.setCursor(HAND_CURSOR)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.SIZE, self.SIZE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#6b7380"))
        s = self.SIZE
        if self.collapsed:
            points = [QPointF(s * 0.35, s * 0.22), QPointF(s * 0.75, s * 0.5),
                      QPointF(s * 0.35, s * 0.78)]
        else:
            points = [QPointF(s * 0.22, s * 0.35), QPointF(s * 0.78, s * 0.35),
                      QPointF(s * 0.5, s * 0.75)]
        painter.drawPolygon(QPolygonF(points))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.boundingRect().contains(event.pos()):
            self.host.toggle_clicked(self.step_id)


def node_kind(data: NodeData, *, editable: bool, draft: bool) -> tuple[bool, bool]:
    """The kind of node item ``data`` needs: with a link handle, with a fold toggle."""
    return editable and not draft, bool(data.hidden_steps)


class GroupItem(QGraphicsItem):
    """A translucent box around a group's sub-steps, with its title and a fold toggle.

    Only the title strip takes clicks (to select the group), so dragging inside the box
    pans the view like the background does.
    """

    def __init__(self, data: NodeData, rect: QRectF, depth: int, look: Look,
                 host: ItemHost) -> None:
        super().__init__()
        self.step_id = data.step_id
        self.data_ = data
        self.look = look
        self.rect = QRectF()
        self.drop_target = False
        self._colour = status_colour(data.status)
        self._title_text = data.title
        self._title = plain("")
        self.depth = depth
        self.setZValue(Z_GROUP + depth * 0.1)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setToolTip(escaped_tooltip(data.title, f"{data.status_text} · {data.step_id}"))
        self.toggle = ToggleItem(self, data.step_id, collapsed=False, host=host)
        self.toggle.setPos(6, 4)
        self.set_rect(rect)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.setPos(rect.topLeft())
        self.rect = QRectF(0, 0, rect.width(), rect.height())
        self._title = plain(elided(self._title_text, self.look.small_metrics, rect.width() - 54))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, self.rect.width(), TITLE_STRIP))
        return path

    def scene_box(self) -> QRectF:
        return self.rect.translated(self.pos())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self._colour)
        fill.setAlpha(22)
        line = QColor(self._colour)
        line.setAlpha(140)
        if self.drop_target:
            pen = QPen(self.look.highlight, 2.5, Qt.PenStyle.DashLine)
        elif self.isSelected():
            pen = QPen(self.look.highlight, 2.5)
        else:
            pen = QPen(line, 1.2)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawRoundedRect(self.rect.adjusted(0.5, 0.5, -0.5, -0.5), 10, 10)
        painter.setPen(self.look.text)
        painter.setFont(self.look.small_font)
        painter.drawStaticText(QPointF(26, 4), self._title)
        paint_glyph(painter, QPointF(self.rect.width() - 14, 12), 6.5, self.data_.status)

    def set_drop_target(self, on: bool) -> None:
        if on != self.drop_target:
            self.drop_target = on
            self.update()
