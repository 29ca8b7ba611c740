"""The assistant's dock: running or idle, what it does now, and what it did for a task.

Four tabs: *Now* (the outcomes of this session and the model's text as it streams),
*Work log* and *Model calls* of the shown task (``app.views.agent_log``, read in a
worker), and *Outbox*: messages that steps want to send, shown with their exact text
and approved or rejected here (``app.outbox.decide`` in a worker). Everything a model
wrote is shown as plain text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QTextCursor
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import outbox, views
from app.errors import KnownError
from app.outbox import Entry, Transport
from models import StoreError
from ui import labels
from ui.assistant_sentences import Facts, read_facts, sentence
from ui.context import WindowContext
from ui.runner import in_thread

STREAM_CHARS = 20_000  # the streamed text keeps this much of its end
OUTCOMES_KEPT = 200
RELOAD_MS = 250  # changes arrive in bursts while the assistant works
_ERROR_COLOUR = "#c0392b"


async def _read_log(task_id: int) -> dict[str, Any] | None:
    try:
        return await in_thread(views.agent_log, task_id)
    except KnownError:
        return None  # the task was deleted meanwhile


async def _decide(message_id: int, approve: bool, transport: Transport | None) -> tuple[str, str]:
    """Approve or reject in a worker; returns (the message's new status, error text)."""
    try:
        entry = await in_thread(outbox.decide, message_id, approve, transport)
    except (KnownError, StoreError) as exc:
        return "", str(exc)
    return entry.status, ""


def _plain_box(parent: QWidget, name: str, placeholder: str) -> QPlainTextEdit:
    box = QPlainTextEdit(parent)
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setPlaceholderText(placeholder)
    return box


def _captioned(parent: QWidget, caption: str, widget: QWidget) -> QWidget:
    """``widget`` under a small caption."""
    box = QWidget(parent)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 4, 0, 0)
    layout.setSpacing(2)
    label = QLabel(caption, box)
    label.setObjectName("caption")
    layout.addWidget(label)
    layout.addWidget(widget, 1)
    return box


def _tree(parent: QWidget, name: str, headers: list[str]) -> QTreeWidget:
    tree = QTreeWidget(parent)
    tree.setObjectName(name)
    tree.setRootIsDecorated(False)
    tree.setAlternatingRowColors(True)
    tree.setHeaderLabels(headers)
    tree.setUniformRowHeights(True)
    return tree


