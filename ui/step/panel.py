"""The selected step's details and the buttons that move it: start, done, fail, skip, retry.

Follows ``ctx.selection.step_selected`` and refreshes when the core reports a change to
its task. A button is enabled only when ``app.states.STEP`` allows its move and the plan
runs (a paused plan still lets a failed step be retried or skipped). Moves are written
by ``app.plan.store.step_action`` in a worker thread. Everything a model may have written
(titles, results, errors) is shown as plain text, never as rich text. The step is
read by ``app.plan.step_view.read_step``, the words around it by ``ui.step.reads``.

No edit is lost: the form saves a field when it is left, and before another step is
shown the panel saves what is still typed (or, when it cannot be saved, asks whether to
drop it; "Keep editing" keeps this step in view until it is fixed). A language change
sets the texts again in place: the fields, and what is typed in them, stay.

The panel is one concern, one screen whose parts (header, moves, the prompt
for a result or a reason, the form, the result) share the step shown and its state;
the form, the inputs, the schedule and the reads are modules of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.events import Changes, Kind
from app.plan import store as plans
from app.plan.actions import STEP_ACTIONS, step_allowed
from app.plan.step_view import StepView as StepView
from app.plan.step_view import read_step as read_step
from ui.plan.step_actions import StepActions, StepRef
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.step.form import FieldError, StepForm
from ui.step.reads import PanelFacts, panel_facts
from ui.step.schedule import StepSchedule
from ui.words import labels
from ui.words.retexts import told, told_error

_TEXT_HEIGHT = 96


def allowed_actions(view: StepView) -> frozenset[str]:
    """The buttons to enable for this step: what the person may do (``app.plan.actions``:
    any step, in any order, before approval too)."""
    return frozenset(a for a in STEP_ACTIONS if step_allowed(
        a, str(view.step.status), is_group=view.is_group, plan_status=str(view.plan_status)))


def _plain_label(parent: QWidget, object_name: str = "") -> QLabel:
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)  # a model's text is never markup
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if object_name:
        label.setObjectName(object_name)
    return label


def _plain_box(parent: QWidget, object_name: str) -> QPlainTextEdit:
    box = QPlainTextEdit(parent)
    box.setReadOnly(True)
    box.setObjectName(object_name)
    box.setMaximumHeight(_TEXT_HEIGHT)
    return box


Ask = Callable[[str, str], bool]  # (step title, what is wrong) → drop the typed change?


class StepPanel(QWidget):
    """Details of the selected step, with the buttons that move it."""

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id = 0
        self.step_id = ""
        self.view: StepView | None = None
        self._facts: PanelFacts | None = None  # what was read for the step shown
        self.ask_drop: Ask = self._ask_drop
        self._pending_action = ""
        self._busy = False
        self._held = False  # kept on a step whose typed change cannot be saved yet
        self._asking = False  # the question about it is on its way
        self._pages = QStackedWidget(self)
        self._empty = self._build_empty()
        self._pages.addWidget(self._empty)
        self._pages.addWidget(self._build_details())
        self._set_texts()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._pages)
        ctx.selection.step_selected.connect(self._on_selection_step_selected)
        ctx.bridge.changed.connect(self._on_bridge_changed)
        ctx.bridge.external_change.connect(self.refresh)
        self.show_step(ctx.selection.task_id, ctx.selection.step_id)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.form.fit_width(self.width())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "buttons"):
            self._set_texts()  # in place: nothing typed is dropped, no widget deleted
            if self._facts is not None and self._facts.view is not None:
                self._fill(self._facts)

    # --- building ------------------------------------------------------------------------

    def _build_empty(self) -> QLabel:
        label = QLabel(self)
        label.setObjectName("emptyState")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setMargin(16)
        label.setEnabled(False)  # drawn greyed out
        return label

    def _build_details(self) -> QScrollArea:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(self._build_header(page))
        layout.addLayout(self._build_buttons(page))  # the actions first: always in view
        layout.addWidget(self._build_prompt(page))
        self.message = _plain_label(page, "inlineError")
        self.message.setStyleSheet("color: #c0392b;")
        self.message.hide()
        layout.addWidget(self.message)
        layout.addWidget(self._build_form(page))
        self.schedule = StepSchedule(self.ctx, page)
        layout.addWidget(self.schedule)
        self.result_title = QLabel(page)
        layout.addWidget(self.result_title)
        self.result_box = _plain_box(page, "result")
        layout.addWidget(self.result_box)
        self.error_title = QLabel(page)
        layout.addWidget(self.error_title)
        self.error_box = _plain_box(page, "error")
        layout.addWidget(self.error_box)
        layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(page)
        return scroll

    def _build_header(self, page: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.title = _plain_label(page, "title")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title.setFont(font)
        self.chip = QLabel(page)
        self.chip.setObjectName("statusChip")
        self.chip.setTextFormat(Qt.TextFormat.PlainText)
        row.addWidget(self.title, 1)
        row.addWidget(self.chip, 0, Qt.AlignmentFlag.AlignTop)
        return row

    def _build_form(self, page: QWidget) -> StepForm:
        self.form = StepForm(page)
        self.fields = self.form.fields
        self.form.save_requested.connect(self._on_form_save_requested)
        return self.form

    def _build_buttons(self, page: QWidget) -> QGridLayout:
        grid = QGridLayout()  # two a row: the panel may be narrow
        self.buttons: dict[str, QPushButton] = {}
        for index, action in enumerate(STEP_ACTIONS):
            button = QPushButton(page)
            button.setObjectName(f"{action}Button")
            button.clicked.connect(lambda _=False, a=action: self._on_button_clicked(a))
            grid.addWidget(button, index // 2, index % 2)
            self.buttons[action] = button
        return grid

    def _build_prompt(self, page: QWidget) -> QWidget:
        """The inline question for a result (done) or a reason (fail)."""
        box = QWidget(page)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.prompt_label = _plain_label(box, "promptLabel")
        self.note = QLineEdit(box)
        self.note.setObjectName("note")
        self.note.textChanged.connect(self._on_note_text_changed)
        self.note.returnPressed.connect(self._on_confirm_clicked)
        row = QHBoxLayout()
        self.confirm = QPushButton(box)
        self.confirm.setObjectName("confirmButton")
        self.confirm.clicked.connect(self._on_confirm_clicked)
        self.cancel = QPushButton(box)
        self.cancel.clicked.connect(self._close_prompt)
        row.addWidget(self.note, 1)
        row.addWidget(self.confirm)
        row.addWidget(self.cancel)
        layout.addWidget(self.prompt_label)
        layout.addLayout(row)
        box.hide()
        self.prompt = box
        return box

    def _set_texts(self) -> None:
        """Every caption in the language installed."""
        self._empty.setText(self.tr("Select a step in the plan to see its details here."))
        captions = {"start": self.tr("Start"), "done": self.tr("Done…"),
                    "fail": self.tr("Fail…"), "skip": self.tr("Skip"), "retry": self.tr("Retry")}
        tips = {"start": self.tr("Start working on this step"),
                "done": self.tr("Mark the step completed, with an optional result"),
                "fail": self.tr("Mark the step failed and say why"),
                "skip": self.tr("Leave the step out (it counts as done for what follows)"),
                "retry": self.tr("Try the failed step again")}
        for action, button in self.buttons.items():
            button.setText(captions[action])
            button.setToolTip(tips[action])
        self.cancel.setText(self.tr("Cancel"))
        self.result_title.setText(self.tr("Result"))
        self.result_box.setPlaceholderText(self.tr("No result yet"))
        self.error_title.setText(self.tr("Error"))
        if self._pending_action:
            self._word_prompt(self._pending_action)
        self.form.retranslate()
        self.schedule.retranslate()

    # --- showing -------------------------------------------------------------------------

    def show_step(self, task_id: int, step_id: str) -> None:
        """Show this step of the task's latest plan (an empty state for none); what is
        typed for the step shown is saved first (or, when it cannot be, dropped only if
        the person says so)."""
        if (task_id, step_id) != (self.task_id, self.step_id):
            if not self._leave_step():
                return
            self._close_prompt()
            self._show_message("")
        self.task_id, self.step_id = task_id, step_id
        self.refresh()

    def _leave_step(self) -> bool:
        """Save what is typed for the step shown; False to stay on it (the question
        whether to drop what cannot be saved comes once the selection has settled:
        never a nested event loop inside the view's own selection signal)."""
        view = self.view
        if view is None:
            return True
        try:
            changed = self.form.changes()
        except FieldError as exc:
            self.form.save()  # names the problem under the field
            self._held = True
            if not self._asking:  # one question for a burst of selection changes
                self._asking = True
                problem = told_error(exc)
                QTimer.singleShot(0, self, lambda: self._ask_about_held(view.step.title,
                                                                        problem))
            return False
        if changed:
            self._save(view, changed)
        self._held = False
        return True

    def _ask_about_held(self, title: str, problem: str) -> None:
        """Drop the change that cannot be saved and show the selected step, or keep it
        in view to be fixed, as the person answers."""
        self._asking = False
        if not self._held:
            return  # fixed and saved meanwhile
        if self.ask_drop(title, problem):
            self._held = False
            self.view = None  # dropped: nothing of it is saved
            self.show_step(self.ctx.selection.task_id, self.ctx.selection.step_id)

    def _ask_drop(self, title: str, problem: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved change"),
                          labels.fill(self.tr("The change to “%1” cannot be saved: %2"),
                                      title, told(problem)), parent=self)
        drop = box.addButton(self.tr("Drop the change"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(self.tr("Keep editing"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is drop

    def refresh(self) -> None:
        """Read the step again (a few rows, on the GUI thread) and redraw."""
        self._show(panel_facts(self.task_id, self.step_id))

    def refresh_later(self) -> None:
        """Read the step again in a worker, then redraw (if it is still the one shown)."""
        shown = self.task_id, self.step_id
        Op(self.ctx.runner, in_thread(panel_facts, *shown), self.tr("Reading the step")
           ).success(lambda facts: self._show(facts) if shown == (self.task_id, self.step_id)
                     else None).run(self)

    def _show(self, facts: PanelFacts) -> None:
        self._facts, self.view = facts, facts.view
        if facts.view is None:
            self._pages.setCurrentIndex(0)
            return
        self._pages.setCurrentIndex(1)
        self._fill(facts)
        self._update_buttons()

    def _fill(self, facts: PanelFacts) -> None:
        view, titles = facts.view, facts.titles
        assert view is not None
        self.title.setText(view.step.title)
        self.chip.setText(labels.step_status(view.step.status))
        self.chip.setStyleSheet(labels.chip_style(view.step.status))
        waits = [titles.get(sid, sid) for sid in view.waiting_for]
        shown = {"attempts": str(view.attempts),
                 "waiting_for": "“" + "”, “".join(waits) + "”" if waits else self.tr("nothing")}
        self.form.fill(view, shown, titles)
        self.schedule.show_step(view.task_id, view.step.id, facts.schedule)
        self.result_box.setPlainText(self._result_text(view, facts.message))
        self.error_box.setPlainText(view.error or "")
        self.error_box.setVisible(bool(view.error))
        self.error_title.setVisible(bool(view.error))

    def _result_text(self, view: StepView, state: tuple[str, str] | None) -> str:
        """The step's result; a message step says where its message stands now."""
        if state is None:
            return view.step.result or ""
        where, contact = state  # the message's own machine: pending → approved → sent
        if where == "pending":
            return self.tr("Waiting for your approval to message %1 (see the Outbox)").replace(
                "%1", contact)
        if where == "approved":
            return self.tr("You approved the message to %1; it has not been sent yet "
                           "(see the Outbox)").replace("%1", contact)
        return labels.fill(self.tr("The message to %1: %2"), contact,
                           labels.outbox_status(where))

    def _update_buttons(self) -> None:
        allowed = allowed_actions(self.view) if self.view is not None else frozenset()
        for action, button in self.buttons.items():
            button.setEnabled(not self._busy and action in allowed)
        self._on_note_text_changed(self.note.text())

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # --- acting --------------------------------------------------------------------------

    def _on_button_clicked(self, action: str) -> None:
        if action in ("done", "fail"):
            self._open_prompt(action)
        else:
            self._run(action, None)

    def _open_prompt(self, action: str) -> None:
        self._pending_action = action
        self._word_prompt(action)
        self.note.clear()
        self.prompt.show()
        self.note.setFocus()
        self._on_note_text_changed("")

    def _word_prompt(self, action: str) -> None:
        if action == "done":
            self.prompt_label.setText(self.tr("Result (optional):"))
            self.note.setPlaceholderText(self.tr("What came of it"))
            self.confirm.setText(self.tr("Mark done"))
        else:
            self.prompt_label.setText(self.tr("Why did it fail?"))
            self.note.setPlaceholderText(self.tr("The reason (required)"))
            self.confirm.setText(self.tr("Mark failed"))

    def _close_prompt(self) -> None:
        self._pending_action = ""
        self.prompt.hide()

    def _on_note_text_changed(self, text: str) -> None:
        needs_text = self._pending_action == "fail"
        self.confirm.setEnabled(not self._busy and bool(self._pending_action)
                                and (bool(text.strip()) or not needs_text))

    def _on_confirm_clicked(self) -> None:
        if not self.confirm.isEnabled():
            return
        action, note = self._pending_action, self.note.text().strip() or None
        self._close_prompt()
        self._run(action, note)

    def _run(self, action: str, note: str | None) -> None:
        if self.view is None:
            return
        self._busy = True
        self._show_message("")
        self._update_buttons()
        what = labels.fill(self.tr("Step “%1”: %2"), self.view.step.title,
                           self.buttons[action].text().rstrip("…"))
        view = self.view
        work = in_thread(plans.step_action, view.task_id, view.step.id, action,
                         result=note if action == "done" else None,
                         error=note if action == "fail" else None)
        Op(self.ctx.runner, work, what).success(self._on_action_finished
                                               ).failure(self._on_action_refused).run()

    def _on_action_finished(self, _result: object = None) -> None:
        self._busy = False
        self.refresh()

    def _on_action_refused(self, message: str) -> None:
        self._show_message(message)
        self.ctx.status.error.emit(message)
        self._on_action_finished()

    def _on_form_save_requested(self, fields: dict[str, Any]) -> None:
        if self.view is not None:
            self._save(self.view, fields)
        if self._held:  # the change that kept this step in view is saved: catch up
            self._held = False
            selected = (self.ctx.selection.task_id, self.ctx.selection.step_id)
            QTimer.singleShot(0, self, lambda: self.show_step(*selected))

    def _save(self, view: StepView, fields: dict[str, Any]) -> None:
        ref = StepRef(view.task_id, view.revision, view.step.id, view.step.title,
                      view.step.status, view.is_group, view.plan_status)
        StepActions.of(self.ctx).edit(ref, fields)

    # --- following the window ------------------------------------------------------------

    def _on_selection_step_selected(self, task_id: int, step_id: str) -> None:
        self.show_step(task_id, step_id)

    def _on_bridge_changed(self, changes: Changes) -> None:
        """The step's task changed, or a schedule run moved blocks (of any task)."""
        moved = any(c.kind == Kind.SCHEDULE_CHANGED and not c.task_id for c in changes)
        if self.step_id and (self.task_id in changes.task_ids or moved):
            self.refresh_later()
