"""Ticking a simple task off and reopening it (Qt-free): what the list's check circle does.

A simple task is one without a plan: with a plan, its steps are ticked off instead and
the plan finishes the task. A recurring task is not ticked off here (it rolls forward
with its plan). Moves go through ``app.states.TASK``: done → new is how a task reopens.
"""

from __future__ import annotations

from app.errors import Refused
from app.events import Change, Kind, events
from app.reminders import store as reminders
from app.states import TaskStatus
from app.tasks.store import get_task, set_status
from models import Plan, atomic


def has_plan(task_id: int) -> bool:
    return Plan.select(Plan.id).where(Plan.task == task_id).exists()


def finish_task(task_id: int) -> str:
    """Mark a simple task done; returns the status it had (for undo).

    Raises:
        Refused: the task has a plan, or repeats.
        IllegalTransition: its status does not allow done.
    """
    with atomic():
        task = get_task(task_id)
        if has_plan(task_id):
            raise Refused(f"“{task.title}” has a plan: tick off its steps instead")
        if task.recurrence:
            raise Refused(f"“{task.title}” repeats: it moves on to its next time by itself")
        before = str(task.status)
        set_status(task, TaskStatus.DONE, why="ticked off")
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
    return before


def reopen_task(task_id: int) -> None:
    """Open a finished task again (undo of a tick, or a second click)."""
    with atomic():
        task = get_task(task_id)
        set_status(task, TaskStatus.NEW, why="reopened")
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
