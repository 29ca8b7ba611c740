"""A person's edits of a plan graph (``app.plan.editing``): each edit, and saving it."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from app.plan import store as plans
from app.plan.editing import (
    EditRefused,
    add_dependency,
    add_step,
    apply_edit,
    delete_steps,
    new_plan_data,
    remove_dependency,
    reparent,
)
from app.tasks.store import NewTask, add_task


def step(step_id: str, *deps: str, parent: str | None = None) -> dict[str, Any]:
    return {"id": step_id, "title": step_id.upper(), "depends_on": list(deps),
            "parent": parent, "target": "user", "inputs": {}, "status": "pending"}


def plan(*steps: dict[str, Any]) -> dict[str, Any]:
    return {**new_plan_data("P"), "origin": "assistant", "steps": list(steps)}


def refused(code: str, edit: Any) -> None:
    with pytest.raises(EditRefused) as caught:
        edit()
    assert caught.value.code == code


def test_a_dependency_is_added_to_a_copy_and_removed_again() -> None:
    before = plan(step("a"), step("b"))
    after = add_dependency(before, "b", "a")
    assert after["steps"][1]["depends_on"] == ["a"] and before["steps"][1]["depends_on"] == []
    assert remove_dependency(after, "b", "a")["steps"][1]["depends_on"] == []


def test_dependencies_that_cannot_be_are_refused_by_code() -> None:
    data = plan(step("a"), step("b", "a"), step("c", "b"))
    refused("same_step", lambda: add_dependency(data, "a", "a"))
    refused("exists", lambda: add_dependency(data, "b", "a"))
    refused("cycle", lambda: add_dependency(data, "a", "c"))
    refused("no_step", lambda: remove_dependency(data, "a", "b"))


def test_a_new_step_goes_after_the_one_named_or_at_the_end() -> None:
    data = plan(step("a"), step("b"))
    at_end = add_step(data, "New")
    assert at_end["steps"][-1]["title"] == "New" and at_end["steps"][-1]["id"] == "step3"
    after_a = add_step(data, "Then", after="a")
    assert [s["id"] for s in after_a["steps"]] == ["a", "step3", "b"]
    assert after_a["steps"][1]["depends_on"] == ["a"]


def test_a_deleted_step_passes_on_what_it_waited_for() -> None:
    data = plan(step("a"), step("b", "a"), step("c", "b"))
    after = delete_steps(data, ["b"])
    assert [(s["id"], s["depends_on"]) for s in after["steps"]] == [("a", []), ("c", ["a"])]
    refused("last_step", lambda: delete_steps(plan(step("a")), ["a"]))


def test_a_deleted_groups_sub_steps_move_up_unless_refused() -> None:
    data = plan(step("g"), step("x", parent="g"), step("after", "g"))
    lifted = delete_steps(data, ["g"])
    assert [(s["id"], s["parent"]) for s in lifted["steps"]] == [("x", None), ("after", None)]
    assert lifted["steps"][1]["depends_on"] == ["x"]
    refused("has_children", lambda: delete_steps(data, ["g"], lift_children=False))


def test_a_step_cannot_move_inside_itself() -> None:
    data = plan(step("g"), step("x", parent="g"))
    refused("inside_itself", lambda: reparent(data, "g", "x"))
    assert reparent(data, "x", None)["steps"][1]["parent"] is None


def test_an_edit_is_saved_as_the_users_next_revision_and_a_stale_one_refused(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, plan(step("a"), step("b")), author="assistant")
    saved = apply_edit(task.id, 1, partial(add_dependency, step_id="b", depends_on="a"))
    assert saved.revision == 2 and saved.after["origin"] == "user"
    spec = plans.spec_of(plans.latest_plan_or_fail(task.id))
    assert spec.steps[1].depends_on == ["a"]
    with pytest.raises(EditRefused) as caught:
        apply_edit(task.id, 1, partial(remove_dependency, step_id="b", depends_on="a"))
    assert caught.value.code == "stale"
    assert plans.latest_plan_or_fail(task.id).revision == 2
