"""What other AI agents changed, each change undoable by the person.

Every write ``stepwise mcp`` makes goes through ``changing``: inside the write's own
transaction it keeps the task's rows as they were (none for a task the agent added) with
the client's name and a one-line summary, and the work log says "by <client>". ``undo``
puts the task back as it was before that change (a task the agent added goes to the
trash, restorable), refused when the task changed again since, so no later edit of the
person's is lost. The window lists the changes (``recent``) with an Undo button.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.errors import NotFound, Refused
from app.events import Change, Kind, events
from models import Task, WorkLog, atomic
from models.tables import AgentChange, utc_now

ACTOR = "agent"  # WorkLog.actor of an agent's writes (the message names the client)


@dataclass(frozen=True)
class ChangeView:
    """One agent change as the window and ``stepwise mcp changes`` show it."""

    id: int
    client: str
    task_id: int | None
    task_title: str | None  # None: the task is gone
    summary: str
    at: datetime
    undone_at: datetime | None
    undoable: bool


@contextmanager
def changing(client: str, task_id: int | None, summary: str) -> Iterator[list[int]]:
    """Journal one agent write: yields a list the caller appends the task's id to when
    it adds one (``task_id`` None); the rows before are kept, the log names the client.
    The caller's writes run inside this block's transaction."""
    added: list[int] = []
    with atomic():
        before = _rows(task_id) if task_id is not None else None
        yield added
        target = task_id if task_id is not None else (added[0] if added else None)
        if target is None:
            return
        entry = WorkLog.create(task=target, kind="agent", actor=ACTOR,
                               message=f"{summary} (by {client})")
        AgentChange.create(client=client, task_id=target, task_uid=Task.get_by_id(target).uid,
                           summary=summary, before=before, log_id=entry.id)


SCHEDULE = "scheduled_block"  # a change to the schedule: ``before`` holds the whole table


@contextmanager
def scheduling(client: str, summary: str) -> Iterator[None]:
    """Journal an agent's saved schedule: every scheduled block before it is kept, so
    ``undo`` puts the schedule back as it was. The caller's writes run inside."""
    from app.tasks.rows import stored_rows
    from models.tables import ScheduledBlock

    with atomic():
        rows = stored_rows(ScheduledBlock, ScheduledBlock.id.is_null(False))
        yield
        AgentChange.create(client=client, task_id=None, summary=summary,
                           before={SCHEDULE: rows})


def _rows(task_id: int) -> dict[str, list[dict[str, Any]]]:
    from app.tasks.rows import task_rows

    if Task.get_or_none(Task.id == task_id) is None:
        raise NotFound(f"there is no task {task_id}")
    return task_rows(task_id)


def recent(limit: int = 50) -> list[ChangeView]:
    """The newest agent changes first, each with whether it can still be undone."""
    rows = list(AgentChange.select().order_by(AgentChange.id.desc()).limit(limit))
    ids = {int(r.task_id) for r in rows if r.task_id is not None}
    found = {t.id: t for t in Task.select(Task.id, Task.title, Task.uid).where(Task.id.in_(ids))}
    latest = _latest_per_task(ids)
    out = []
    newest_schedule = _newest_schedule()
    for r in rows:
        if r.task_id is None:  # a saved schedule
            out.append(ChangeView(r.id, r.client, None, None, r.summary, r.at, r.undone_at,
                                  r.undone_at is None and r.id == newest_schedule))
            continue
        task = found.get(r.task_id or 0)
        if task is not None and r.task_uid and task.uid != r.task_uid:
            task = None  # its id went to another task since: that one is not this change's
        out.append(ChangeView(r.id, r.client, r.task_id, None if task is None else task.title,
                              r.summary, r.at, r.undone_at,
                              task is not None and r.undone_at is None
                              and latest.get(r.task_id or 0) == r.id
                              and not _changed_since(r)))
    return out


def _newest_schedule() -> int | None:
    """The newest saved schedule not undone (only that one undoes cleanly)."""
    row = (AgentChange.select(AgentChange.id)
           .where(AgentChange.task_id.is_null() & AgentChange.undone_at.is_null())
           .order_by(AgentChange.id.desc()).first())
    return None if row is None else int(row.id)


def _latest_per_task(ids: set[int]) -> dict[int, int]:
    """Each task's newest change not undone (only that one undoes cleanly)."""
    found: dict[int, int] = {}
    for row in (AgentChange.select(AgentChange.id, AgentChange.task_id)
                .where(AgentChange.task_id.in_(ids) & AgentChange.undone_at.is_null())
                .order_by(AgentChange.id)):
        found[int(row.task_id or 0)] = row.id
    return found


def undo(change_id: int) -> str:
    """Put the task back as it was before the agent's change; returns what was undone.

    Raises:
        NotFound: no such change.
        Refused: undone already, the task is gone, a later agent change must be undone
            first, or the person changed the task since (their edit is kept).
    """
    from app.reminders import store as reminders
    from app.tasks import store as tasks
    from app.tasks import trash
    from app.tasks.rows import restore_rows

    with atomic():
        row = AgentChange.get_or_none(AgentChange.id == change_id)
        if row is None:
            raise NotFound(f"there is no agent change {change_id}")
        if row.undone_at is not None:
            raise Refused(f"agent change {change_id} was undone already")
        if row.task_id is None:
            return _undo_schedule(row)
        task_id = int(row.task_id or 0)
        task = Task.get_or_none(Task.id == task_id)
        if task is not None and row.task_uid and task.uid != row.task_uid:
            task = None  # the id was given to another task since
        if task is None:
            raise Refused(f"the task of agent change {change_id} is gone")
        if _latest_per_task({task_id}).get(task_id) != row.id:
            raise Refused("a later change by an agent to this task must be undone first")
        if _changed_since(row):
            raise Refused(f"task {task_id} was changed since {row.client} changed it; "
                          "your later edit is kept")
        row.undone_at = utc_now()
        row.save()
        if row.before is None:  # the agent added it: to the trash, restorable
            trash.trash_task(task_id)
            return f"removed {task.title!r}, added by {row.client}"
        Task.delete().where(Task.id == task_id).execute()
        restore_rows(row.before)
        tasks.log(task_id, "agent", f"undone: {row.summary} (by {row.client})", actor=ACTOR)
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
    return f"undid {row.summary!r} by {row.client}"


def _undo_schedule(row: AgentChange) -> str:
    """Put the schedule back as it was before the agent's saved one (inside ``undo``'s
    transaction)."""
    from app.schedule import store as schedule

    if row.id != _newest_schedule():
        raise Refused("a later schedule saved by an agent must be undone first")
    schedule.restore_all((row.before or {}).get(SCHEDULE, []))
    row.undone_at = utc_now()
    row.save()
    return f"undid {row.summary!r} by {row.client}"


PEOPLE = ("user", "sync")  # the person, here or on another device


def _changed_since(row: AgentChange) -> bool:
    """Whether the person (here or on another device) changed the task after this."""
    return WorkLog.select().where(
        (WorkLog.task == row.task_id) & (WorkLog.id > (row.log_id or 0))
        & WorkLog.actor.in_(PEOPLE)).exists()
