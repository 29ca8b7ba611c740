"""The plan graph's step nodes, with their link handles and fold toggles.

Items paint from data prepared once (elided titles, colours), so a 2,000-step plan
paints fast: a node's texts when it is first drawn close enough to read them, its
tooltip when first asked for (``prepare_tooltip``). Zoomed out below ``LOD_TEXT`` a node
is a plain coloured card and its link handle is not drawn. Every text from the plan
is drawn as plain text (``QStaticText`` in ``Qt.PlainText``), never as rich text. What
a drag or a click means is decided by the scene: items only report to their
``ItemHost``. How they look is ``ui.plan.look``; the arrows are in ``ui.plan.edges``,
the group boxes in ``ui.plan.groups``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.plan.layout import NODE_H, NODE_W
from ui.plan.look import (
    ANTIALIAS,
    BAR,
    BAR_BOX,
    CARD,
    CARD_BOX,
    CROSS_CURSOR,
    DEVICE_CACHE,
    FOCUS_RING,
    GLYPH_AT,
    GLYPH_R,
    HAND_CURSOR,
    HANDLE_R,
    LOD_TEXT,
    MOVABLE,
    NO_BRUSH,
    NO_PEN,
    SELECTABLE,
    TEXT_X,
    Z_NODE,
    Look,
    elided,
    escaped_tooltip,
    paint_glyph,
    plain,
    status_colour,
    two_lines,
)


class ItemHost(Protocol):
    """What items report to (the scene), and whether the keyboard is in its view."""

    keyboard_focus: bool  # the view has focus: the selected node wears the focus ring

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
            # the whole title (the card may elide it), never the step's internal id
            self.setToolTip(escaped_tooltip(data.title, f"{data.status_text} · {data.subtitle}"))

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
        if self.host.keyboard_focus and self.isSelected():
            painter.setPen(look.pens["focus"])
            painter.setBrush(NO_BRUSH)
            painter.drawPath(FOCUS_RING)
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
