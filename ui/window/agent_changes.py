"""What other AI agents changed (``stepwise mcp``), listed with an Undo for each.

The dock lists ``app.mcp.changes.recent`` newest first: the agent, what it did, the task
and when, an undone change greyed. Undo runs ``changes.undo`` in a worker; a refusal (a
later change first, the person's own later edit kept) is said in the dock and nothing
changes. The list is read again when the store changes, here or in another process (the
bridge's ``external_change``: ``stepwise mcp`` is one). A change that arrives while the
window is open is told calmly: the status line names it, and while the dock is out of
sight its title counts the changes not seen yet ("Agent changes (2)").

The agent's name and its summaries are data: shown as plain text, never as rich text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.errors import KnownError
from app.events import Changes, Kind
from app.mcp.changes import ChangeView
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread, started_by
from ui.words import labels
from ui.words.dates import short_when
from ui.words.retexts import Retexts, told

translate = QCoreApplication.translate

RELOAD_DELAY_MS = 150  # changes in a burst (an agent adding ten tasks) read once
SHOWN = 50  # the newest changes the dock lists
TIP_CHARS, TIP_WIDTH = 60, 420  # a tooltip longer than this many characters wraps (px)
AGENT_WIDTH = 160  # the agent's column at first: "Claude Desktop", "Cursor", "coder"
_ERROR_STYLE = "color: #c0392b;"
# the notices after which a title or what undoes may differ (not a step's or the assistant's)
_READ_AGAIN = frozenset({Kind.TASK_ADDED, Kind.TASK_CHANGED, Kind.TASK_DELETED,
                         Kind.TASKS_SYNCED, Kind.DATABASE_REPLACED})
# the core's refusals of an undo (``app.mcp.changes.undo``), in the interface language
_REFUSED: tuple[tuple[re.Pattern[str], Callable[[], str]], ...] = (
    (re.compile(r"^agent change \d+ was undone already$"),
     lambda: translate("AgentChangesDock", "it was undone already.")),
    (re.compile(r"^the task of agent change \d+ is gone$"),
     lambda: translate("AgentChangesDock", "its task is gone.")),
    (re.compile(r"^a later change by an agent to this task must be undone first$"),
     lambda: translate("AgentChangesDock",
                       "an agent changed this task again later; undo that change first.")),
    (re.compile(r"^task \d+ was changed since (?P<client>.+) changed it; "
                r"your later edit is kept$"),
     lambda: translate("AgentChangesDock",
                       "you changed this task after %1 did, and your later edit is kept.")),
    (re.compile(r"^there is no agent change \d+$"),
     lambda: translate("AgentChangesDock", "it is no longer in the store.")),
)


async def _undo(change_id: int) -> str:
    """Undo one change in a worker; returns "" or the reason it was refused (English)."""
    from app.mcp import changes

    try:
        await in_thread(changes.undo, change_id)
    except KnownError as exc:
        return str(exc)
    return ""


def _recent() -> list[ChangeView]:
    from app.mcp import changes

    return changes.recent(SHOWN)


def refusal_text(reason: str) -> str:
    """Why an undo was refused, in the interface language."""
    for pattern, make in _REFUSED:
        found = pattern.match(reason)
        if found is not None:
            return labels.fill(make(), found.groupdict().get("client", ""))
    return told(reason)


def one_line(text: str) -> str:
    """An agent's text on one line (a summary may hold line breaks)."""
    return " ".join(text.split())


