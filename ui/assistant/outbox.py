"""The assistant dock's *Outbox* tab: messages that steps want to send, each shown with
its exact text, approved (and sent) or rejected here.

The list is read in a worker (``app.agent.outbox.entries``, with the titles of the tasks
and steps the messages belong to) and each decision is taken in one
(``app.agent.outbox.decide``). The texts keep the dock's translation context
("AssistantDock"), where they were first written.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.agent import outbox
from app.agent.outbox import Entry, Transport
from models import Plan, Step, Task
from ui.assistant.boxes import MIN_HEIGHT, plain_box
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words import labels

translate = QCoreApplication.translate


def read_pending() -> tuple[list[Entry], dict[int, str], dict[tuple[int, str], str]]:
    """In a worker: the messages awaiting approval, with the titles of their tasks and
    steps (the tab names them, never by number or step id)."""
    messages = outbox.entries("pending")
    task_ids = {m.task_id for m in messages}
    tasks: Any = Task.select(Task.id, Task.title).where(Task.id.in_(task_ids)).tuples()
    steps: Any = (Step.select(Plan.task, Step.step_id, Step.title).join(Plan)
                  .where(Plan.task.in_(task_ids)).order_by(Plan.revision).tuples())
    return (messages, {task_id: str(title) for task_id, title in tasks},
            {(task_id, str(step_id)): str(title) for task_id, step_id, title in steps})


def preview(text: str, length: int = 80) -> str:
    """A message on one line, shortened: the list shows this, the box below the whole."""
    line = " ".join(text.split())
    return line if len(line) <= length else line[:length - 1] + "…"


class OutboxTab(QWidget):
    """The messages awaiting approval, the selected one in full, approve and reject."""

    read = Signal(int)  # the list was read again: how many messages await approval
    decided = Signal()  # a decision was saved (or refused): the journal has a new line

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.transport: Transport | None = None  # None: the system mail client
        self.messages: list[Entry] = []
        self._tasks: dict[int, str] = {}  # task id → title, of the messages shown
        self._steps: dict[tuple[int, str], str] = {}  # (task id, step id) → title
        splitter = QSplitter(Qt.Orientation.Horizontal, self)  # side by side: a low dock fits
        self.outbox_list = QListWidget(splitter)
        self.outbox_list.setObjectName("outboxList")
        self.outbox_list.setMinimumHeight(MIN_HEIGHT)
        self.outbox_list.currentRowChanged.connect(self._on_outbox_list_current_row_changed)
        splitter.addWidget(self.outbox_list)
        splitter.addWidget(self._build_message(splitter))
        splitter.setSizes([200, 400])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(self._build_buttons())
        self.outbox_note = QLabel(self)
        self.outbox_note.setObjectName("outboxNote")
        self.outbox_note.setTextFormat(Qt.TextFormat.PlainText)
        self.outbox_note.setWordWrap(True)
        layout.addWidget(self.outbox_note)
        self._set_texts()

    def _set_texts(self) -> None:
        self.approve_button.setText(translate("AssistantDock", "Approve and send"))
        self.reject_button.setText(translate("AssistantDock", "Reject"))
        self.message_text.setPlaceholderText(translate("AssistantDock",
                                                       "No message awaits your approval."))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """A language switch: the buttons, the list and the shown message say it again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "outbox_note"):
            self._set_texts()
            self._show(self.messages, self.selected_message())

    def _build_buttons(self) -> QHBoxLayout:
        self.approve_button = QPushButton(self)
        self.approve_button.setObjectName("approveButton")
        self.approve_button.clicked.connect(lambda: self._on_decision_clicked(True))
        self.reject_button = QPushButton(self)
        self.reject_button.setObjectName("rejectButton")
        self.reject_button.clicked.connect(lambda: self._on_decision_clicked(False))
        row = QHBoxLayout()
        row.addWidget(self.approve_button)
        row.addWidget(self.reject_button)
        row.addStretch(1)
        return row

    def _build_message(self, parent: QWidget) -> QWidget:
        """The selected message: to whom, and its exact text."""
        message = QWidget(parent)
        self.recipient = QLabel(message)
        self.recipient.setObjectName("recipient")
        self.recipient.setTextFormat(Qt.TextFormat.PlainText)
        self.recipient.setWordWrap(True)  # a long task title wraps, never widens the window
        self.message_text = plain_box(message, "messageText", "")
        layout = QVBoxLayout(message)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.recipient)
        layout.addWidget(self.message_text, 1)
        return message

    def reload(self) -> None:
        """Read the messages awaiting approval again (in a worker)."""
        self.ctx.runner.start(in_thread(read_pending),
                              translate("AssistantDock", "Reading the outbox"),
                              done=self._on_outbox_read)

    def _on_outbox_read(self, read: tuple[list[Entry], dict[int, str],
                                          dict[tuple[int, str], str]]) -> None:
        messages, self._tasks, self._steps = read
        self._show(messages, self.selected_message())
        self.read.emit(len(messages))

    def _show(self, messages: list[Entry], current: Entry | None) -> None:
        """List ``messages``, keeping ``current`` selected when it is still there."""
        self.messages = messages
        self.outbox_list.blockSignals(True)
        self.outbox_list.clear()
        for entry in messages:
            self.outbox_list.addItem(labels.fill(
                translate("AssistantDock", "To %1 for “%2”: %3"), entry.to,
                self._tasks.get(entry.task_id, ""), preview(entry.text)))
        self.outbox_list.blockSignals(False)
        ids = [m.id for m in messages]
        row = ids.index(current.id) if current is not None and current.id in ids else 0
        self.outbox_list.setCurrentRow(row if messages else -1)
        self._on_outbox_list_current_row_changed(self.outbox_list.currentRow())

    def selected_message(self) -> Entry | None:
        """The message shown in full, if any."""
        row = self.outbox_list.currentRow()
        return self.messages[row] if 0 <= row < len(self.messages) else None

    def _on_outbox_list_current_row_changed(self, _row: int) -> None:
        entry = self.selected_message()
        if entry is None:
            self.recipient.setText("")
            self.message_text.clear()
        else:
            step = self._steps.get((entry.task_id, entry.step_id or ""), "—")
            self.recipient.setText(labels.fill(
                translate("AssistantDock", "To: %1 <%2> · for “%3”, step “%4”"),
                entry.to, entry.address, self._tasks.get(entry.task_id, ""), step) + "\n"
                + labels.fill(translate("AssistantDock", "Subject: %1"), entry.subject))
            self.message_text.setPlainText(entry.text)  # exactly what would be sent
        self.approve_button.setEnabled(entry is not None)
        self.reject_button.setEnabled(entry is not None)

    def _on_decision_clicked(self, approve: bool) -> None:
        entry = self.selected_message()
        if entry is None:
            return
        self.approve_button.setEnabled(False)
        self.reject_button.setEnabled(False)
        what = (translate("AssistantDock", "Sending a message") if approve
                else translate("AssistantDock", "Rejecting a message"))
        Op(self.ctx.runner, in_thread(outbox.decide, entry.id, approve, self.transport), what
           ).success(lambda decided: self._on_decision_made(decided.status, "")
                     ).failure(lambda error: self._on_decision_made("", error)).run()

    def _on_decision_made(self, status: str, error: str) -> None:
        """The message's new status, or why it was refused (told in the window's language)."""
        if error:
            self.outbox_note.setText(error)
            self.ctx.status.error.emit(error)
        elif status == "approved":
            self.outbox_note.setText(translate(
                "AssistantDock", "Approved, but the mail client could not take the "
                                 "message: it was not sent."))
        else:
            self.outbox_note.setText(labels.fill(translate("AssistantDock", "Message %1."),
                                                 labels.outbox_status(status)))
        self.reload()
        self.decided.emit()
