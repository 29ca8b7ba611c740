"""The trash (Qt-free): a deleted task with everything that belongs to it, kept so that
``stepwise restore ID`` brings it back. Deletions that arrive from another device land
here too (``app.sync.pull``). A restore never overwrites: a task whose id was taken since
comes back under a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import peewee

from app.errors import NotFound, Refused
from app.tasks import store as tasks
from models import ALL_TABLES, atomic
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
    row = next((r for r in Trash.select().order_by(Trash.id.desc())
                if _task_id(r.snapshot) == task_id), None)
    if row is None:
        raise NotFound(f"task {task_id} is not in the trash (`stepwise sync trash` lists it)")
    return restore_row(row)


def restore_row(row: Trash) -> Restored:
    """Bring back the task of one trash row (``stepwise restore ID``, ``sync restore N``),
    never over what was written since: if another task has taken its id (or its UID), it
    comes back under a new one (``app.tasks.store.restore_task``)."""
    snapshot = _completed(row)
    try:
        with atomic():
            task_id = tasks.restore_task(snapshot)
            row.delete_instance()
    except peewee.IntegrityError as exc:  # a key or value the schema refuses
        raise _unrestorable(row, f"its rows do not fit the database ({exc})") from None
    return Restored(str(row.title), task_id, _task_id(snapshot) or task_id)


def _completed(row: Trash) -> dict[str, list[dict[str, Any]]]:
    """The row's snapshot with each column it lacks at its default (a snapshot taken
    before the column was added), or Refused naming what cannot be made up."""
    snapshot = row.snapshot
    models = {m._meta.table_name: m for m in ALL_TABLES}
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("task"), list) \
            or not snapshot["task"]:
        raise _unrestorable(row, "its snapshot holds no task")
    completed = {}
    for table, rows in snapshot.items():
        model = models.get(table)
        if model is None or not isinstance(rows, list):
            raise _unrestorable(row, f"its snapshot holds {str(table)[:40]!r}, which is "
                                     "not a table of this Stepwise")
        completed[table] = [_row_completed(row, model, one) for one in rows]
    return completed


def _row_completed(trashed: Trash, model: Any, row: object) -> dict[str, Any]:
    table = model._meta.table_name
    if not isinstance(row, dict) or not isinstance(row.get("id"), int):
        raise _unrestorable(trashed, f"a {table} row in its snapshot has no id")
    fields = {f.column_name: f for f in model._meta.sorted_fields}
    unknown = sorted(set(row) - set(fields))
    if unknown:
        raise _unrestorable(trashed, f"its {table} row has columns this Stepwise does not "
                                     f"have ({', '.join(str(c)[:40] for c in unknown)})")
    out = dict(row)
    for column, field in fields.items():
        if column not in out and field.default is not None:
            default = field.default() if callable(field.default) else field.default
            out[column] = field.db_value(default)
        elif column not in out and not field.null:
            raise _unrestorable(trashed, f"its {table} row has no {column!r}")
    return out


def _unrestorable(row: Trash, why: str) -> Refused:
    return Refused(f"the trash entry {row.id} (“{row.title}”) cannot be restored: {why}; "
                   "nothing was changed. `stepwise sync trash` lists what else it holds")


def _task_id(snapshot: object) -> int | None:
    rows = snapshot.get("task") if isinstance(snapshot, dict) else None
    first = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else {}
    value = first.get("id")
    return value if isinstance(value, int) else None
