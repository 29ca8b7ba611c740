"""The quick-add bar: a title, an optional time in plain words, and what it was read as.

The time is parsed as you type ("tomorrow 3pm", "下周五", "in 2 hours") and shown
before you save; a phrase that cannot be read is named in red and nothing is saved.
"""

from __future__ import annotations

from PySide6.QtCore import QDate, QDateTime, QLocale, QTime, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from app.dates import DateError, local_zone, parse_when
from app.tasks import NewTask, add_task
from ui.context import WindowContext
from ui.runner import in_thread


class QuickAddBar(QWidget):
    task_added = Signal(int)

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.title = QLineEdit(self)
        self.title.setPlaceholderText(self.tr("Add a task — e.g. Renew passport"))
        self.title.setAccessibleName(self.tr("New task title"))
        self.when = QLineEdit(self)
        self.when.setPlaceholderText(self.tr("due — e.g. next friday, 明天下午三点"))
        self.when.setAccessibleName(self.tr("Due time in words"))
        self.when.setMaximumWidth(260)
        self.preview = QLabel(self)
        self.preview.setMinimumWidth(180)
        self.add_button = QPushButton(self.tr("Add"), self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.title, 3)
        layout.addWidget(self.when, 2)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.add_button)
        self.when.textChanged.connect(self._on_when_text_changed)
        self.title.returnPressed.connect(self._on_add_requested)
        self.when.returnPressed.connect(self._on_add_requested)
        self.add_button.clicked.connect(self._on_add_requested)

    def focus_title(self) -> None:
        self.title.setFocus()
        self.title.selectAll()

    @Slot(str)
    def _on_when_text_changed(self, text: str) -> None:
        if not text.strip():
            self.preview.clear()
            return
        try:
            understood = parse_when(text, "due")
        except DateError:
            self._show_error(self.tr("not a time I can read"))
            return
        self.preview.setStyleSheet("")
        when = understood.when
        moment = QDateTime(QDate(when.year, when.month, when.day), QTime(when.hour, when.minute))
        self.preview.setText("→ " + QLocale().toString(moment, "ddd yyyy-MM-dd HH:mm"))

    def _show_error(self, text: str) -> None:
        self.preview.setStyleSheet("color: #c0392b;")
        self.preview.setText(text)

    @Slot()
    def _on_add_requested(self) -> None:
        title = self.title.text().strip()
        if not title:
            self._show_error(self.tr("a task needs a title"))
            self.title.setFocus()
            return
        due = None
        if self.when.text().strip():
            try:
                due = parse_when(self.when.text(), "due").when
            except DateError as exc:
                self._show_error(self.tr("not a time I can read"))
                self.ctx.status.error.emit(str(exc))
                return
        zone = getattr(local_zone(), "key", None)
        new = NewTask(title=title, due_at=due, timezone=zone)
        self.ctx.runner.start(in_thread(lambda: add_task(new).id), self.tr("Adding a task"),
                              self._on_saved)

    def _on_saved(self, task_id: int) -> None:
        self.title.clear()
        self.when.clear()
        self.preview.clear()
        self.task_added.emit(task_id)
        self.ctx.status.info.emit(self.tr("Task added"))
