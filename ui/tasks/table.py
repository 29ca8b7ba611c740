"""The task list's table: its keys (Enter edits, Ctrl+Enter ticks, Delete deletes; the
Enter that ends an F2 rename only saves), its columns (the title takes the free width,
due, priority and status keep to the rows in sight, the status makes way in a narrow
list) and a check box that stays visible in the dark theme.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent, QPainter, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

ROW_HEIGHT = 26
TITLE_ROOM = 170  # pixels a title keeps before the status column makes way (then in its tooltip)
STATUS = 3  # the status column


class TaskTable(QTableView):
    """The rows of the task list; the panel around it acts on what it reports."""

    edit_requested = Signal()
    delete_requested = Signal()
    tick_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)  # the row's tooltip has it whole
        triggers = QAbstractItemView.EditTrigger  # in place: double-click or F2
        self.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setItemDelegateForColumn(0, CheckRing(self))  # seen in the dark too

    def set_up_columns(self) -> None:
        """The title takes the free width; due, priority and status keep to what the
        rows in sight show (precision 0: sizing to every row would read a thousand rows
        at every reload). Call once the model is set."""
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setResizeContentsPrecision(0)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.sectionResized.connect(self._on_header_section_resized)

    @Slot()
    def fit_columns(self) -> None:
        """The status column shows while the title keeps TITLE_ROOM beside it; in a narrow
        list it makes way (the row's tooltip and colour still say it)."""
        header = self.horizontalHeader()
        status = max(header.sectionSizeHint(STATUS), self.sizeHintForColumn(STATUS))
        others = header.sectionSize(1) + header.sectionSize(2)
        header.setSectionHidden(STATUS, self.viewport().width() - others - status < TITLE_ROOM)

    @Slot(int, int, int)
    def _on_header_section_resized(self, section: int, _old: int, _new: int) -> None:
        if section in (1, 2):  # the due or priority column grew or shrank with its rows
            QTimer.singleShot(0, self, self.fit_columns)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_columns()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if self.state() == QAbstractItemView.State.EditingState:
            event.ignore()  # the Enter that ends an F2 rename saves it and does no more
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.tick_requested.emit()
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.edit_requested.emit()
        elif event.key() == Qt.Key.Key_Delete:
            self.delete_requested.emit()
        else:
            super().keyPressEvent(event)


class CheckRing(QStyledItemDelegate):
    """Paints a title cell as Fusion does, and rings its check box in the palette's mid
    tone while the dark theme is on (``ui.style.look`` marks it): Fusion outlines a check
    box a shade darker than the window, black on near-black there."""

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
