"""An import's fast path: the rows of plain tasks written with one ``executemany`` per
table, inside the caller's short transaction (``app.io.importers.store``).

Plain is a task without a plan and without occurrences marked done elsewhere, which is
nearly every task of a big file. Its rows are the ones the per-task path writes through
``add_task`` and the import's own steps, in the same order and with the same ids: the
task (its UID, tags, the file's creation and change times, its status), its work log
(``create``, a ``state`` line when it arrives closed or waiting, ``import``), and the
reminders ``schedule_new_task`` makes for a dated task; its changes are emitted after
commit as those steps emit them. 100,000 tasks take seconds instead of minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from types import SimpleNamespace
from typing import Any, cast

import peewee

from app.events import Change, Kind, events
from app.io.importers.incoming import Incoming
from app.reminders.wanted import Timing, reminders_for, timing_now
from app.states import TaskStatus
from app.tasks.store import task_row
from models import Reminder, Task, WorkLog, database
from models.fields import InstantOutOfRange, JSONField, UTCDateTimeField, checked_utc
from models.tables import utc_now

FLUSH_AT = 2_000  # tasks held before they are written (a transaction's last write is short)
LOOKUP = 500  # UIDs asked about in one query


def plain(incoming: Incoming) -> bool:
    """Whether ``incoming`` goes through the fast path (no plan, nothing to roll on)."""
    return incoming.plan is None and not (incoming.done and incoming.status == TaskStatus.NEW)


class Writer:
    """The rows of one transaction's plain tasks, written on ``flush``.

    Also answers whether a UID is here already (``here``), for the whole batch a
    ``LOOKUP`` at a time, counting the tasks added in this transaction.
    """

    def __init__(self, tasks: Sequence[Incoming], source: str) -> None:
        self._tasks = tasks
        self._source = source
        self._timing: Timing = timing_now()
        self._next_id: int | None = None
        self._rows: dict[type[peewee.Model], list[dict[str, Any]]] = {
            Task: [], WorkLog: [], Reminder: []}
        self._pending = 0
        self._asked_to = 0  # tasks[:_asked_to]'s UIDs were looked up
        self._here: set[str] = set()

    def here(self, position: int) -> bool:
        """Whether the UID of ``tasks[position]`` is in the store (or added meanwhile)."""
        uid = self._tasks[position].uid
        if not uid:
            return False
        if position >= self._asked_to:
            ahead = self._tasks[position:position + LOOKUP]
            self._asked_to = position + len(ahead)
            wanted = list({t.uid for t in ahead if t.uid})
            marks = ", ".join("?" for _ in wanted)  # Peewee builds 500 parameters slowly
            found = database.execute_sql(f"SELECT uid FROM task WHERE uid IN ({marks})", wanted)
            self._here.update(row[0] for row in found)
        return uid in self._here

    def added_elsewhere(self, uid: str | None) -> None:
        """A task with ``uid`` was added by the per-task path in this transaction (after
        a ``flush``): its UID is here now, and the next id is asked again."""
        if uid:
            self._here.add(uid)
        self._next_id = None

    def add(self, incoming: Incoming, row: dict[str, Any] | None = None) -> int:
        """Hold the rows of a plain task (``row``: its ``task_row``, when worked out
        already); returns the id it will have.

        Raises:
            Refused: the task breaks a rule of ``add_task``.
        """
        row = dict(task_row(incoming.new) if row is None else row)
        task_id = self._take_id()
        uid = incoming.uid or None
        row.update(id=task_id, **({"uid": uid} if uid else {}))
        now = utc_now()
        stored = now.replace(microsecond=0)  # as stored: one text for every row of a second
        row.update(created_at=stored, updated_at=stored)
        self._log(task_id, "create", f"added by {incoming.new.creator}", stored)
        dated = row["start_at"] is not None or row["due_at"] is not None
        if dated:
            self._remind(row, incoming.status, now)
        if incoming.status != TaskStatus.NEW:
            row["status"] = incoming.status
            self._log(task_id, "state", f"{TaskStatus.NEW} → {incoming.status}: as it was in "
                      f"{self._source}", stored)
        row.update(_kept_times(incoming))
        self._log(task_id, "import", f"imported from {self._source}", stored)
        self._rows[Task].append(row)
        if uid:
            self._here.add(uid)
        self._next_id = task_id + 1
        if dated:
            events.emit(Change(Kind.REMINDERS_SCHEDULED, task_id))
        events.emit(Change(Kind.TASK_ADDED, task_id))
        self._pending += 1
        if self._pending >= FLUSH_AT:
            self.flush()
        return task_id

    def flush(self) -> None:
        """Write the rows held (tasks first: the others point at them)."""
        for model, rows in self._rows.items():
            insert_rows(model, rows)
            rows.clear()
        self._pending = 0

    def _take_id(self) -> int:
        """The id SQLite would give the next task: the write lock is ours (BEGIN
        IMMEDIATE), so nobody else adds one meanwhile."""
        if self._next_id is None:
            self.flush()
            top = Task.select(peewee.fn.MAX(Task.id)).scalar()
            self._next_id = (top or 0) + 1
        return self._next_id

    def _log(self, task_id: int, kind: str, message: str, at: datetime) -> None:
        self._rows[WorkLog].append({"task": task_id, "kind": kind, "message": message,
                                    "actor": "user", "at": at})

    def _remind(self, row: dict[str, Any], status: str, now: datetime) -> None:
        """The reminders ``schedule_for_task`` keeps for a task just added in ``status``
        (none when it arrives done or cancelled), read from its columns: a Task made for
        it would make a UUID it does not need."""
        task = cast(Task, SimpleNamespace(status=status, **row))
        for w in reminders_for(task, self._timing, now, step_dues=[]):
            self._rows[Reminder].append({"task": row["id"], "step": w.step_pk,
                                         "kind": w.kind, "text": w.text, "fire_at": w.fire_at})


def _kept_times(incoming: Incoming) -> dict[str, datetime]:
    """The creation and change times the other planner kept (``store._keep_times``)."""
    times = {}
    for column, when in (("created_at", incoming.created_at),
                         ("updated_at", incoming.updated_at)):
        try:
            if when is not None:
                times[column] = checked_utc(when)
        except InstantOutOfRange:
            continue
    return times


def insert_rows(model: type[peewee.Model], rows: Iterable[dict[str, Any]]) -> None:
    """Insert ``rows`` (field name → Python value) as Peewee's ``create`` would: a field
    left out gets its default, each value its column's ``db_value``.

    Column by column: a column whose values are all of the type it stores (or None) is
    written as it is, found with one ``set(map(type, …))``; 300,000 rows hold 3 million
    values, and a call per value was seconds of a big import."""
    rows = list(rows)
    if not rows:
        return
    fields = [f for f in model._meta.sorted_fields
              if not isinstance(f, peewee.AutoField) or f.name in rows[0]]
    columns = [_column(rows, f, model._meta.defaults.get(f)) for f in fields]
    names = ", ".join(f'"{f.column_name}"' for f in fields)
    marks = ", ".join("?" for _ in fields)
    sql = f'INSERT INTO "{model._meta.table_name}" ({names}) VALUES ({marks})'
    database.cursor().executemany(sql, zip(*columns, strict=True))


_MISSING = object()


def _column(rows: list[dict[str, Any]], field: peewee.Field, default: Any) -> list[Any]:
    """One column's stored values for ``rows``."""
    name = field.name
    values = [row.get(name, _MISSING) for row in rows]
    if _MISSING in values:
        values = [(default() if callable(default) else default) if v is _MISSING else v
                  for v in values]
    plain = _PLAIN_COLUMNS.get(type(field))
    if plain is not None and set(map(type, values)) <= {plain, type(None)}:
        return values
    if isinstance(field, UTCDateTimeField):  # a few instants, each written once
        texts = {value: field.db_value(value) for value in set(values)}
        return list(map(texts.__getitem__, values))
    return list(map(_stored(field), values))


_PLAIN_COLUMNS: dict[type[peewee.Field], type] = {
    peewee.TextField: str, peewee.IntegerField: int, peewee.ForeignKeyField: int,
    peewee.AutoField: int}


def _stored(field: peewee.Field) -> Callable[[Any], Any]:
    """The field's ``db_value``, with a short cut for what it would return unchanged (a
    ``str`` in a text column, an ``int`` in an integer one) and an empty JSON list
    (most of a task's five lists are empty)."""
    if isinstance(field, JSONField):
        return lambda value: "[]" if value == [] else field.db_value(value)
    kind = _PLAIN_COLUMNS.get(type(field))
    if kind is not None:
        return lambda value: value if value.__class__ is kind else field.db_value(value)
    return field.db_value
