"""The bar above a task's plan: its status, and generate, approve, pause, resume, abort,
and Approve all (every plan that waits for approval, of every task).

Generate (or Regenerate) asks the assistant for a new plan and streams it: the steps
written so far appear here as the model writes them, and the button turns into Stop,
which cancels at once. Approve, pause, resume and abort are enabled as
``app.states.PLAN`` allows and run ``app.plan.store.plan_action`` in a worker; abort asks
first. Revisions… opens the comparison of two revisions. The heading names the task as
it is called now (a renamed task is followed).

What the bar shows comes from the window's ``ui.plan.edits.PlanFeed``, the one read of
the plan the graph and the outline draw too: an edit, a step ticked elsewhere or a
rename reaches the bar with that snapshot, and the bar reads nothing itself. Selecting a
task reads its plan's row at once, so the bar never names the last task under the new.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.config import settings
from app.plan import store as plans
from app.plan.actions import plan_allowed
from app.plan.snapshot import PlanSnapshot
from app.states import PlanStatus
from ui.calendar.scheduling import schedule_now
from ui.plan.edits import PlanFeed
from ui.plan.elided import ElidedLabel
from ui.plan.revision_diff import RevisionDiffDialog
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words import labels

Confirm = Callable[[str, str], bool]  # (title, question) → go ahead?


@dataclass(frozen=True)
class BarFacts:
    """What the bar shows of a task's latest plan (status None: no plan)."""

    status: str | None
    revision: int
    name: str  # the task's title as it is now (else the plan's)
    auto_accept: bool


def bar_facts(task_id: int) -> BarFacts:
    """The bar's reads (the latest plan and one setting), from any thread."""
    plan = plans.latest_plan(task_id) if task_id else None
    auto = bool(settings.get("assistant.auto_accept"))
    if plan is None:
        return BarFacts(None, 0, "", auto)
    return BarFacts(str(plan.status), int(plan.revision), plan.task.title or plan.title or "",
                    auto)


