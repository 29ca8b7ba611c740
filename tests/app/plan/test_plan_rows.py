"""Rows and PlanSpec steps, both ways (app.plan.rows), driven by the declared fields."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path

from app.config import settings
from app.plan import rows as plan_rows
from app.plan import store as plans
from app.plan.spec import STEP_KEYS, PlanStep
from app.tasks.store import NewTask, add_task
from models import Step

FULL = {"schema_version": 2, "steps": [
    {"id": "a", "title": "A", "objective": "why", "target": "assistant.write",
     "inputs": {"instructions": "x"},
     "output_schema": {"type": "object"}, "done_when": "done", "worker": "assistant",
     "due": "2026-12-24T10:00:00Z", "estimate_minutes": 30, "status": "completed",
     "result": "ok", "error": None},
    {"id": "b", "title": "B", "depends_on": ["a"], "parent": "g", "target": "user"},
    {"id": "g", "title": "G", "target": None},
]}


def test_every_step_field_is_stored_in_a_column_or_as_a_key() -> None:
    stored = {name for name, _ in plan_rows.COLUMNS} | {"parent", "depends_on"}
    assert stored == set(STEP_KEYS)
    columns = {column for _, column in plan_rows.COLUMNS}
    assert columns <= {f.name for f in Step._meta.sorted_fields}


def test_a_saved_plan_reads_back_field_for_field(db: Path) -> None:
    task = add_task(NewTask(title="Full"))
    plan = plans.save_plan(task.id, FULL)
    spec = plans.spec_of(plan)
    a = spec.step("a")
    assert a.due == datetime(2026, 12, 24, 10, tzinfo=UTC)
    assert (a.objective, a.inputs, a.output_schema, a.worker, a.estimate_minutes, a.result) \
        == ("why", {"instructions": "x"}, {"type": "object"}, "assistant", 30, "ok")
    assert spec.step("b").depends_on == ["a"] and spec.step("b").parent == "g"
    assert [f.name for f in fields(PlanStep)] == list(STEP_KEYS)


def test_a_new_revision_copies_each_steps_calendar_uid(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    task = add_task(NewTask(title="Synced"))
    first = plans.save_plan(task.id, FULL)
    Step.update(uid="foreign-a").where((Step.plan == first) & (Step.step_id == "a")).execute()
    data = plans.spec_of(first).to_json()
    data["steps"].append({"id": "c", "title": "C", "target": "user"})
    second = plans.save_plan(task.id, data)
    uids = dict(Step.select(Step.step_id, Step.uid).where(Step.plan == second).tuples())
    assert uids == {"a": "foreign-a", "b": None, "g": None, "c": None}
