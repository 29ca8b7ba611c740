"""One task's rows as stored, and back: what deleting a task keeps so Undo restores it.

The rows have the shape of the database export (``app.io.transfer``), which reads its
columns from here; nothing here imports the export, so ``app.tasks.store`` can use it.
"""

from __future__ import annotations

from typing import Any

from models import ALL_TABLES, Task, database
from models.fields import JSONField


def table_columns(model: Any) -> list[tuple[str, bool]]:
    """(column name, is JSON) in the model's field order."""
    return [(f.column_name, isinstance(f, JSONField)) for f in model._meta.sorted_fields]


def task_rows(task_id: int) -> dict[str, list[dict[str, Any]]]:
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
    out: dict[str, list[dict[str, Any]]] = {}
    for model, where in wheres.items():
        columns = table_columns(model)
        rows = model.select(*model._meta.sorted_fields).where(where).order_by(
            model._meta.primary_key).tuples()
        out[model._meta.table_name] = [
            {c: v for (c, _), v in zip(columns, _raw(model, row), strict=True)} for row in rows]
    return out


def _raw(model: Any, row: Any) -> list[Any]:
    """Python values back to stored values (instants as text, JSON as text)."""
    return [field.db_value(v) for field, v in zip(model._meta.sorted_fields, row, strict=True)]


def restore_rows(rows: dict[str, list[dict[str, Any]]]) -> None:
    """Put rows back (caller's transaction); rows that still exist are replaced."""
    database.execute_sql("PRAGMA defer_foreign_keys = ON")
    for model in ALL_TABLES:
        table = model._meta.table_name
        for row in rows.get(table, []):
            columns = list(row)
            names = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join("?" for _ in columns)
            sql = f'INSERT OR REPLACE INTO "{table}" ({names}) VALUES ({marks})'
            database.execute_sql(sql, [row[c] for c in columns])
