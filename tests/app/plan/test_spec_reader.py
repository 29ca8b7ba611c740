"""Reading loosely typed plan JSON and older shapes (app.plan.spec_reader)."""

from __future__ import annotations

from datetime import UTC, datetime

from app.plan import spec as planspec
from app.plan.spec_reader import SCHEMA_VERSION, Reader, from_todos, to_todos, upgrade


def test_the_reader_collects_every_problem_and_falls_back_to_defaults() -> None:
    reader = Reader()
    data = {"title": 5, "note": None, "due": "tomorrow", "at": "2026-12-01T10:00:00+08:00"}
    assert reader.text(data, "title", "plan") == ""
    assert reader.text(data, "note", "plan", nullable=True) is None
    assert reader.text(data, "missing", "plan", required=True, default="x") == "x"
    assert reader.when(data, "due", "plan", "s1") is None
    assert reader.when(data, "at", "plan", "s1") == datetime(2026, 12, 1, 2, tzinfo=UTC)
    reader.keys(data, ("title",), "plan")
    assert [p.code for p in reader.problems] == ["invalid_field"] * 6
    assert "'missing' is required" in str(reader.problems[1])


def test_a_time_out_of_range_has_its_own_code() -> None:
    reader = Reader()
    assert reader.when({"due": "9999-12-31T23:59:59-12:00"}, "due", "step", "s1") is None
    assert [p.code for p in reader.problems] == ["time_out_of_range"]


def test_todos_upgrade_to_a_chain_of_steps_and_back() -> None:
    data = upgrade({"todos": [{"content": "Pack", "status": "completed"}, {"content": "Go"}]})
    assert data["schema_version"] == SCHEMA_VERSION
    assert [s["depends_on"] for s in data["steps"]] == [[], ["1"]]
    spec = planspec.parse(data)
    assert to_todos(spec) == {"todos": [{"content": "Pack", "status": "completed"},
                                        {"content": "Go", "status": "pending"}]}
    assert from_todos({"todos": "x"})["steps"] == "todos must be a list"


def test_a_task_plan_seed_upgrades_with_its_statuses() -> None:
    data = upgrade({"plan": {"title": "T", "description": "D", "steps": [
        {"id": 1, "description": "One", "status": "done"}, {"description": "Two"}]}})
    assert (data["title"], data["objective"]) == ("T", "D")
    assert [(s["id"], s["title"], s["status"]) for s in data["steps"]] == [
        ("1", "One", "completed"), ("2", "Two", "pending")]
    assert upgrade({"schema_version": 2}) == {"schema_version": 2}
