"""A person's ticks (Qt-free): a task or a step ticked done, reopened, and each undone.

The person is the authority (DESIGN §4): a task ticked done is done whatever its plan —
its open steps close "done with the task" and come back when it is reopened — and a
repeating task moves on to its next occurrence. A person may tick any step in any order.
The same use cases serve the list's check circle, ``stepwise done`` / ``reopen`` and a
tick that arrives from another device through sync. Every tick can be undone: ``Tick``
remembers what the undo needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.events import Change, Kind, events
from app.plan import recurrence
from app.plan import store as plans
from app.plan.status import TASK_BY_PLAN
from app.reminders import store as reminders
from app.states import ACTIVE_PLAN, TASK, PlanStatus, StepStatus, TaskStatus
from app.tasks.rows import restore_rows, task_rows
from app.tasks.store import get_task, log, set_status
from models import Plan, Task, WorkLog, atomic

CLOSED_WITH_TASK = "done with the task"  # the result of a step the task's tick closed


def has_plan(task_id: int) -> bool:
    return Plan.select(Plan.id).where(Plan.task == task_id).exists()


@dataclass(frozen=True)
class Tick:
    """What undoes one tick: the task (and step) ticked and what they were before.

    ``rows`` holds the task's rows from before a tick that moved a repeating task on to
    its next occurrence (the only tick whose undo is more than a reopening)."""

    task_id: int
    before: str
    step_id: str | None = None
    rows: dict[str, list[dict[str, Any]]] | None = None
    opened: bool = False  # an untick: undo ticks it again


def finish_task(task_id: int, *, actor: str = "user") -> str:
    """Tick a task done; returns the status it had. A repeating task moves on to its next
    occurrence instead; a task with open steps closes them "done with the task".

    Raises:
        IllegalTransition: its status does not allow done (cancelled, failed, expired).
    """
    with atomic():
        task = get_task(task_id)
        before = str(task.status)
        if before == TaskStatus.DONE:
            return before
        TASK.check(before, TaskStatus.DONE)  # a cancelled task is refused before any change
        if task.recurrence:
            _finish_occurrence(task, actor)
        else:
            plan = plans.latest_plan(task_id)
            if plan is not None and plan.status in ACTIVE_PLAN:
                plans.close_with_task(plan, CLOSED_WITH_TASK)
            set_status(task, TaskStatus.DONE, why="ticked off", actor=actor)
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
    return before


def _finish_occurrence(task: Task, actor: str) -> None:
    """This occurrence is done: the task (and its plan) move on to the next one. A plan
    that waits for approval keeps waiting; only the task's times move on."""
    plan = plans.latest_plan(task.id)
    if plan is not None and plan.status in (PlanStatus.IN_PROGRESS, PlanStatus.PAUSED):
        plans.close_with_task(plan, CLOSED_WITH_TASK)
    if plan is not None and plan.status != PlanStatus.PENDING:
        plans.roll_forward(task, plans.latest_plan_or_fail(task.id), defer=False)
    elif plan is not None:
        recurrence.roll_times(task)
        task.save()
    else:
        plans.roll_simple(task)
    log(task.id, "done", "this occurrence ticked off", actor=actor)


def reopen_task(task_id: int, *, actor: str = "user") -> None:
    """Open a finished task again (a second click, ``stepwise reopen``, another device):
    the steps its tick closed come back, and it takes up its plan where it was."""
    with atomic():
        task = get_task(task_id)
        plan = plans.latest_plan(task_id)
        if plan is not None and plan.status == PlanStatus.COMPLETED:
            plans.reopen_closed(plan, CLOSED_WITH_TASK)
            plan = plans.latest_plan(task_id)
        set_status(task, _reopened_status(task, plan), why="reopened", actor=actor)
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))


def _reopened_status(task: Task, plan: Plan | None) -> str:
    """A reopened task follows its active plan; without one it is open as it was
    before the assistant's review (reviewed) or before any (new)."""
    if plan is not None and plan.status in TASK_BY_PLAN:
        return TASK_BY_PLAN[PlanStatus(plan.status)]
    reviewed = WorkLog.select().where((WorkLog.task == task.id)
                                      & (WorkLog.stage == "review")).exists()
    return TaskStatus.REVIEWED if reviewed else TaskStatus.NEW


# --- ticks that can be undone (the window's check circles) ---------------------------

def tick_task(task_id: int) -> Tick:
    """``finish_task`` with what undoes it."""
    rows = _rows_if_repeating(task_id)
    return Tick(task_id, finish_task(task_id), rows=rows)


def tick_step(task_id: int, step_id: str) -> Tick:
    """A person's tick of one step (any order), with what undoes it."""
    rows = _rows_if_repeating(task_id)
    plan = plans.active_plan(task_id)
    before = str(plans.find_step(plan, step_id).status)
    plans.step_action(task_id, step_id, "done", actor="user")
    return Tick(task_id, before, step_id, rows)


def untick_step(task_id: int, step_id: str) -> Tick:
    """A person opens a finished step again (its check circle clicked once more), with
    what undoes it (ticking it again)."""
    plan = plans.latest_plan_or_fail(task_id)
    before = str(plans.find_step(plan, step_id).status)
    plans.step_action(task_id, step_id, "reopen", actor="user")
    return Tick(task_id, before, step_id, opened=True)


def undo(tick: Tick) -> None:
    """Undo a tick: the task (or step) is as it was before."""
    if tick.rows is not None:
        _restore(tick)
    elif tick.opened and tick.step_id is not None:
        action = "skip" if tick.before == StepStatus.SKIPPED else "done"
        plans.step_action(tick.task_id, tick.step_id, action, actor="user")
    elif tick.step_id is not None:
        plans.step_action(tick.task_id, tick.step_id, "reopen",
                          back_to=StepStatus(tick.before) if tick.before in (
                              StepStatus.PENDING, StepStatus.IN_PROGRESS) else None)
    elif tick.before != TaskStatus.DONE:
        reopen_task(tick.task_id)


def _rows_if_repeating(task_id: int) -> dict[str, list[dict[str, Any]]] | None:
    task = get_task(task_id)
    return task_rows(task_id) if task.recurrence else None


def _restore(tick: Tick) -> None:
    """Put a repeating task's rows back as they were before its tick moved it on."""
    assert tick.rows is not None
    with atomic():
        get_task(tick.task_id)
        Task.delete().where(Task.id == tick.task_id).execute()
        restore_rows(tick.rows)
        log(tick.task_id, "done", "tick undone", actor="user")
        reminders.schedule_for_task(tick.task_id)
    events.emit(Change(Kind.TASK_CHANGED, tick.task_id))
