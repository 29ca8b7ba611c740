"""The trash (Qt-free): a deleted task with everything that belongs to it, kept so that
``stepwise restore ID`` brings it back. Deletions that arrive from another device land
here too (``app.sync.pull``).
"""

from __future__ import annotations

from app.errors import NotFound, Refused
from app.tasks import store as tasks
from models import Task, atomic
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


def restore_task(task_id: int) -> str:
    """Bring the task that had id ``task_id`` back from the trash (the latest deletion of
    it); returns its title.

    Raises:
        NotFound: nothing in the trash had that id.
        Refused: another task has taken the id since (nothing is overwritten).
    """
    with atomic():
        row = next((r for r in Trash.select().order_by(Trash.id.desc())
                    if _task_id(r.snapshot) == task_id), None)
        if row is None:
            raise NotFound(f"task {task_id} is not in the trash (`stepwise sync trash` lists it)")
        return restore_row(row)


def restore_row(row: Trash) -> str:
    """Bring back the task of one trash row (``stepwise restore ID``, ``sync restore N``);
    returns its title.

    Raises:
        Refused: another task has taken its id since: nothing is overwritten.
    """
    task_id = _task_id(row.snapshot)
    with atomic():
        if task_id is not None and Task.select().where(Task.id == task_id).exists():
            raise Refused(f"task {task_id} is in use by another task now; "
                          f"“{row.title}” stays in the trash")
        tasks.restore_task(row.snapshot)
        row.delete_instance()
    return str(row.title)


def _task_id(snapshot: object) -> int | None:
    rows = snapshot.get("task") if isinstance(snapshot, dict) else None
    first = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else {}
    value = first.get("id")
    return value if isinstance(value, int) else None
