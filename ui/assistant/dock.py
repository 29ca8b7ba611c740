"""The assistant's dock: running or idle, what it does now, and what it did for a task.

Four tabs: *Now* (the outcomes of this session and the model's text as it streams),
here; *Work log* and *Model calls* of the shown task (``ui.assistant.log``); and
*Outbox*: messages that steps want to send, approved or rejected (``ui.assistant.outbox``).
Everything a model wrote is shown as plain text.
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
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.agent.outbox import Transport
from app.events import Changes, Kind
from ui.assistant import journal_words
from ui.assistant.boxes import captioned, plain_box
from ui.assistant.log import TaskJournal
from ui.assistant.outbox import OutboxTab
from ui.assistant.sentences import Facts, read_facts, sentence
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words import labels

STREAM_CHARS = 20_000  # the streamed text keeps this much of its end
OUTCOMES_KEPT = 200
RELOAD_MS = 250  # changes arrive in bursts while the assistant works
_ERROR_COLOUR = "#c0392b"


class AssistantDock(QDockWidget):
    """The assistant's state, journal and outbox."""

    log_shown = Signal(int)  # task id whose work log and model calls are on screen
    outbox_shown = Signal(int)  # how many messages await approval

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Assistant"), parent)
        self.setObjectName("assistantDock")
        self.ctx = ctx
        self._stream_length = 0
        self._log_timer = self._timer(self.reload_log)
        self._outbox_timer = self._timer(self.reload_outbox)
        self._resay_timer = self._timer(self._resay_changed)
        self._changed_tasks: set[int] = set()  # tasks whose lines may no longer be true
        self.setWidget(self._build())  # its lists scroll themselves: no scroll area around
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
        self.journal.shown.connect(self.log_shown)
        self.outbox.read.connect(self._on_outbox_read)
        self.outbox.decided.connect(self._log_timer.start)

    # --- building ------------------------------------------------------------------------

    def _build(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._build_header(body))
        self.tabs = QTabWidget(body)
        self.tabs.addTab(self._build_now(), self.tr("Now"))
        self.journal = TaskJournal(self.ctx, self)
        self.outbox = OutboxTab(self.ctx, self)
        self.tabs.addTab(self.journal.worklog, self.tr("Work log"))
        self.tabs.addTab(self.journal.calls_page, self.tr("Model calls"))
        self.tabs.addTab(self.outbox, self.tr("Outbox"))
        self._name_parts()
        layout.addWidget(self.tabs, 1)
        return body

    def _name_parts(self) -> None:
        """The tabs' parts under the dock's names, as the window and its tests know them."""
        self.worklog, self.calls, self.reply = (self.journal.worklog, self.journal.calls,
                                                self.journal.reply)
        self.outbox_list, self.outbox_note = self.outbox.outbox_list, self.outbox.outbox_note
        self.recipient, self.message_text = self.outbox.recipient, self.outbox.message_text
        self.approve_button = self.outbox.approve_button
        self.reject_button = self.outbox.reject_button

    @property
    def transport(self) -> Transport | None:
        """How an approved message is sent (None: the system mail client)."""
        return self.outbox.transport

    @transport.setter
    def transport(self, transport: Transport | None) -> None:
        self.outbox.transport = transport

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
        self.stream = plain_box(splitter, "stream",
                                 self.tr("The model's text appears here while it writes."))
        self.did = captioned(splitter, self.tr("What the assistant did"), self.outcomes)
        splitter.addWidget(self.did)
        self.raw_output = captioned(splitter, self.tr("What the model is writing"),
                                     self.stream)
        splitter.addWidget(self.raw_output)
        self.raw_output.hide()  # raw text only on request: the sentences say what happened
        self.outcomes.setMinimumHeight(48)
        return splitter

    def _on_show_raw_toggled(self, shown: bool) -> None:
        self.raw_output.setVisible(shown)
        self.show_raw.setText(self.tr("Hide model output") if shown
                              else self.tr("Show model output"))

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
            self.journal.retranslate()

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
        item.setToolTip(journal_words.message("", summary))  # the core's words, retold
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

    def _on_bridge_changed(self, changes: Changes) -> None:
        for change in changes:
            self._on_change(change.kind, change.task_id or 0, change.detail)
        self._outbox_timer.start()

    def _on_change(self, kind: str, task_id: int, detail: str) -> None:
        if kind == Kind.ASSISTANT_STARTED:
            what = labels.fill(self.tr("Task %1: %2"), task_id, labels.stage_name(detail))
            self.doing.setText(what)
            self._append_stream(("\n" if self._stream_length else "") + f"── {what} ──\n")
            self._name_the_task(task_id, detail, what)
        elif kind == Kind.ASSISTANT_FINISHED and self.ctx.assistant.busy:
            self.doing.setText(self.tr("Running…"))
        if task_id and task_id == self.task_id:
            self._log_timer.start()
        if task_id and kind not in (Kind.ASSISTANT_STARTED, Kind.ASSISTANT_FINISHED) \
                and self._lines_of(task_id):
            self._changed_tasks.add(task_id)  # approved, done…: its line says it again
            self._resay_timer.start()

    def _name_the_task(self, task_id: int, stage: str, shown: str) -> None:
        """The task by its title, not its number, once the title is read (in a worker)."""
        def named(facts: Facts) -> None:
            if self.doing.text() == shown and facts.title:
                self.doing.setText(labels.fill(self.tr("“%1”: %2"), facts.title,
                                               labels.stage_name(stage)))

        self.ctx.runner.start(in_thread(read_facts, task_id), self.tr("Reading the task"),
                              named)

    def _lines_of(self, task_id: int) -> list[QListWidgetItem]:
        items = (self.outcomes.item(row) for row in range(self.outcomes.count()))
        return [item for item in items if item.data(Qt.ItemDataRole.UserRole) == task_id]

    def _resay_changed(self) -> None:
        """The lines of the tasks that changed since, said from what they are now (a plan
        "waiting for your approval" once approved is "Working on …")."""
        for task_id in self._changed_tasks:
            self._read_and_resay(task_id)
        self._changed_tasks.clear()

    def _read_and_resay(self, task_id: int) -> None:
        def read(facts: Facts) -> None:
            self._resay(task_id, facts)

        self.ctx.runner.start(in_thread(read_facts, task_id), self.tr("Reading the task"), read)

    def _resay(self, task_id: int, facts: Facts) -> None:
        for item in self._lines_of(task_id):
            _old, problem = item.data(Qt.ItemDataRole.UserRole + 1)
            if not problem:  # a problem stays as it was told until the next run
                item.setData(Qt.ItemDataRole.UserRole + 1, (facts, problem))
                item.setText(sentence(facts, problem))

    def _on_bridge_external_change(self) -> None:
        self._log_timer.start()
        self._outbox_timer.start()

    # --- the shown task's journal and the outbox -----------------------------------------

    @property
    def task_id(self) -> int:
        """The task whose journal is shown (0: none)."""
        return self.journal.task_id

    def show_task(self, task_id: int) -> None:
        """Show the work log and model calls of this task (0: none)."""
        self.journal.show_task(task_id)

    def reload_log(self) -> None:
        self.journal.reload()

    def reload_outbox(self) -> None:
        self.outbox.reload()

    def _on_outbox_read(self, count: int) -> None:
        title = self.tr("Outbox") if not count else labels.fill(self.tr("Outbox (%1)"), count)
        self.tabs.setTabText(3, title)
        self.outbox_shown.emit(count)
