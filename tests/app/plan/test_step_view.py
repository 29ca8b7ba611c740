"""The step panel's one read of the store (app.plan.step_view), without Qt."""

from __future__ import annotations

from pathlib import Path

from app.config import settings
from app.plan import store as plans
from app.plan.step_view import read_step
from app.tasks.store import NewTask, add_task


def _task_with_plan() -> int:
    settings.put("assistant.auto_accept", True)
    task = add_task(NewTask(title="Move house"))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "pack", "title": "Pack", "parent": "go", "target": None},
        {"id": "box", "title": "Buy boxes", "parent": "pack", "target": "user"},
        {"id": "go", "title": "Go", "target": None},
        {"id": "call", "title": "Call the movers", "depends_on": ["box"],
         "target": "assistant.write",
         "inputs": {"instructions": "ring"}},
    ]})
    return task.id


def test_a_step_reads_as_plain_data_with_what_it_waits_for(db: Path) -> None:
    task_id = _task_with_plan()
    view = read_step(task_id, "call")
    assert view is not None
    assert (view.step.title, view.step.status, view.step.inputs, view.is_group) == (
        "Call the movers", "pending", {"instructions": "ring"}, False)
    assert view.waiting_for == ("box",) and view.revision == 1


def test_a_group_reads_as_a_group(db: Path) -> None:
    view = read_step(_task_with_plan(), "pack")
    assert view is not None and view.is_group and view.step.target is None


def test_a_step_that_is_not_there_reads_as_none(db: Path) -> None:
    task_id = _task_with_plan()
    assert read_step(task_id, "nope") is None
    assert read_step(add_task(NewTask(title="No plan")).id, "call") is None


def test_waiting_for_follows_the_groups_dependencies(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    task = add_task(NewTask(title="Trip"))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "book", "title": "Book", "target": "user"},
        {"id": "go", "title": "Go", "target": None, "depends_on": ["book"]},
        {"id": "ride", "title": "Ride", "parent": "go", "target": "user"},
    ]})
    view = read_step(task.id, "ride")
    assert view is not None and view.waiting_for == ("book",)
