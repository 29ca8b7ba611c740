"""Editing a task: title, detail, priority, times in words, tags, and how it repeats
(a picker of the usual repeats, or the user's own words: "every other Friday", "每月5号";
the rule the store keeps is never shown).

A start or due set as a date (all day, ``app.dates.days``) shows as its day ("Tue 15 Dec")
and stays a date when saved unchanged; one typed without a clock time ("friday") becomes
a date, with one ("friday 3pm") a moment."""

from __future__ import annotations

from datetime import date, datetime
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

from app.dates import days
from app.dates.recurrence_words import find_recurrence
from app.dates.when import DateError, parse_when
from app.errors import KnownError
from app.tasks.store import NewTask, check_new_task, check_rrule
from models import Task
from ui.tasks.edits import as_set
from ui.words.dates import long_when, read_day_text, read_when_text
from ui.words.repeats import CHOICES, choice_of, repeat_words
from ui.words.retexts import told_error


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
        self.times = {role: QLineEdit(_shown(as_set(task, f"{role}_at")), self)
                      for role in ("start", "due", "expires")}
        self.tags = QLineEdit(", ".join(task.tags), self)
        self._build_repeat(task.recurrence)
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
        form.addRow(self.tr("Repeats"), self.repeat)
        form.addRow("", self.recurrence)
        form.addRow("", self.repeat_seen)
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._changes: dict[str, Any] = {}

    def _build_repeat(self, rule: str | None) -> None:
        """The picker, the phrase typed for "in my own words", and what it was read as."""
        self.repeat = QComboBox(self)
        for key, _rule, name in CHOICES:
            self.repeat.addItem(name(), key)
        self.repeat.setCurrentIndex(self.repeat.findData(choice_of(rule)))
        said = repeat_words(rule) if choice_of(rule) == "typed" else ""
        self.recurrence = QLineEdit(said, self)  # the phrase, in the user's words
        self.recurrence.setPlaceholderText(self.tr("e.g. every other Friday, 每月5号"))
        self.repeat_seen = QLabel(self)
        self.repeat.currentIndexChanged.connect(self._on_repeat_changed)
        self.recurrence.textChanged.connect(self._on_repeat_changed)
        self._on_repeat_changed()

    def _on_repeat_changed(self) -> None:
        typed = self.repeat.currentData() == "typed"
        self.recurrence.setVisible(typed)
        text = self.recurrence.text().strip()
        found = find_recurrence(text) if typed and text else None
        self.repeat_seen.setVisible(typed and bool(text))
        self.repeat_seen.setText(
            "→ " + repeat_words(found.rule) if found is not None
            else self.tr("Not a repeat Stepwise knows; try “every Monday” or “每月5号”"))

    def _rule(self) -> str | None:
        """The rule picked or typed (the task's own when its words were left as they are)."""
        key = self.repeat.currentData()
        if key != "typed":
            return next(rule for k, rule, _name in CHOICES if k == key)
        text = self.recurrence.text().strip()
        if not text:
            return None
        if self.task.recurrence and text == repeat_words(self.task.recurrence):
            return str(self.task.recurrence)
        found = find_recurrence(text)
        if found is None:
            raise ValueError(self.tr("“%1” is not a repeat Stepwise knows; try “every "
                                     "Monday”, “every month on the 5th” or “每月5号”")
                             .replace("%1", text))
        return found.rule

    def changes(self) -> dict[str, Any]:
        return self._changes

    def named(self) -> tuple[str, ...]:
        """The times typed with a clock time ("friday 3pm"): appointments, never moved."""
        return tuple(role for role in ("start", "due") if f"{role}_at" in self._changes
                     and _has_clock(self.times[role].text().strip(), role))

    def _on_buttons_accepted(self) -> None:
        try:
            self._changes = self._read()
        except (DateError, KnownError, ValueError) as exc:
            self.message.setText(told_error(exc))
            return
        self.accept()

    def _read(self) -> dict[str, Any]:
        values: dict[str, Any] = {
            "title": self.title.text().strip(), "detail": self.detail.toPlainText(),
            "priority": int(self.priority.currentData()),
            "tags": [t.strip() for t in self.tags.text().replace("，", ",").split(",")
                     if t.strip()],
            "recurrence": self._rule(),
        }
        for role, field in self.times.items():
            text = field.text().strip()
            old = as_set(self.task, f"{role}_at")
            values[f"{role}_at"] = (old if text == _shown(old)
                                    else _read_time(text, role) if text else None)
        check_new_task(NewTask(title=values["title"], priority=values["priority"],
                               start_at=values["start_at"], due_at=values["due_at"],
                               expires_at=values["expires_at"], tags=tuple(values["tags"]),
                               timezone=self.task.timezone))
        if values["recurrence"]:
            where = days.zone(self.task.timezone)
            check_rrule(values["recurrence"], days.moment(values["start_at"], "start", where)
                        or days.moment(values["due_at"], "due", where))
        return {k: v for k, v in values.items() if v != as_set(self.task, k)}


def _shown(value: date | datetime | None) -> str:
    return "" if value is None else long_when(value)


def _has_clock(text: str, role: str) -> bool:
    if not text:
        return False
    if read_when_text(text) is not None:
        return ":" in text  # the dialog's own form: a clock time when it shows one
    try:
        return parse_when(text, role).had_time
    except DateError:
        return False


def _read_time(text: str, role: str) -> date | datetime:
    """A time typed in words, or in the form the dialog shows times in: a date when no
    clock time was given (an expiry is always a moment: it has no all-day form)."""
    shown = read_when_text(text) or read_day_text(text)
    if shown is not None:
        return shown if role != "expires" or isinstance(shown, datetime) \
            else parse_when(shown.isoformat(), role).when
    understood = parse_when(text, role)
    if role == "expires":
        return understood.when
    found = days.as_given(understood.when, understood.had_time)
    assert found is not None  # parse_when always reads a moment
    return found

