"""The sync conflicts of a task (or of every task) side by side, with a choice for each.

Each row names the property, this device's version and the other device's, when each
changed (local time) and which one the store holds now; "Keep mine" and "Take theirs"
settle it through ``app.sync.conflicts.resolve_conflict`` in a worker thread, and the
task's "Needs attention" clears when its last conflict is settled. A choice the rules
refuse now is said in the dialog and the conflict stays.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words import labels
from ui.words.dates import long_when
from ui.words.repeats import repeat_words
from ui.words.retexts import told

if TYPE_CHECKING:  # app.sync reads iCalendar: imported when the dialog opens, not at start
    from app.sync.conflicts import OpenConflict

_ERROR_STYLE = "color: #c0392b;"
_HEADERS = 5  # task, property, mine, theirs, the choice


class ConflictsDialog(QDialog):
    """Both versions of each open conflict, and a choice per property."""

    resolved = Signal(int)  # the task whose conflict was settled

    def __init__(self, ctx: WindowContext, task_id: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.task_id = ctx, task_id
        self.found: list[OpenConflict] = []
        self.buttons: dict[tuple[int, str], QPushButton] = {}
        self._jobs: list[asyncio.Task[Any]] = []  # cancelled when the dialog closes
        self.setObjectName("conflictsDialog")
        self.setWindowTitle(self.tr("Sync conflicts"))
        self.resize(820, 360)
        box = QVBoxLayout(self)
        self.intro = QLabel(self.tr("The same property was changed here and on another "
                                    "device. Choose the version to keep; the next sync "
                                    "sends it to the other devices."), self)
        self.intro.setWordWrap(True)
        box.addWidget(self.intro)
        self.area = QScrollArea(self)
        self.area.setWidgetResizable(True)
        box.addWidget(self.area, 1)
        self.message = QLabel(self)
        self.message.setObjectName("conflictsMessage")
        self.message.setWordWrap(True)
        box.addWidget(self.message)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        box.addWidget(close)
        self.reload()

    def done(self, result: int) -> None:
        """Closing stops what the dialog still waits for (its widgets go with it)."""
        for job in self._jobs:
            job.cancel()
        super().done(result)

    def reload(self) -> None:
        """Read the open conflicts in a worker and show them."""
        from app.sync import conflicts

        self._jobs.append(self.ctx.runner.start(
            in_thread(conflicts.open_conflicts, self.task_id),
            self.tr("Reading the sync conflicts"), done=self._show))

    def _show(self, found: list[OpenConflict]) -> None:
        self.found, self.buttons = found, {}
        page = QWidget(self.area)
        grid = QGridLayout(page)
        grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        heads = (self.tr("Task"), self.tr("Property"), self.tr("Mine (this device)"),
                 self.tr("Theirs (the other device)"), "")
        for column, text in enumerate(heads):
            grid.addWidget(_bold(text, page), 0, column)
        for row, one in enumerate(found, start=1):
            self._add_row(grid, row, one, page)
        if not found:
            grid.addWidget(QLabel(self.tr("No sync conflicts are waiting."), page), 1, 0, 1,
                           _HEADERS)
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(3, 1)
        self.area.setWidget(page)

    def _add_row(self, grid: QGridLayout, row: int, one: OpenConflict, page: QWidget) -> None:
        c = one.conflict
        where = one.task_title if one.step_title is None else f"{one.task_title} / {one.step_title}"
        grid.addWidget(_wrapped(where, page), row, 0)
        grid.addWidget(QLabel(self.property_label(c.prop), page), row, 1)
        ours, theirs_value = (_status_name(c.ours, c.step), _status_name(c.theirs, c.step)) \
            if c.prop == "status" else (c.ours, c.theirs)
        grid.addWidget(self._version(c.prop, ours, c.ours_at, c.kept == "mine", page), row, 2)
        theirs = self._version(c.prop, theirs_value, c.theirs_at, c.kept == "theirs", page)
        if c.reason:
            theirs.setText(theirs.text() + "\n"
                           + labels.fill(self.tr("Refused here: %1"), told(c.reason)))
        grid.addWidget(theirs, row, 3)
        choice = QWidget(page)
        buttons = QVBoxLayout(choice)
        buttons.setContentsMargins(0, 0, 0, 0)
        for key, text in (("mine", self.tr("Keep mine")), ("theirs", self.tr("Take theirs"))):
            button = QPushButton(text, choice)
            button.setObjectName(f"conflict{one.id}_{key}")
            button.clicked.connect(lambda _=False, o=one, k=key: self.choose(o, k))
            buttons.addWidget(button)
            self.buttons[(one.id, key)] = button
        grid.addWidget(choice, row, 4)

    def _version(self, prop: str, value: object, at: datetime | None, kept: bool,
                 page: QWidget) -> QLabel:
        """One version: its value in words (a time local, a date alone, a repeat as
        words), when it changed, and whether it is kept."""
        from app.sync import conflicts

        when = self.tr("unknown") if at is None else long_when(at)
        shown = long_when(value) if isinstance(value, date) else \
            self.tr("(none)") if value in (None, "", ()) else \
            repeat_words(str(value)) if prop == "recurrence" else conflicts.value_text(value)
        lines = [shown, labels.fill(self.tr("changed %1"), when)]
        if kept:
            lines.append(self.tr("(kept now)"))
        return _wrapped("\n".join(lines), page)

    def property_label(self, prop: str) -> str:
        """A property's name in the interface language."""
        names = {
            "title": self.tr("Title"), "detail": self.tr("Details"),
            "priority": self.tr("Priority"), "tags": self.tr("Tags"),
            "start_at": self.tr("Start"), "due_at": self.tr("Due"), "due": self.tr("Due"),
            "recurrence": self.tr("Repeats"), "status": self.tr("Status"),
            "parent": self.tr("Parent step"), "depends_on": self.tr("Depends on"),
            "steps": self.tr("Steps added or deleted"),
        }
        return names.get(prop, prop)

    def choose(self, one: OpenConflict, choice: str) -> None:
        """Settle ``one`` with ``choice`` (``mine`` or ``theirs``) in a worker."""
        for button in self.buttons.values():
            button.setEnabled(False)
        self.message.setText("")
        from app.sync import conflicts

        self._jobs.append(Op(self.ctx.runner, in_thread(
            conflicts.resolve_conflict, one.task_id, one.id, choice),
            self.tr("Settling a sync conflict")).success(
            lambda _settled: self._on_settled(one.task_id, "")).failure(
            lambda error: self._on_settled(one.task_id, error)).run())

    def _on_settled(self, task_id: int, error: str) -> None:
        if error:
            self.message.setStyleSheet(_ERROR_STYLE)
            self.message.setText(labels.fill(self.tr("Not settled: %1"), error))
        else:
            self.message.setStyleSheet("")
            self.message.setText(self.tr("Settled; the next sync sends it to the other devices."))
            self.resolved.emit(task_id)
        self.reload()


def _status_name(status: object, step: str | None) -> str:
    """A task's or step's state in the interface language."""
    name = labels.task_status if step is None else labels.step_status
    return name(str(status)) if status else ""


def _bold(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _wrapped(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def open_conflicts(ctx: WindowContext, task_id: int | None, reload: Callable[[], None],
                   parent: QWidget) -> None:
    """The sync conflicts of one task (None: every task); ``reload`` after each choice."""
    dialog = ConflictsDialog(ctx, task_id, parent)
    dialog.resolved.connect(lambda _task: reload())
    dialog.exec()
