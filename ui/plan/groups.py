"""The plan graph's group boxes: a translucent box around a group's unfolded sub-steps,
with its title, status glyph and fold toggle; only its title strip takes clicks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ui.plan.items import ItemHost, NodeData, ToggleItem
from ui.plan.look import (
    TITLE_STRIP,
    Z_GROUP,
    Look,
    elided,
    escaped_tooltip,
    paint_glyph,
    plain,
    status_colour,
)


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