class PlanToolbar(QWidget):
    """Status and commands of the shown task's plan."""

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id = 0
        self.status: str | None = None
        self.revision = 0
        self._auto_accept = False  # as last read: approving is then not asked of the person
        self.confirm: Confirm = self._ask
        self._busy_actions = 0
        self._problem = ""
        self.diff_dialog: RevisionDiffDialog | None = None
        self._build()
        self.feed = PlanFeed.of(ctx)
        self.feed.loaded.connect(self._on_feed_loaded)
        ctx.assistant.started.connect(self._on_assistant_started)
        ctx.assistant.idle.connect(self._on_assistant_idle)
        ctx.assistant.plan_growing.connect(self._on_assistant_plan_growing)
        ctx.assistant.outcome.connect(self._on_assistant_outcome)
        self.refresh()

    def _build(self) -> None:
        self.title = ElidedLabel(self, Qt.TextElideMode.ElideRight)
        self.title.setObjectName("planTitle")
        self.chip = QLabel(self)
        self.chip.setObjectName("statusChip")
        self.chip.setTextFormat(Qt.TextFormat.PlainText)
        self.growing = QLabel(self)
        self.growing.setObjectName("growing")
        self.growing.setTextFormat(Qt.TextFormat.PlainText)
        self.growing.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.generate = self._button("generateButton", self._on_generate_clicked)
        self.buttons = {
            "approve": self._button("approveButton", lambda: self._on_action_clicked("approve")),
            "pause": self._button("pauseButton", lambda: self._on_action_clicked("pause")),
            "resume": self._button("resumeButton", lambda: self._on_action_clicked("resume")),
            "abort": self._button("abortButton", lambda: self._on_action_clicked("abort")),
        }
        self.approve_all = self._button("approveAllButton", self._on_approve_all_clicked)
        self.revisions = self._button("revisionsButton", self._on_revisions_clicked)
        self.schedule = self._button("scheduleButton", lambda: schedule_now(self.ctx))
        self._set_texts()
        layout = QVBoxLayout(self)  # the title on a row of its own: never "Plan the t…"
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.chip)
        heading.addWidget(self.growing, 1)
        heading.addWidget(self.approve_all)  # every task's plans: apart from this plan's
        actions = QHBoxLayout()
        for widget in (self.generate, *self.buttons.values(), self.revisions, self.schedule):
            actions.addWidget(widget)
        actions.addStretch(1)
        layout.addLayout(heading)
        layout.addLayout(actions)

    def _button(self, name: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: slot())
        return button

    def _set_texts(self) -> None:
        self.buttons["approve"].setText(self.tr("Approve"))
        self.buttons["approve"].setToolTip(self.tr("Approve the plan so its steps can run"))
        self.buttons["pause"].setText(self.tr("Pause"))
        self.buttons["resume"].setText(self.tr("Resume"))
        self.buttons["abort"].setText(self.tr("Abort…"))
        self.buttons["abort"].setToolTip(self.tr("Stop the plan for good; open steps are skipped"))
        self.approve_all.setText(self.tr("Approve all"))
        self.approve_all.setToolTip(self.tr("Approve every plan that waits for your approval, "
                                            "of every task"))
        self.revisions.setText(self.tr("Revisions…"))
        self.revisions.setToolTip(self.tr("Compare two revisions of this plan"))
        self.schedule.setText(self.tr("Schedule"))
        self.schedule.setToolTip(self.tr("Place every step that has an estimate into free "
                                         "working time (see the calendar)"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "buttons"):
            self._set_texts()
            self.refresh()

    # --- showing -------------------------------------------------------------------------

    def show_task(self, task_id: int) -> None:
        """Show the plan of this task (0: none)."""
        self.task_id = task_id
        self._problem = ""
        self.growing.clear()
        self.refresh()

    def refresh(self) -> None:
        """Read the latest plan's status (one row, on the GUI thread) and update the bar."""
        self._show(bar_facts(self.task_id))
        self.feed.show(self.task_id)

    def _on_feed_loaded(self, snapshot: PlanSnapshot) -> None:
        if snapshot.task_id == self.task_id:
            self._show(BarFacts(snapshot.status or None, snapshot.revision, snapshot.title,
                                snapshot.auto_accept))

    def _show(self, facts: BarFacts) -> None:
        self.status, self.revision, self._auto_accept = (facts.status, facts.revision,
                                                         facts.auto_accept)
        if not self.task_id:
            title = self.tr("No task selected")
        elif facts.status is None:
            title = self.tr("No plan yet")
        else:  # the task's name as it is now: a rename is followed, the plan keeps its own
            title = labels.fill(self.tr("%1 · revision %2"), facts.name or self.tr("Plan"),
                                facts.revision)
        self.title.set_full_text(title)
        self.chip.setVisible(self.status is not None)
        if self.status is not None:
            self.chip.setText(labels.plan_status(self.status))
            self.chip.setStyleSheet(labels.chip_style(self.status))
        self._update_buttons()

    def _update_buttons(self) -> None:
        busy = self.ctx.assistant.busy
        if busy:
            self.generate.setText(self.tr("Stop"))
            self.generate.setToolTip(self.tr("Stop the assistant now; nothing half-done is saved"))
        else:
            self.generate.setText(self.tr("Generate plan") if self.status is None
                                  else self.tr("Regenerate"))
            self.generate.setToolTip(self.tr("Let the assistant write a new plan for this task"))
        self.generate.setEnabled(busy or bool(self.task_id))
        idle = self._busy_actions == 0
        for action, button in self.buttons.items():
            button.setEnabled(idle and plan_allowed(action, self.status))
        self.approve_all.setEnabled(idle)
        self._show_one_primary()
        self.revisions.setEnabled(self.revision >= 2)

    def _show_one_primary(self) -> None:
        """One of approve, pause and resume at a time (the one that fits the plan's
        status), so the bar fits a narrow window."""
        approving = self.status in (None, PlanStatus.PENDING) and not self._auto_accept
        primary = ("approve" if approving else "resume" if self.status == PlanStatus.PAUSED
                   else "pause")
        for action in ("approve", "pause", "resume"):
            self.buttons[action].setVisible(action == primary)

    # --- generating ----------------------------------------------------------------------

    def _on_generate_clicked(self) -> None:
        if self.ctx.assistant.busy:
            self.ctx.assistant.stop()
            return
        if self.task_id:
            self._problem = ""
            self.growing.setStyleSheet("")
            self.growing.setText(self.tr("Writing the plan…"))
            self.ctx.assistant.regenerate(self.task_id)
            self._update_buttons()

    def _on_assistant_started(self, _what: str) -> None:
        self._update_buttons()

    def _on_assistant_idle(self) -> None:
        self.growing.setText(self._problem)
        self.growing.setToolTip(self._problem)
        self._update_buttons()  # what the run saved comes with the feed

    def _on_assistant_outcome(self, task_id: int, _stage: str, _summary: str,
                              problem: str) -> None:
        if task_id == self.task_id and problem:
            self._problem = problem
            self.growing.setStyleSheet("color: #c0392b;")

    def _on_assistant_plan_growing(self, task_id: int, steps: list[Any]) -> None:
        if task_id != self.task_id:
            return
        titles = [str(s.get("title", "")) for s in steps if isinstance(s, dict)]
        text = labels.fill(self.tr("Writing the plan: %1 steps so far — %2"), len(titles),
                           ", ".join(titles))
        self.growing.setText(text)
        self.growing.setToolTip("\n".join(titles))

    # --- plan actions --------------------------------------------------------------------

    def act(self, action: str) -> None:
        """Approve, pause, resume or abort the plan shown, when its status allows it
        (the plan menu's keys)."""
        if plan_allowed(action, self.status) and self._busy_actions == 0:
            self._on_action_clicked(action)

    def _on_action_clicked(self, action: str) -> None:
        if not self.task_id:
            return
        if action == "abort" and not self.confirm(
                self.tr("Abort the plan?"),
                self.tr("The plan stops for good and every open step is skipped. "
                        "A new plan can be generated afterwards.")):
            return
        self._busy_actions += 1
        self._update_buttons()
        what = labels.fill(self.tr("Plan of task %1: %2"), self.task_id, action)
        Op(self.ctx.runner, in_thread(plans.plan_action, self.task_id, action), what
           ).success(self._on_action_finished).failure(self._on_action_refused).run()

    def _on_action_finished(self, _result: object = None) -> None:
        self._busy_actions -= 1
        self._update_buttons()  # the plan's new status comes with the feed

    def _on_action_refused(self, message: str) -> None:
        self.ctx.status.error.emit(message)
        self._on_action_finished()

    def _on_approve_all_clicked(self) -> None:
        """Approve every waiting plan in a worker; the status line says how many."""
        self._busy_actions += 1
        self._update_buttons()
        Op(self.ctx.runner, in_thread(plans.approve_all), self.tr("Approving every waiting plan")
           ).success(self._on_approve_all_finished).failure(self._on_action_refused).run()

    def _on_approve_all_finished(self, approved: int) -> None:
        self._busy_actions -= 1
        if approved:
            self.ctx.status.info.emit(self.tr("Approved %n plan(s)", "", approved))
        else:
            self.ctx.status.info.emit(self.tr("No plan was waiting for approval"))
        self._update_buttons()

    def _ask(self, title: str, question: str) -> bool:
        answer = QMessageBox.question(self, title, question,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _on_revisions_clicked(self) -> None:
        dialog = RevisionDiffDialog(self.ctx, self.task_id, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.diff_dialog = dialog
