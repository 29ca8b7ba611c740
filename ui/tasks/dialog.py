"""Editing a task: title, detail, priority, times in words, tags, repetition."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from app.dates.when import DateError, parse_when
from app.errors import KnownError
from app.tasks.store import NewTask, check_new_task, check_rrule
from models import Task
from ui.words.retexts import told


class TaskDialog(QDialog):
    """Shows a task's fields; ``changes()`` gives what was edited, already checked."""

    def __init__(self, task: Task, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit task"))
        self.task = task
        self.title = QLineEdit(task.title, self)
        self.detail = QPlainTextEdit(task.detail, self)
        self.detail.setTabChangesFocus(True)
        self.priority = QComboBox(self)
        for value, label in ((1, self.tr("1 — highest")), (2, self.tr("2 — high")),
                             (3, self.tr("3 — normal")), (4, self.tr("4 — low"))):
            self.priority.addItem(label, value)
        self.priority.setCurrentIndex(task.priority - 1)
        self.times = {role: QLineEdit(_shown(getattr(task, f"{role}_at")), self)
                      for role in ("start", "due", "expires")}
        self.tags = QLineEdit(", ".join(task.tags), self)
        self.recurrence = QLineEdit(task.recurrence or "", self)
        self.recurrence.setPlaceholderText("FREQ=WEEKLY;BYDAY=FR")
        self.message = QLabel(self)
        self.message.setStyleSheet("color: #c0392b;")
        self.message.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Detail"), self.detail)
        form.addRow(self.tr("Priority"), self.priority)
        form.addRow(self.tr("Start (not before)"), self.times["start"])
        form.addRow(self.tr("Due"), self.times["due"])
        form.addRow(self.tr("Expires (too late after)"), self.times["expires"])
        form.addRow(self.tr("Tags (comma separated)"), self.tags)
        form.addRow(self.tr("Repeats (RRULE)"), self.recurrence)
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._changes: dict[str, Any] = {}

    def changes(self) -> dict[str, Any]:
        return self._changes

    def _on_buttons_accepted(self) -> None:
        try:
            self._changes = self._read()
        except (DateError, KnownError, ValueError) as exc:
            self.message.setText(told(str(exc)))
            return
        self.accept()

    def _read(self) -> dict[str, Any]:
        values: dict[str, Any] = {
            "title": self.title.text().strip(), "detail": self.detail.toPlainText(),
            "priority": int(self.priority.currentData()),
            "tags": [t.strip() for t in self.tags.text().replace("，", ",").split(",")
                     if t.strip()],
            "recurrence": self.recurrence.text().strip() or None,
        }
        for role, field in self.times.items():
            text = field.text().strip()
            old = getattr(self.task, f"{role}_at")
            values[f"{role}_at"] = (old if text == _shown(old)
                                    else parse_when(text, role).when if text else None)
        check_new_task(NewTask(title=values["title"], priority=values["priority"],
                               start_at=values["start_at"], due_at=values["due_at"],
                               expires_at=values["expires_at"], tags=tuple(values["tags"])))
        if values["recurrence"]:
            check_rrule(values["recurrence"], values["start_at"] or values["due_at"])
        return {k: v for k, v in values.items() if v != _current(self.task, k)}


def _shown(value: datetime | None) -> str:
    return "" if value is None else value.astimezone().strftime("%Y-%m-%d %H:%M")


def _current(task: Task, name: str) -> Any:
    value = getattr(task, name)
    return list(value) if name == "tags" else value
