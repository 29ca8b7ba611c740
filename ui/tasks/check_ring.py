"""The task list's check box, visible in the dark theme too: Fusion outlines it in a
shade darker than the window, which on a dark base is black on near-black. This delegate
of the title column draws the cell as Fusion does, then rings the check box in the
palette's mid tone while the dark theme is on (``ui.style.look`` marks it)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)


class CheckRing(QStyledItemDelegate):
    """Paints a cell, and a ring round its check box in the dark theme."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        super().paint(painter, option, index)
        app = QApplication.instance()
        if app is None or not app.property("stepwise_dark") \
                or not index.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            return
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        box = style.subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, shown,
                                   widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Mid), 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box.adjusted(1, 1, -1, -1).toRectF(), 2, 2)
        painter.restore()
