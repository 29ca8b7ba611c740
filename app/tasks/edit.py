"""Editing a task's own fields from the command line (``stepwise edit``): the changes a
person asks for, checked and applied through ``app.tasks.store.update_task`` in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from app.errors import Refused
from app.tasks.store import get_task, update_task, when

CLEAR = "none"  # ``--due none`` removes the due time


@dataclass(frozen=True)
class TaskEdit:
    """What to change; None leaves a field as it is. ``tag_ops`` are ``+T`` (add) and
    ``-T`` (remove); a bare ``T`` adds. ``clear_due`` removes the due time."""

    title: str | None = None
    detail: str | None = None
    priority: int | None = None
    due_at: date | datetime | None = None  # a date: all day
    clear_due: bool = False
    tag_ops: tuple[str, ...] = ()
    due_named: bool = False  # the due phrase named a clock time ("friday 3pm")


def apply_tag_ops(current: Sequence[str], ops: Sequence[str]) -> list[str]:
    """The tags after ``ops``, in order; removing a tag the task does not have is refused."""
    tags = list(current)
    for op in ops:
        name = op[1:].strip() if op[:1] in "+-" else op.strip()
        if not name:
            raise Refused(f"{op!r} names no tag; write --tag +NAME or --tag -NAME")
        if op.startswith("-"):
            if name not in tags:
                raise Refused(f"the task has no tag {name!r} to remove (it has "
                              f"{', '.join(tags) or 'none'})")
            tags.remove(name)
        elif name not in tags:
            tags.append(name)
    return tags


def changes_for(task_id: int, edit: TaskEdit) -> dict[str, object]:
    """The fields whose value would differ, with their new values."""
    task = get_task(task_id)
    wanted: dict[str, object] = {}
    for name in ("title", "detail", "priority"):
        value = getattr(edit, name)
        if value is not None:
            wanted[name] = value.strip() if name == "title" else value
    if edit.clear_due or edit.due_at is not None:
        wanted["due_at"] = None if edit.clear_due else edit.due_at
    if edit.tag_ops:
        wanted["tags"] = sorted(set(apply_tag_ops(task.tags, edit.tag_ops)))
    return {name: value for name, value in wanted.items()
            if value != (sorted(task.tags) if name == "tags" else when(task, "due")
                         if name == "due_at" else getattr(task, name))}


def edit_task(task_id: int, edit: TaskEdit) -> list[str]:
    """Apply ``edit``; returns the names of the fields that changed (none: nothing saved).

    Raises:
        NotFound: no such task.
        Refused: the edit breaks a rule (an empty title, a due time before the start …).
    """
    changes = changes_for(task_id, edit)
    if changes:
        update_task(task_id, named=("due",) if edit.due_named else (), **changes)
    return sorted(changes)
