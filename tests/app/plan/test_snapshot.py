"""What the plan graph shows (app.plan.snapshot): snapshots, pinned nodes, drafts."""

from __future__ import annotations

from pathlib import Path

from app.plan import snapshot as plan_snapshot
from app.plan import store as plans
from app.tasks.store import NewTask, add_task


def test_a_snapshot_holds_the_latest_plan_and_its_pinned_nodes(db: Path) -> None:
    task = add_task(NewTask(title="Trip"))
    assert plan_snapshot.snapshot(task.id).spec is None
    assert plan_snapshot.snapshot(task.id).revision == 0
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "a", "title": "A", "target": "user"}]})
    plan_snapshot.save_positions(task.id, {"a": (1.0, 2.0)})
    plan_snapshot.save_positions(task.id, {"a": (3.0, 4.0)})  # moved again: replaced
    shot = plan_snapshot.snapshot(task.id)
    assert shot.revision == 1 and shot.status == "in_progress"  # a checklist: it runs
    assert shot.pinned == {"a": (3.0, 4.0)}


def test_a_draft_is_read_leniently_for_drawing() -> None:
    steps = plan_snapshot.draft_steps([
        {"id": "a", "title": "A", "depends_on": ["a", "gone", "b", "b"], "parent": "b"},
        {"id": "b", "parent": "a", "target": 5},
        {"id": "a", "title": "again"},
        "not a step",
        {"title": "no id"},
    ])
    by_id = {s.id: s for s in steps}
    assert list(by_id) == ["a", "b"]
    assert by_id["a"].depends_on == ["b"] and by_id["a"].title == "A"
    assert by_id["b"].title == "b" and by_id["b"].target is None
    parents = {by_id["a"].parent, by_id["b"].parent}
    assert None in parents  # the loop a → b → a is cut
