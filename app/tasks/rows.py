"""One task's rows as stored, and back: what deleting a task keeps so Undo restores it.

``insert_rows`` puts a deleted task back beside what was written since, never over it (a
row whose id was taken comes back under a new one); ``restore_rows`` puts a task that
still exists back as it was (undoing a tick). The rows have the shape of the database
export (``app.io.transfer``), which reads its columns from here; nothing here imports the
export, so ``app.tasks.store`` can use it.
"""

from __future__ import annotations

from itertools import count
from typing import Any

import peewee

from models import ALL_TABLES, Task, database
from models.fields import JSONField

Rows = dict[str, list[dict[str, Any]]]


def table_columns(model: Any) -> list[tuple[str, bool]]:
    """(column name, is JSON) in the model's field order."""
    return [(f.column_name, isinstance(f, JSONField)) for f in model._meta.sorted_fields]


def task_rows(task_id: int) -> Rows:
    """Every row that belongs to one task, as stored (the shape of the export)."""
    from models import (
        ModelCall,
        OutboxMessage,
        Plan,
        Reminder,
        Step,
        StepDependency,
        StepLayout,
        WorkLog,
    )

    plan_ids = [p.id for p in Plan.select(Plan.id).where(Plan.task == task_id)]
    step_ids = [s.id for s in Step.select(Step.id).where(Step.plan.in_(plan_ids))]
    wheres = {
        Task: Task.id == task_id, Plan: Plan.task == task_id, Step: Step.plan.in_(plan_ids),
        StepDependency: StepDependency.step.in_(step_ids), Reminder: Reminder.task == task_id,
        WorkLog: WorkLog.task == task_id, OutboxMessage: OutboxMessage.task == task_id,
        StepLayout: StepLayout.task == task_id, ModelCall: ModelCall.task == task_id,
    }
    return {model._meta.table_name: stored_rows(model, where) for model, where in wheres.items()}


def stored_rows(model: Any, where: Any) -> list[dict[str, Any]]:
    """The rows of ``model`` that ``where`` selects, as stored, in key order."""
    columns = table_columns(model)
    rows = model.select(*model._meta.sorted_fields).where(where).order_by(
        model._meta.primary_key).tuples()
    return [{c: v for (c, _), v in zip(columns, _raw(model, row), strict=True)} for row in rows]


def _raw(model: Any, row: Any) -> list[Any]:
    """Python values back to stored values (instants as text, JSON as text)."""
    return [field.db_value(v) for field, v in zip(model._meta.sorted_fields, row, strict=True)]


def restore_rows(rows: Rows) -> None:
    """Put a task's rows back as they were after deleting it (caller's transaction; undoing
    a tick): ``insert_rows``, which needs the task's id to be free."""
    insert_rows(rows)


def insert_rows(rows: Rows) -> dict[str, dict[int, int]]:
    """Put rows back beside the rows there now, never over another one (caller's
    transaction): a row whose id is taken gets a fresh id, and every key in ``rows`` that
    pointed at it follows (a plan's steps, a dependency's two steps, a step's parent, a
    log's step). A row the delete left behind (a model call, its task key set to NULL)
    is this very row: it is written over, linked again.

    Returns:
        For each table in ``rows``, each row's id there and the id it has now.
    """
    database.execute_sql("PRAGMA defer_foreign_keys = ON")
    present = [m for m in ALL_TABLES if rows.get(m._meta.table_name)]
    placed = {m._meta.table_name: _fresh_ids(m, rows[m._meta.table_name]) for m in present}
    moved = {table: ids for table, (ids, _left) in placed.items()}
    for model in present:
        left = placed[model._meta.table_name][1]
        for row in rows[model._meta.table_name]:
            verb = "INSERT OR REPLACE" if row["id"] in left else "INSERT"
            _write(model._meta.table_name, _moved(model, row, moved), verb)
    return moved


def _fresh_ids(model: Any, rows: list[dict[str, Any]]) -> tuple[dict[int, int], set[int]]:
    """Each row's id, or a new one above every id in the table and in ``rows`` if another
    row has it; and the ids whose row there now is this one, left behind by the delete."""
    there = {r["id"]: r for r in stored_rows(model, model.id.in_([row["id"] for row in rows]))}
    left = {row["id"] for row in rows
            if row["id"] in there and _left_behind(model, there[row["id"]], row)}
    top = max([*(row["id"] for row in rows), model.select(peewee.fn.MAX(model.id)).scalar() or 0])
    fresh = count(top + 1)
    return {row["id"]: next(fresh) if row["id"] in there and row["id"] not in left
            else row["id"] for row in rows}, left


def _left_behind(model: Any, now: dict[str, Any], then: dict[str, Any]) -> bool:
    """Whether the stored row ``now`` is ``then`` with keys that deleting set to NULL."""
    emptied = {f.column_name for f in model._meta.sorted_fields
               if isinstance(f, peewee.ForeignKeyField) and f.on_delete == "SET NULL"
               and now.get(f.column_name) is None and then.get(f.column_name) is not None}
    return bool(emptied) and all(value == then.get(column) for column, value in now.items()
                                 if column not in emptied)


def _moved(model: Any, row: dict[str, Any], moved: dict[str, dict[int, int]]
           ) -> dict[str, Any]:
    """``row`` under its new id, its keys pointing at the new ids of the rows they name."""
    out = {**row, "id": moved[model._meta.table_name][row["id"]]}
    for field in model._meta.sorted_fields:
        ids = moved.get(field.rel_model._meta.table_name, {}) \
            if isinstance(field, peewee.ForeignKeyField) else {}
        if out.get(field.column_name) in ids:
            out[field.column_name] = ids[out[field.column_name]]
    return out


def _write(table: str, row: dict[str, Any], verb: str) -> None:
    columns = list(row)
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    database.execute_sql(f'{verb} INTO "{table}" ({names}) VALUES ({marks})',
                         [row[c] for c in columns])
