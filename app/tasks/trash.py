"""The trash (Qt-free): a deleted task with everything that belongs to it, kept so that
``stepwise restore ID`` brings it back. Deletions that arrive from another device land
here too (``app.sync.pull``). A restore never overwrites: a task whose id was taken since
comes back under a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.errors import NotFound
from app.tasks import store as tasks
from models import atomic
from models.tables import Trash


def trash_task(task_id: int) -> str:
    """Delete a task into the trash; returns its title.

    Raises:
        NotFound: there is no such task.
    """
    with atomic():
        task = tasks.get_task(task_id)
        title, uid = task.title, task.uid
        snapshot = tasks.delete_task(task_id)
        Trash.create(task_uid=uid or "", title=title, snapshot=snapshot)
    return title


@dataclass(frozen=True)
class Restored:
    """A task back from the trash: under its old id, or under a new one if that was taken."""

    title: str
    task_id: int  # the id it is back under
    was_id: int  # the id it had when deleted


def restore_task(task_id: int) -> Restored:
    """Bring the task that had id ``task_id`` back from the trash (the latest deletion of
    it), under a new id if another task has taken that one since.

    Raises:
        NotFound: nothing in the trash had that id.
    """
    with atomic():
        row = next((r for r in Trash.select().order_by(Trash.id.desc())
                    if _task_id(r.snapshot) == task_id), None)
        if row is None:
            raise NotFound(f"task {task_id} is not in the trash (`stepwise sync trash` lists it)")
        return restore_row(row)


def restore_row(row: Trash) -> Restored:
    """Bring back the task of one trash row (``stepwise restore ID``, ``sync restore N``),
    never over what was written since: if another task has taken its id (or its UID), it
    comes back under a new one (``app.tasks.store.restore_task``)."""
    with atomic():
        task_id = tasks.restore_task(row.snapshot)
        row.delete_instance()
    return Restored(str(row.title), task_id, _task_id(row.snapshot) or task_id)


def _task_id(snapshot: object) -> int | None:
    rows = snapshot.get("task") if isinstance(snapshot, dict) else None
    first = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else {}
    value = first.get("id")
    return value if isinstance(value, int) else None