class AssistantDock(QDockWidget):
    """The assistant's state, journal and outbox."""

    log_shown = Signal(int)  # task id whose work log and model calls are on screen
    outbox_shown = Signal(int)  # how many messages await approval

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Assistant"), parent)
        self.setObjectName("assistantDock")
        self.ctx = ctx
        self.task_id = 0
        self.transport: Transport | None = None  # None: the system mail client
        self.messages: list[Entry] = []
        self._calls: list[dict[str, Any]] = []
        self._stream_length = 0
        self._log_timer = self._timer(self.reload_log)
        self._outbox_timer = self._timer(self.reload_outbox)
        holder = QScrollArea(self)  # a short dock scrolls instead of squeezing the window
        holder.setWidgetResizable(True)
        holder.setFrameShape(QScrollArea.Shape.NoFrame)
        holder.setWidget(self._build())
        self.setWidget(holder)
        self._connect()
        self._set_running(ctx.assistant.busy, "")
        self.reload_outbox()

    def _timer(self, slot: Any) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(RELOAD_MS)
        timer.timeout.connect(slot)
        return timer

    def _connect(self) -> None:
        assistant = self.ctx.assistant
        assistant.started.connect(self._on_assistant_started)
        assistant.idle.connect(self._on_assistant_idle)
        assistant.outcome.connect(self._on_assistant_outcome)
        assistant.chunk.connect(self._on_assistant_chunk)
        self.ctx.bridge.changed.connect(self._on_bridge_changed)
        self.ctx.bridge.external_change.connect(self._on_bridge_external_change)

    # --- building ------------------------------------------------------------------------

    def _build(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._build_header(body))
        self.tabs = QTabWidget(body)
        self.tabs.addTab(self._build_now(), self.tr("Now"))
        self.tabs.addTab(self._build_worklog(), self.tr("Work log"))
        self.tabs.addTab(self._build_calls(), self.tr("Model calls"))
        self.tabs.addTab(self._build_outbox(), self.tr("Outbox"))
        layout.addWidget(self.tabs, 1)
        return body

    def _build_header(self, body: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.state = QLabel(body)
        self.state.setObjectName("state")
        self.doing = QLabel(body)
        self.doing.setObjectName("doing")
        self.doing.setTextFormat(Qt.TextFormat.PlainText)
        self.doing.setWordWrap(True)
        self.run_button = QPushButton(self.tr("Run now"), body)
        self.run_button.setObjectName("runButton")
        self.run_button.setToolTip(self.tr("Review, plan and do what is due now (F5)"))
        self.run_button.clicked.connect(self._on_run_button_clicked)
        self.stop_button = QPushButton(self.tr("Stop"), body)
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip(self.tr("Stop at once; nothing half-done is saved"))
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.show_raw = QPushButton(self.tr("Show model output"), body)
        self.show_raw.setObjectName("showRawButton")
        self.show_raw.setCheckable(True)
        self.show_raw.setToolTip(self.tr("The model's reply as it writes it, word for word"))
        self.show_raw.toggled.connect(self._on_show_raw_toggled)
        row.addWidget(self.state)
        row.addWidget(self.doing, 1)
        row.addWidget(self.show_raw)
        row.addWidget(self.run_button)
        row.addWidget(self.stop_button)
        return row

    def _build_now(self) -> QWidget:
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.outcomes = QListWidget()
        self.outcomes.setObjectName("outcomes")
        self.outcomes.setWordWrap(True)
        self.outcomes.itemClicked.connect(self._on_outcomes_item_clicked)
        self.stream = _plain_box(splitter, "stream",
                                 self.tr("The model's text appears here while it writes."))
        self.did = _captioned(splitter, self.tr("What the assistant did"), self.outcomes)
        splitter.addWidget(self.did)
        self.raw_output = _captioned(splitter, self.tr("What the model is writing"),
                                     self.stream)
        splitter.addWidget(self.raw_output)
        self.raw_output.hide()  # raw text only on request: the sentences say what happened
        self.outcomes.setMinimumHeight(48)
        return splitter

    def _on_show_raw_toggled(self, shown: bool) -> None:
        self.raw_output.setVisible(shown)
        self.show_raw.setText(self.tr("Hide model output") if shown
                              else self.tr("Show model output"))

    def _build_worklog(self) -> QWidget:
        self.worklog = _tree(self, "worklog", [self.tr("Time"), self.tr("Who"),
                                               self.tr("What"), self.tr("Message")])
        return self.worklog

    def _build_calls(self) -> QWidget:
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.calls = _tree(splitter, "modelCalls",
                           [self.tr("Time"), self.tr("Purpose"), self.tr("Model"),
                            self.tr("Outcome"), self.tr("Time taken")])
        self.calls.currentItemChanged.connect(self._on_calls_current_item_changed)
        self.reply = _plain_box(splitter, "reply", self.tr("Select a call to read its reply."))
        splitter.addWidget(self.calls)
        splitter.addWidget(self.reply)
        return splitter

    def _build_outbox(self) -> QWidget:
        page = QWidget(self)
        splitter = QSplitter(Qt.Orientation.Vertical, page)
        self.outbox_list = QListWidget(splitter)
        self.outbox_list.setObjectName("outboxList")
        self.outbox_list.currentRowChanged.connect(self._on_outbox_list_current_row_changed)
        splitter.addWidget(self.outbox_list)
        splitter.addWidget(self._build_message(splitter))
        splitter.setSizes([100, 200])
        self.approve_button = QPushButton(self.tr("Approve and send"), page)
        self.approve_button.setObjectName("approveButton")
        self.approve_button.clicked.connect(lambda: self._on_decision_clicked(True))
        self.reject_button = QPushButton(self.tr("Reject"), page)
        self.reject_button.setObjectName("rejectButton")
        self.reject_button.clicked.connect(lambda: self._on_decision_clicked(False))
        row = QHBoxLayout()
        row.addWidget(self.approve_button)
        row.addWidget(self.reject_button)
        row.addStretch(1)
        self.outbox_note = QLabel(page)
        self.outbox_note.setObjectName("outboxNote")
        self.outbox_note.setTextFormat(Qt.TextFormat.PlainText)
        self.outbox_note.setWordWrap(True)
        layout = QVBoxLayout(page)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)
        layout.addWidget(self.outbox_note)
        return page

    def _build_message(self, parent: QWidget) -> QWidget:
        """The selected message: to whom, and its exact text."""
        message = QWidget(parent)
        self.recipient = QLabel(message)
        self.recipient.setObjectName("recipient")
        self.recipient.setTextFormat(Qt.TextFormat.PlainText)
        self.message_text = _plain_box(message, "messageText",
                                       self.tr("No message awaits your approval."))
        layout = QVBoxLayout(message)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.recipient)
        layout.addWidget(self.message_text, 1)
        return message

    # --- running or idle -----------------------------------------------------------------

    def _on_outcomes_item_clicked(self, item: QListWidgetItem) -> None:
        task_id = int(item.data(Qt.ItemDataRole.UserRole) or 0)
        if task_id:
            self.ctx.selection.select_task(task_id)

    def _set_texts(self) -> None:
        """The dock's own words again, in the language now installed."""
        self.setWindowTitle(self.tr("Assistant"))
        for index, text in enumerate((self.tr("Now"), self.tr("Work log"),
                                      self.tr("Model calls"), self.tr("Outbox"))):
            self.tabs.setTabText(index, text)
        self.run_button.setText(self.tr("Run now"))
        self.run_button.setToolTip(self.tr("Review, plan and do what is due now (F5)"))
        self.stop_button.setText(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop at once; nothing half-done is saved"))
        self.show_raw.setToolTip(self.tr("The model's reply as it writes it, word for word"))
        self._on_show_raw_toggled(self.show_raw.isChecked())
        self._set_running(self.ctx.assistant.busy, "")
        for box, text in ((self.did, self.tr("What the assistant did")),
                          (self.raw_output, self.tr("What the model is writing"))):
            caption = box.findChild(QLabel, "caption")
            if caption is not None:
                caption.setText(text)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "tabs"):
            self._set_texts()
            self._resay_outcomes()

    def _resay_outcomes(self) -> None:
        for row in range(self.outcomes.count()):
            item = self.outcomes.item(row)
            said = item.data(Qt.ItemDataRole.UserRole + 1)
            if said:
                item.setText(sentence(*said))

    def _set_running(self, running: bool, what: str) -> None:
        colour = "#2e86c1" if running else "#7f8c8d"
        self.state.setText("●")
        self.state.setStyleSheet(f"color: {colour}; font-size: 14pt;")
        self.state.setToolTip(self.tr("Running") if running else self.tr("Idle"))
        self.doing.setText(what or (self.tr("Running…") if running else self.tr("Idle")))
        self.run_button.setEnabled(not running)
        self.stop_button.setEnabled(running)

    def _on_run_button_clicked(self) -> None:
        self.ctx.assistant.run_until_idle()

    def _on_stop_button_clicked(self) -> None:
        self.ctx.assistant.stop()

    def _on_assistant_started(self, what: str) -> None:
        self._set_running(True, what)

    def _on_assistant_idle(self) -> None:
        self._set_running(False, "")
        self._log_timer.start()
        self._outbox_timer.start()

    def _on_assistant_outcome(self, task_id: int, stage: str, summary: str,
                              problem: str) -> None:
        def told(facts: Facts) -> None:
            self._add_outcome(task_id, facts, summary, problem)

        self.ctx.runner.start(in_thread(read_facts, task_id), self.tr("Reading the task"),
                              told)

    def _add_outcome(self, task_id: int, facts: Facts, summary: str, problem: str) -> None:
        """One sentence a line; the core's own words are its tooltip; a click shows the task.
        The facts stay with the line, so a language switch says it again."""
        item = QListWidgetItem(sentence(facts, problem))
        item.setToolTip(summary)
        item.setData(Qt.ItemDataRole.UserRole, task_id)
        item.setData(Qt.ItemDataRole.UserRole + 1, (facts, problem))
        if problem:
            item.setForeground(QBrush(QColor(_ERROR_COLOUR)))
        self.outcomes.addItem(item)
        while self.outcomes.count() > OUTCOMES_KEPT:
            self.outcomes.takeItem(0)
        self.outcomes.scrollToBottom()

    def _on_assistant_chunk(self, text: str) -> None:
        self._append_stream(text)

    def _append_stream(self, text: str) -> None:
        """Append streamed text, keeping only the last STREAM_CHARS characters."""
        self._stream_length += len(text)
        if self._stream_length > STREAM_CHARS:
            kept = (self.stream.toPlainText() + text)[-STREAM_CHARS // 2:]
            self.stream.setPlainText(kept)
            self._stream_length = len(kept)
        else:
            cursor = self.stream.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text)
        self.stream.moveCursor(QTextCursor.MoveOperation.End)
        self.stream.ensureCursorVisible()

    def _on_bridge_changed(self, kind: str, task_id: int, detail: str) -> None:
        if kind == "assistant_started":
            what = labels.fill(self.tr("Task %1: %2"), task_id, labels.stage_name(detail))
            self.doing.setText(what)
            self._append_stream(("\n" if self._stream_length else "") + f"── {what} ──\n")
        elif kind == "assistant_finished" and self.ctx.assistant.busy:
            self.doing.setText(self.tr("Running…"))
        if task_id and task_id == self.task_id:
            self._log_timer.start()
        self._outbox_timer.start()

    def _on_bridge_external_change(self) -> None:
        self._log_timer.start()
        self._outbox_timer.start()

    # --- the shown task's journal ---------------------------------------------------------

    def show_task(self, task_id: int) -> None:
        """Show the work log and model calls of this task (0: none)."""
        self.task_id = task_id
        self.reload_log()

    def reload_log(self) -> None:
        if not self.task_id:
            self._fill_log(None)
            return
        task_id = self.task_id
        self.ctx.runner.start(_read_log(task_id), self.tr("Reading the assistant's log"),
                              done=lambda data: self._on_log_read(task_id, data))

    def _on_log_read(self, task_id: int, data: dict[str, Any] | None) -> None:
        if task_id == self.task_id:
            self._fill_log(data)
            self.log_shown.emit(task_id)

    def _fill_log(self, data: dict[str, Any] | None) -> None:
        self.worklog.clear()
        self.calls.clear()
        self.reply.clear()
        self._calls = [] if data is None else list(data["model_calls"])
        for entry in [] if data is None else data["worklog"]:
            QTreeWidgetItem(self.worklog, [views.local(entry["at"]), entry["actor"],
                                           entry["kind"], entry["message"]])
        for call in self._calls:
            latency = call["latency_ms"]
            QTreeWidgetItem(self.calls, [
                views.local(call["at"]), call["purpose"], f"{call['provider']}/{call['model']}",
                call["outcome"] or "", "" if latency is None else f"{latency:.0f} ms"])
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
            text = labels.fill(self.tr("Error: %1"), call["error"]) + ("\n\n" + text if text
                                                                       else "")
        self.reply.setPlainText(text)

    # --- the outbox ----------------------------------------------------------------------

    def reload_outbox(self) -> None:
        self.ctx.runner.start(in_thread(outbox.entries, "pending"),
                              self.tr("Reading the outbox"), done=self._on_outbox_read)

    def _on_outbox_read(self, messages: list[Entry]) -> None:
        current = self.selected_message()
        self.messages = messages
        self.outbox_list.blockSignals(True)
        self.outbox_list.clear()
        for entry in messages:
            self.outbox_list.addItem(labels.fill(self.tr("To %1 (task %2): %3"), entry.to,
                                                 entry.task_id, _preview(entry.text)))
        self.outbox_list.blockSignals(False)
        ids = [m.id for m in messages]
        row = ids.index(current.id) if current is not None and current.id in ids else 0
        self.outbox_list.setCurrentRow(row if messages else -1)
        self._on_outbox_list_current_row_changed(self.outbox_list.currentRow())
        title = self.tr("Outbox") if not messages else labels.fill(self.tr("Outbox (%1)"),
                                                                   len(messages))
        self.tabs.setTabText(3, title)
        self.outbox_shown.emit(len(messages))

    def selected_message(self) -> Entry | None:
        row = self.outbox_list.currentRow()
        return self.messages[row] if 0 <= row < len(self.messages) else None

    def _on_outbox_list_current_row_changed(self, _row: int) -> None:
        entry = self.selected_message()
        if entry is None:
            self.recipient.setText("")
            self.message_text.clear()
        else:
            self.recipient.setText(labels.fill(self.tr("To: %1 <%2> · task %3, step %4"),
                                               entry.to, entry.address, entry.task_id,
                                               entry.step_id or "—"))
            self.message_text.setPlainText(entry.text)  # exactly what would be sent
        self.approve_button.setEnabled(entry is not None)
        self.reject_button.setEnabled(entry is not None)

    def _on_decision_clicked(self, approve: bool) -> None:
        entry = self.selected_message()
        if entry is None:
            return
        self.approve_button.setEnabled(False)
        self.reject_button.setEnabled(False)
        what = self.tr("Sending a message") if approve else self.tr("Rejecting a message")
        self.ctx.runner.start(_decide(entry.id, approve, self.transport), what,
                              done=self._on_decision_made)

    def _on_decision_made(self, result: tuple[str, str]) -> None:
        status, error = result
        if error:
            self.outbox_note.setText(error)
            self.ctx.status.error.emit(error)
        elif status == "approved":
            self.outbox_note.setText(self.tr("Approved, but the mail client could not take the "
                                             "message: it was not sent."))
        else:
            self.outbox_note.setText(labels.fill(self.tr("Message %1."),
                                                 labels.outbox_status(status)))
        self.reload_outbox()
        self._log_timer.start()


def _preview(text: str, length: int = 80) -> str:
    """A message on one line, shortened: the list shows this, the box below the whole."""
    line = " ".join(text.split())
    return line if len(line) <= length else line[:length - 1] + "…"
