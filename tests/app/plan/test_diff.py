"""What changed between two plan revisions (``app.plan.diff``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from app.plan import store as plans
from app.plan.diff import STEP_FIELDS, FieldChange, diff_plans, revision_specs, text_of
from app.tasks.store import NewTask, add_task


def step(step_id: str, **fields: Any) -> SimpleNamespace:
    values: dict[str, Any] = {name: None for name in STEP_FIELDS}
    values.update(title=step_id.upper(), depends_on=[], inputs={}, status="pending")
    return SimpleNamespace(id=step_id, **{**values, **fields})


def spec(revision: int, *steps: SimpleNamespace, title: str = "P") -> Any:
    return SimpleNamespace(revision=revision, title=title, objective="", origin="user",
                           steps=list(steps))


def test_text_of_writes_each_kind_of_value_as_one_line() -> None:
    assert text_of(None) == "" and text_of({}) == "" and text_of(["a", "b"]) == "a, b"
    assert text_of({"b": 1, "a": "好"}) == '{"a": "好", "b": 1}'
    assert text_of(datetime(2026, 12, 3, 9, tzinfo=UTC)) == "2026-12-03T09:00:00Z"
    assert text_of(3) == "3"


def test_added_changed_and_removed_steps_in_order() -> None:
    old = spec(1, step("a"), step("b"), step("c"))
    new = spec(2, step("d"), step("a", title="Alpha", depends_on=["d"]), step("c"),
               title="Q")
    diff = diff_plans(old, new)
    assert (diff.old_revision, diff.new_revision) == (1, 2)
    assert diff.plan_fields == (FieldChange("title", "P", "Q"),)
    assert [(s.step_id, s.kind) for s in diff.steps] == [("d", "added"), ("a", "changed"),
                                                         ("b", "removed")]
    assert diff.steps[1].fields == (FieldChange("title", "A", "Alpha"),
                                    FieldChange("depends_on", "", "d"))
    assert (diff.count("added"), diff.count("removed"), diff.count("changed")) == (1, 1, 1)
    assert not diff.empty


def test_two_equal_revisions_differ_in_nothing() -> None:
    assert diff_plans(spec(1, step("a")), spec(2, step("a"))).empty


def test_the_stored_revisions_are_read_back(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    first = {"schema_version": 2, "title": "One", "steps": [
        {"id": "a", "title": "A", "target": "user"}]}
    plans.save_plan(task.id, first)
    plans.save_plan(task.id, {**first, "title": "Two"})
    specs = revision_specs(task.id, (1, 2, 9))
    assert sorted(specs) == [1, 2] and specs[2].title == "Two"
    assert [c.field for c in diff_plans(specs[1], specs[2]).plan_fields] == ["title"]
