"""The quick-add bar: one typed line, an optional due phrase, and a live preview under them.

The line is read with the quick-add grammar (app.tasks.quickadd: ``#tag``, ``!1``–``!4``,
``@Name``, "every friday" / "每周五", dates anywhere) on every keystroke, and the preview
shows everything understood before Enter. Our own rules are fast enough for that; a due
phrase only dateparser can read is parsed in a worker after a short pause, never on the
GUI thread, and a phrase nobody can read is named in red and nothing is saved. A due
without a clock time ("friday") is previewed and saved as its date alone (all day).
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.dates import days
from app.dates.when import DateError, Understood, local_zone, parse_when
from app.tasks.quickadd import new_task, seen_in
from app.tasks.store import add_task
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words.dates import long_when
from ui.words.repeats import repeat_words
from ui.words.retexts import Retexts, told

SLOW_PARSE_DELAY_MS = 250


def _slow_parse(text: str) -> Understood | None:
    try:
        return parse_when(text, "due")
    except DateError:
        return None


def _add(typed: str, when: str) -> int | str:
    """Save the task (in a worker); its id, or why the due phrase could not be read."""
    try:
        new = new_task(typed, when, datetime.now(local_zone()))
    except DateError as exc:
        return str(exc)
    return int(add_task(new).id)


def due_text(when: date | datetime) -> str:
    """"due Fri 3 Dec 2027 17:00" / "截止 2027年12月3日 周五 17:00"; a date alone for
    a due without a clock time ("due Fri 3 Dec")."""
    return QCoreApplication.translate("QuickAddBar", "due %1").replace("%1", long_when(when))


def preview(typed: str, when: str, now: datetime) -> str | None:
    """The one-line preview of what was understood, in the interface language, or None
    when the due phrase needs the slow reader (dateparser) or cannot be read."""
    seen = seen_in(typed, when, now)
    if seen is None:
        return None
    parts = [seen.title] if seen.title is not None else []
    if seen.due is not None:
        parts.append(due_text(seen.due))
    for label, value in seen.others:
        parts.append(QCoreApplication.translate("QuickAddBar", "repeats %1")
                     .replace("%1", repeat_words(value)) if label == "repeats" else value)
    return "→ " + " · ".join(parts)


class QuickAddBar(QWidget):
    task_added = Signal(int)

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        # The view that shows an added task from ``task_added`` (the initiator of the add:
        # it reloads there and skips the store's notices of the same add).
        self.shown_by: QObject | None = None
        self.title = QLineEdit(self)
        self.when = QLineEdit(self)
        self.when.setMaximumWidth(260)
        self.preview = QLabel(self)
        self.add_button = QPushButton(self)
        self._texts()
        self._slow = QTimer(self)
        self._slow.setSingleShot(True)
        self._slow.setInterval(SLOW_PARSE_DELAY_MS)
        self._layout()
        self.title.textChanged.connect(self._on_text_changed)
        self.when.textChanged.connect(self._on_text_changed)
        self._slow.timeout.connect(self._on_slow_timeout)
        self.title.returnPressed.connect(self._on_add_requested)
        self.when.returnPressed.connect(self._on_add_requested)
        self.add_button.clicked.connect(self._on_add_requested)

    def _texts(self) -> None:
        self.retexts = Retexts()
        add = self.retexts.add
        add(self.title.setPlaceholderText,
            lambda: self.tr("Add a task — e.g. Pay rent on the 5th of every month #home !2"))
        add(self.title.setAccessibleName, lambda: self.tr("New task title"))
        add(self.when.setPlaceholderText, lambda: self.tr("due — e.g. next friday, 明天下午三点"))
        add(self.when.setAccessibleName, lambda: self.tr("Due time in words"))
        add(self.preview.setAccessibleName, lambda: self.tr("What the new task was read as"))
        add(self.add_button.setText, lambda: self.tr("Add"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """A language switch re-makes every text, the preview too."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "retexts"):
            self.retexts.apply()
            self._on_text_changed("")

    def _layout(self) -> None:
        row = QHBoxLayout()
        row.addWidget(self.title, 3)
        row.addWidget(self.when, 2)
        row.addWidget(self.add_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 4, 6, 2)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.preview)

    def focus_title(self) -> None:
        self.title.setFocus()
        self.title.selectAll()

    @Slot(str)
    def _on_text_changed(self, _text: str) -> None:
        self._slow.stop()
        typed, when = self.title.text(), self.when.text()
        if not typed.strip() and not when.strip():
            self.preview.clear()
            return
        shown = preview(typed, when, datetime.now(local_zone()))
        if shown is None:  # only the slow reader may know this phrase: ask it after a pause
            self._show("…", error=False)
            self._slow.start()
            return
        self._show(shown, error=False)

    @Slot()
    def _on_slow_timeout(self) -> None:
        phrase = self.when.text()
        self.ctx.runner.start(in_thread(_slow_parse, phrase), self.tr("Reading the due time"),
                              lambda found: self._on_slow_parsed(phrase, found))

    def _on_slow_parsed(self, phrase: str, found: Understood | None) -> None:
        if phrase != self.when.text():
            return  # typed on since: that text has its own parse
        if found is None:
            self._show(self.tr("not a time I can read"), error=True)
            return
        base = preview(self.title.text(), "", datetime.now(local_zone())) or "→"
        due = days.as_given(found.when, found.had_time)
        self._show(f"{base} · {due_text(due or found.when)}", error=False)

    def _show(self, text: str, *, error: bool) -> None:
        self.preview.setStyleSheet("color: #c0392b;" if error else "")
        self.preview.setText(text)

    @Slot()
    def _on_add_requested(self) -> None:
        typed = self.title.text().strip()
        if not typed:
            self._show(self.tr("a task needs a title"), error=True)
            self.title.setFocus()
            return
        Op(self.ctx.runner, in_thread(_add, typed, self.when.text()), self.tr("Adding a task")
           ).success(self._on_saved).run(initiator=self.shown_by)

    def _on_saved(self, outcome: int | str) -> None:
        if isinstance(outcome, str):
            self._show(self.tr("not a time I can read"), error=True)
            self.ctx.status.error.emit(told(outcome))
            return
        self.title.clear()
        self.when.clear()
        self.preview.clear()
        self.task_added.emit(outcome)
        self.ctx.status.info.emit(self.tr("Task added"))
