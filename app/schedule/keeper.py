"""Keeping the schedule current: re-schedule after the changes that can move blocks.

A calendar sync, a step done early or late (or any step move), an estimate, a task's due
or start, a new plan revision (dependencies) or its approval: each may move blocks. Only
a person who has scheduled (some block exists) gets re-scheduled; pinned and under-way
blocks stay (``app.schedule.inputs``), and the work log says what moved and why.
"""

from __future__ import annotations

from collections.abc import Callable

from app.events import Changes, Kind, events
from models import ScheduledBlock

RESCHEDULE_ON: dict[str, str] = {
    Kind.CALENDAR_SYNCED: "a calendar synced",
    Kind.STEP_CHANGED: "a step changed",
    Kind.TASK_CHANGED: "a task's times or priority changed",
    Kind.PLAN_SAVED: "a new plan revision",
    Kind.PLAN_APPROVED: "a plan was approved",
    Kind.PLAN_ABORTED: "a plan was aborted",
    Kind.TASK_DELETED: "a task was deleted",
}

_listening: list[Callable[[], None]] = []


def scheduling_on() -> bool:
    """Whether the person schedules: some block exists (``schedule clear`` turns it off)."""
    return bool(ScheduledBlock.select(ScheduledBlock.id).exists())


BY_HAND = frozenset({"moved", "resized", "restored"})  # details of a person's block edit


def trigger(kind: str, detail: str) -> str | None:
    """Why a change of this kind calls for a new schedule, or None (no database read).

    A run's own ``schedule_changed`` is not one; a person's move, resize or undo of a
    block is, so the other blocks make room around it."""
    if kind == Kind.SCHEDULE_CHANGED:
        return "a block was moved by hand" if detail in BY_HAND else None
    return RESCHEDULE_ON.get(kind)


def reasons(changes: Changes) -> list[str]:
    """Why these changes call for a new schedule, each reason once (no database read)."""
    found = (trigger(change.kind, change.detail) for change in changes)
    return list(dict.fromkeys(why for why in found if why is not None))


def reason_for(changes: Changes) -> str | None:
    """The first reason ``changes`` call for a new schedule (None when they do not, or
    nobody schedules)."""
    why = reasons(changes)
    return why[0] if why and scheduling_on() else None


def keep_current() -> Callable[[], None]:
    """Re-schedule at once after each such change (the command line; the window runs it in
    a worker instead). Safe to call twice; returns the function that stops it."""
    if not _listening:
        _listening.append(events.subscribe(_on_change))
    return stop


def stop() -> None:
    """Stop re-scheduling after changes (until ``keep_current`` again)."""
    while _listening:
        _listening.pop()()


def _on_change(changes: Changes) -> None:
    why = reason_for(changes)
    if why is not None:
        from app.schedule.store import run

        run(why=why)