class AgentChangesDock(QDockWidget):
    """The agents' changes, newest first, with Undo for the selected one."""

    task_chosen = Signal(int)  # a row was activated: show its task
    arrived = Signal(list)  # the ChangeViews new since the last read (the window tells)

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentChangesDock")
        self.ctx = ctx
        self.texts = Retexts()
        self.found: list[ChangeView] = []
        self.unseen = 0  # changes that arrived while the dock was out of sight
        self._newest: int | None = None  # the newest id read (None: not read yet)
        self._told_about, self._refusal = 0, ""  # the change the message speaks of, why
        self.list = QTreeWidget(self)
        self.list.setObjectName("agentChanges")
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setColumnCount(4)
        self.empty = QLabel(self)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.message = QLabel(self)
        self.message.setObjectName("agentChangesMessage")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.undo_button = QPushButton(self)
        self.undo_button.setObjectName("undoAgentChange")
        self.show_button = QPushButton(self)
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self.reload)
        self._set_texts()
        self.setWidget(self._build())
        self._connect()
        self._update_buttons()
        self.reload()

    def _set_texts(self) -> None:
        add = self.texts.add
        self._set_title()
        add(self.list.setAccessibleName, lambda: self.tr("Changes made by other AI agents"))
        add(self.empty.setText, lambda: self.tr(
            "No agent has changed anything yet. What other AI agents change through "
            "“stepwise mcp” is listed here, each change with an Undo."))
        add(self.undo_button.setText, lambda: self.tr("Undo"))
        add(self.undo_button.setToolTip, lambda: self.tr(
            "Put the task back as it was before this change (only an agent's newest "
            "change to a task undoes)"))
        add(self.show_button.setText, lambda: self.tr("Show task"))
        self.texts.add_labels(self.list.setHeaderLabels, lambda: [
            self.tr("Agent"), self.tr("Change"), self.tr("Task"), self.tr("When")])

    def _build(self) -> QWidget:
        row = QHBoxLayout()
        row.addWidget(self.undo_button)
        row.addWidget(self.show_button)
        row.addWidget(self.message, 1)
        body = QWidget(self)
        box = QVBoxLayout(body)
        box.setContentsMargins(6, 4, 6, 4)
        box.addWidget(self.empty, 1)  # in the list's place while there is none
        box.addWidget(self.list, 1)
        box.addLayout(row)
        self.list.setMinimumHeight(40)
        self.list.setAlternatingRowColors(True)
        header = self.list.header()
        header.setStretchLastSection(False)
        modes = QHeaderView.ResizeMode
        for column, mode in enumerate((modes.Interactive, modes.Stretch, modes.Stretch,
                                       modes.ResizeToContents)):  # agent, change, task, when
            header.setSectionResizeMode(column, mode)
        self.list.setColumnWidth(0, AGENT_WIDTH)  # a long name is elided, whole in its tip
        return body

    def _connect(self) -> None:
        self.ctx.bridge.changed.connect(self._on_bridge_changed)
        self.ctx.bridge.external_change.connect(self._reload_timer.start)
        self.list.currentItemChanged.connect(self._on_list_current_item_changed)
        self.list.itemActivated.connect(lambda *_: self._on_show_button_clicked())
        self.undo_button.clicked.connect(self._on_undo_button_clicked)
        self.show_button.clicked.connect(self._on_show_button_clicked)
        self.visibilityChanged.connect(self._on_visibility_changed)

    @Slot(object)
    def _on_bridge_changed(self, changes: Changes) -> None:
        """A task changed here: its title or the undoable changes may differ."""
        if changes.kinds & _READ_AGAIN and not started_by(self, changes.initiator):
            self._reload_timer.start()

    def reload(self) -> None:
        """Read the newest changes in a worker and show them."""
        self._reload_timer.stop()
        self.ctx.runner.start(in_thread(_recent), self.tr("Reading the agents' changes"),
                              self._on_read)

    def _on_read(self, found: list[ChangeView]) -> None:
        if not isValid(self.list):  # the window closed while the read ran
            return
        new = [c for c in found if self._newest is not None and c.id > self._newest]
        if found:
            self._newest = max(self._newest or 0, found[0].id)
        elif self._newest is None:
            self._newest = 0
        self.show_changes(found)
        if new:
            if not self.in_sight():
                self.unseen += len(new)
                self._set_title()
            self.arrived.emit(new)

    def show_changes(self, found: list[ChangeView]) -> None:
        """Fill the list, keeping the selected change selected."""
        current = self.current()
        chosen = current.id if current is not None else None
        self.found = found
        with QSignalBlocker(self.list):  # the same change chosen again is no new choice
            self.list.clear()
            items = [self._item(change) for change in found]
            kept = [i for i, change in zip(items, found, strict=True) if change.id == chosen]
            if kept or items:
                self.list.setCurrentItem((kept or items)[0])  # else the newest
        now = self.current()
        if now is None or now.id != self._told_about:
            self._refusal = ""
            self._tell_refusal()
        self.empty.setVisible(not found)
        self.list.setVisible(bool(found))
        self._update_buttons()

    def _item(self, change: ChangeView) -> QTreeWidgetItem:
        """One row: the agent, the change (greyed and "undone" once undone), the task
        (its title now, or that it is gone) and when. Plain text: never rich text."""
        when = short_when(change.at)
        if change.undone_at is not None:  # here, not after the summary: never elided
            when = labels.fill(self.tr("%1, undone %2"), when, short_when(change.undone_at))
        schedule = change.task_id is None  # a saved schedule: no one task
        title = (self.tr("(the schedule)") if schedule
                 else one_line(change.task_title) if change.task_title is not None
                 else self.tr("(task deleted)"))
        item = QTreeWidgetItem(self.list, [one_line(change.client), one_line(change.summary),
                                           title, when])
        item.setData(0, Qt.ItemDataRole.UserRole, change.id)
        for column in range(4):
            item.setToolTip(column, _plain_tip(item.text(column)))
        if change.undone_at is not None or (change.task_title is None and not schedule):
            grey = QBrush(self.palette().color(QPalette.ColorGroup.Disabled,
                                               QPalette.ColorRole.Text))
            for column in range(4):
                item.setForeground(column, grey)
        if change.task_title is None:  # no task title: the schedule, or a task gone
            font = QFont(item.font(2))
            font.setItalic(True)
            item.setFont(2, font)
        return item

    def current(self) -> ChangeView | None:
        """The selected change."""
        item = self.list.currentItem()
        if item is None:
            return None
        chosen = int(item.data(0, Qt.ItemDataRole.UserRole))
        return next((c for c in self.found if c.id == chosen), None)

    @Slot()
    def _on_list_current_item_changed(self) -> None:
        """Another change chosen: the refusal said of the last one goes."""
        change = self.current()
        if change is None or change.id != self._told_about:
            self._refusal = ""
            self._tell_refusal()
        self._update_buttons()

    def _update_buttons(self) -> None:
        change = self.current()
        self.undo_button.setEnabled(change is not None and change.undoable)
        self.show_button.setEnabled(change is not None and change.task_title is not None)

    def _on_show_button_clicked(self) -> None:
        change = self.current()
        if change is not None and change.task_id is not None and change.task_title is not None:
            self.task_chosen.emit(change.task_id)

    def _on_undo_button_clicked(self) -> None:
        change = self.current()
        if change is None or not change.undoable:
            return
        self.undo_button.setEnabled(False)
        self.message.setText("")
        Op(self.ctx.runner, _undo(change.id), self.tr("Undoing an agent's change")).success(
            lambda reason: self._on_undone(change, reason)).run(self)

    def _on_undone(self, change: ChangeView, reason: str) -> None:
        if not isValid(self.list):
            return
        self._told_about, self._refusal = change.id, reason
        self._tell_refusal()
        if not reason:
            self.ctx.status.info.emit(labels.fill(
                self.tr("Undone: %1 (by %2)"), one_line(change.summary),
                one_line(change.client)))
        self.reload()

    def _tell_refusal(self) -> None:
        """The last refusal, in the interface language (none: the message is empty)."""
        self.message.setStyleSheet(_ERROR_STYLE if self._refusal else "")
        self.message.setText(labels.fill(self.tr("Not undone: %1"), refusal_text(
            self._refusal)) if self._refusal else "")

    def in_sight(self) -> bool:
        """Whether the person can see the list now (not behind another dock's tab,
        closed, or in a window that is hidden)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    @Slot(bool)
    def _on_visibility_changed(self, visible: bool) -> None:
        if visible and self.unseen:
            self.unseen = 0
            self._set_title()

    def _set_title(self) -> None:
        title = self.tr("Agent changes")
        if self.unseen:
            title = labels.fill(self.tr("%1 (%2)"), title, self.unseen)
        self.setWindowTitle(title)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if not hasattr(self, "texts"):
            return
        if event.type() == QEvent.Type.LanguageChange:
            self.texts.apply()
            self._set_title()
            self._tell_refusal()
            self.show_changes(self.found)  # dates and "undone" in the new language
        elif event.type() == QEvent.Type.PaletteChange:
            self.show_changes(self.found)  # the grey of the new theme


def _plain_tip(text: str) -> str:
    """A tooltip that shows ``text`` as it is (Qt would take "<b>…" for rich text): on
    one line, or a long one wrapped at TIP_WIDTH (a wrapped rich tooltip is narrow)."""
    if len(text) <= TIP_CHARS:
        return f"<p style='white-space:pre'>{html.escape(text)}</p>"
    return f"<table width={TIP_WIDTH}><tr><td>{html.escape(text)}</td></tr></table>"


def arrival_text(new: list[ChangeView]) -> str:
    """The status line's note of changes that just arrived: "Claude Desktop: added 'Buy
    milk'", the newest and how many more."""
    newest = new[0]
    said = labels.fill(translate("AgentChangesDock", "%1: %2"), one_line(newest.client),
                       one_line(newest.summary))
    if len(new) == 1:
        return said
    return labels.fill(translate("AgentChangesDock", "%1 (and %2 more)"), said, len(new) - 1)
