"""The command palette (Ctrl+K): type to filter every command of the window, Enter runs it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget


class CommandPalette(QDialog):
    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Commands"))
        self.resize(460, 320)
        self.actions_ = [a for a in actions if a.text()]
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText(self.tr("Type a command…"))
        self.list = QListWidget(self)
        box = QVBoxLayout(self)
        box.addWidget(self.filter)
        box.addWidget(self.list)
        self.filter.textChanged.connect(self._on_filter_text_changed)
        self.filter.returnPressed.connect(self._on_run_requested)
        self.list.itemActivated.connect(self._on_run_requested)
        self._on_filter_text_changed("")

    @Slot(str)
    def _on_filter_text_changed(self, text: str) -> None:
        self.list.clear()
        for action in self.actions_:
            label = action.text().replace("&", "")
            if text.lower() in label.lower():
                keys = action.shortcut().toString()
                item = QListWidgetItem(f"{label}    {keys}" if keys else label, self.list)
                item.setData(Qt.ItemDataRole.UserRole, self.actions_.index(action))
        if self.list.count():
            self.list.setCurrentRow(0)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.list.keyPressEvent(event)
        else:
            super().keyPressEvent(event)

    @Slot()
    def _on_run_requested(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        action = self.actions_[int(item.data(Qt.ItemDataRole.UserRole))]
        self.accept()
        action.trigger()
