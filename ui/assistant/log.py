"""The assistant dock's *Work log* and *Model calls* tabs: what the assistant did for the
shown task, and every model call it made with its reply.

Both are read in a worker (``app.plan.views.agent_log``) whenever the task shown changes or
the assistant reports on it. The texts keep the dock's translation context
("AssistantDock"), where they were first written.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QSplitter, QTreeWidgetItem, QWidget

from app.plan import views
from ui.assistant import journal_words as words
from ui.assistant.boxes import flat_tree, plain_box
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words import labels
from ui.words.dates import short_when_text

translate = QCoreApplication.translate


class TaskJournal(QObject):
    """The two journal tabs of one task: ``worklog``, and ``calls_page`` (calls, reply)."""

    shown = Signal(int)  # task id whose work log and model calls are on screen

    def __init__(self, ctx: WindowContext, parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id = 0
        self._calls: list[dict[str, Any]] = []
        self._data: dict[str, Any] | None = None
        self.worklog = flat_tree(parent, "worklog", [])
        self.calls_page = QSplitter(Qt.Orientation.Horizontal, parent)  # the reply beside
        self.calls = flat_tree(self.calls_page, "modelCalls", [])
        self.calls.currentItemChanged.connect(self._on_calls_current_item_changed)
        self.reply = plain_box(self.calls_page, "reply", "")
        self.calls_page.addWidget(self.calls)
        self.calls_page.addWidget(self.reply)
        self.retranslate()

    def retranslate(self) -> None:
        """Headers and rows in the language now installed (the dock calls this on a
        language change)."""
        self.worklog.setHeaderLabels([
            translate("AssistantDock", "Time"), translate("AssistantDock", "Who"),
            translate("AssistantDock", "What"), translate("AssistantDock", "Message")])
        self.calls.setHeaderLabels([
            translate("AssistantDock", "Time"), translate("AssistantDock", "Purpose"),
            translate("AssistantDock", "Model"), translate("AssistantDock", "Outcome"),
            translate("AssistantDock", "Time taken")])
        self.reply.setPlaceholderText(
            translate("AssistantDock", "Select a call to read its reply."))
        if self._data is not None:
            self._fill(self._data)

    def show_task(self, task_id: int) -> None:
        """Show the work log and model calls of this task (0: none)."""
        self.task_id = task_id
        self.reload()

    def reload(self) -> None:
        """Read the shown task's journal again (in a worker)."""
        if not self.task_id:
            self._fill(None)
            return
        task_id = self.task_id
        Op(self.ctx.runner, in_thread(views.agent_log, task_id),
           translate("AssistantDock", "Reading the assistant's log")).success(
            lambda data: self._on_log_read(task_id, data)).failure(
            lambda _deleted: self._on_log_read(task_id, None)).run()  # deleted meanwhile

    def _on_log_read(self, task_id: int, data: dict[str, Any] | None) -> None:
        if task_id == self.task_id:
            self._fill(data)
            self.shown.emit(task_id)

    def _fill(self, data: dict[str, Any] | None) -> None:
        self._data = data
        self.worklog.clear()
        self.calls.clear()
        self.reply.clear()
        self._calls = [] if data is None else list(data["model_calls"])
        for entry in [] if data is None else data["worklog"]:
            item = QTreeWidgetItem(self.worklog, [
                short_when_text(entry["at"]), words.who(entry["actor"]),
                words.what(entry["kind"]),
                words.message(entry["kind"], entry["message"], _moment(entry["at"]))])
            item.setToolTip(3, item.text(3))  # a long message is cut off in its column
        for call in self._calls:
            latency = call["latency_ms"]
            QTreeWidgetItem(self.calls, [
                short_when_text(call["at"]), labels.stage_name(call["purpose"]),
                words.model_name(call["provider"], call["model"]), words.outcome(call["outcome"]),
                "" if latency is None else _seconds(latency)])
        for tree in (self.worklog, self.calls):
            for column in range(tree.columnCount() - 1):
                tree.resizeColumnToContents(column)
            tree.scrollToBottom()

    def _on_calls_current_item_changed(self, current: QTreeWidgetItem | None,
                                       _previous: QTreeWidgetItem | None) -> None:
        row = self.calls.indexOfTopLevelItem(current) if current is not None else -1
        if row < 0 or row >= len(self._calls):
            self.reply.clear()
            return
        call = self._calls[row]
        text = call["reply"] or ""
        if call["error"]:
            text = labels.fill(translate("AssistantDock", "Error: %1"), call["error"]) + (
                "\n\n" + text if text else "")
        self.reply.setPlainText(text)


def _seconds(latency_ms: float) -> str:
    """How long a call took: "0.3 s", "12 s"."""
    seconds = latency_ms / 1000
    return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"


def _moment(stamp: str) -> datetime | None:
    """A stored UTC stamp as a moment (None when it is not one)."""
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
