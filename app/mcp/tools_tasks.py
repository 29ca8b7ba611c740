"""The task tools of ``stepwise mcp``: list and search, show, add, edit, done and reopen.

Each takes plain values and returns a JSON value; each write is one transaction through
``app.mcp.changes.changing`` (logged "by <client>", undoable from the window).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from app.dates import days
from app.mcp import changes, gates
from app.plan.views import task_detail, task_json
from app.tasks import queries
from app.tasks.store import NewTask, add_task, get_task
from models.fields import format_utc


def _when(value: date | datetime | None) -> str | None:
    if value is None:
        return None
    return format_utc(value) if isinstance(value, datetime) else value.isoformat()


def list_tasks(view: str, text: str, tag: str | None, status: str | None, sort: str,
               limit: int) -> dict[str, Any]:
    """The tasks a view of the window shows (searched by ``text``), in its order."""
    query = queries.TaskQuery(view=view, tag=tag or None, status=status or None, text=text,
                              sort=sort)
    ids = queries.matching_ids(query)
    rows = queries.rows_for(ids[:limit])
    return {"view": view, "total": len(ids), "tasks": [
        {"id": r.id, "title": r.title, "status": r.status, "priority": r.priority,
         "due_at": _when(r.due), "all_day": r.due_day is not None, "tags": list(r.tags),
         "problem": r.problem,
         "has_plan": r.has_plan} for r in (rows[i] for i in ids[:limit])]}


def show_task(task_id: int) -> dict[str, Any]:
    """The task with its latest plan (PlanSpec), the plan's status and every revision."""
    return task_detail(task_id)


def understood(new: NewTask) -> dict[str, Any]:
    """What the quick-add grammar read from the typed line."""
    return {"title": new.title, "detail": new.detail, "priority": new.priority,
            "tags": list(new.tags), "due_at": _when(new.due_at),
            "all_day": new.due_at is not None and days.is_day(new.due_at),
            "recurrence": new.recurrence}


def add(client: str, text: str, due: str) -> dict[str, Any]:
    """Add a task from a quick-add line ("Pay rent on the 5th every month #home !2")."""
    from app.tasks.quickadd import new_task

    new = new_task(text, due, datetime.now(UTC))
    with changes.changing(client, None, f"added {new.title[:80]!r}") as added:
        task = add_task(new)
        added.append(task.id)
    return {"task": task_json(get_task(task.id)), "understood": understood(new)}


def edit(client: str, task_id: int, *, title: str | None, detail: str | None,
         priority: int | None, due: str | None, add_tags: list[str],
         remove_tags: list[str]) -> dict[str, Any]:
    """Change a task's title, detail, priority, due time ("none" removes it) or tags."""
    from app.tasks.edit import CLEAR, TaskEdit, changes_for, edit_task

    due_at, clear, named = None, False, False
    if due is not None and due.strip().lower() == CLEAR:
        clear = True
    elif due is not None:
        from app.dates.when import parse_when

        read = parse_when(due, "due")
        due_at, named = days.as_given(read.when, read.had_time), read.had_time
    ops = (*(f"+{t}" for t in add_tags), *(f"-{t}" for t in remove_tags))
    wanted = TaskEdit(title=title, detail=detail, priority=priority, due_at=due_at,
                      clear_due=clear, tag_ops=ops, due_named=named)
    fields = sorted(changes_for(task_id, wanted))
    if not fields:
        return {"task": task_json(get_task(task_id)), "changed": []}
    with changes.changing(client, task_id, "edited " + ", ".join(fields)):
        changed = edit_task(task_id, wanted)
    return {"task": task_json(get_task(task_id)), "changed": changed}


def done(client: str, task_id: int) -> dict[str, Any]:
    """Tick the task done (a repeating task moves on to its next time)."""
    from app.plan import ticks

    with changes.changing(client, task_id, "ticked done"):
        before = ticks.finish_task(task_id, actor=changes.ACTOR)
    return {"task": task_json(get_task(task_id)), "status_before": before}


def reopen(client: str, task_id: int) -> dict[str, Any]:
    """Open a finished task again (refused when its plan acts for the person)."""
    from app.plan import ticks

    with changes.changing(client, task_id, "reopened"):
        gates.check_reopen(task_id)
        ticks.reopen_task(task_id, actor=changes.ACTOR)
    return {"task": task_json(get_task(task_id))}
