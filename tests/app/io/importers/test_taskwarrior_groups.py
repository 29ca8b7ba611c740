"""``app.io.importers.taskwarrior_groups``: Taskwarrior tasks joined by ``depends`` as one
task whose plan has a step each."""

from __future__ import annotations

from typing import Any

from app.io.importers.incoming import Batch
from app.io.importers.taskwarrior_groups import components, group_task


def entry(uuid: str, description: str, **more: Any) -> dict[str, Any]:
    return {"uuid": uuid, "description": description, "status": "pending", **more}


def test_components_join_tasks_through_depends_in_file_order() -> None:
    a, b, c = entry("a", "Book room"), entry("b", "Call"), entry("c", "Invite", depends="a")
    d = entry("d", "Send", depends=["c"])
    assert components([a, b, c, d]) == [[a, c, d], [b]]


def test_a_group_becomes_one_task_with_a_step_each_and_their_dependencies() -> None:
    members = [entry("a", "Book room", project="offsite", due="20261205T000000Z"),
               entry("c", "Invite people", project="offsite", depends="a",
                     status="completed", priority="H")]
    batch = Batch()
    task = group_task(members, batch)
    assert task.new.title == "offsite" and task.new.priority == 1 and task.uid == "a"
    assert task.plan is not None
    steps = {s["id"]: s for s in task.plan["steps"]}
    assert steps["invite-people"]["depends_on"] == ["book-room"]
    assert steps["invite-people"]["status"] == "completed"
    assert steps["book-room"]["due"] == "2026-12-05T00:00:00Z"
    assert task.step_uids == {"book-room": "a", "invite-people": "c"}
    assert task.status == "new" and batch.skipped == []


def test_without_one_project_the_task_is_named_after_the_final_steps() -> None:
    members = [entry("a", "Book room"), entry("b", "Pay", depends="a"),
               entry("c", "Invite", depends="a")]
    assert group_task(members, Batch()).new.title == "Pay (and 1 more)"


def test_a_dependency_outside_the_file_is_skipped_and_said() -> None:
    batch = Batch()
    task = group_task([entry("a", "Call", depends="zzz")], batch)
    assert task.plan is not None and task.plan["steps"][0]["depends_on"] == []
    assert batch.skipped == ["'Call': its dependency on zzz, which is not in the file"]


def test_same_named_steps_get_distinct_ids_and_all_done_is_done() -> None:
    members = [entry("a", "Call", status="completed"),
               entry("b", "Call", depends="a", status="deleted")]
    task = group_task(members, Batch())
    assert task.plan is not None
    assert [s["id"] for s in task.plan["steps"]] == ["call", "call-2"]
    assert task.status == "done"
