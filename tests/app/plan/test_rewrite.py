"""app.plan.rewrite: one editing session is one revision — the session's revision is
rewritten in place (its kept steps keep their rows), never an aborted plan."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from app.errors import StaleEdit
from app.plan import editing as pe
from app.plan import store as plans
from app.plan.rewrite import rewrite_latest
from app.plan.step_edits import rename_step
from app.tasks.store import NewTask, add_task
from models import Plan, Step


def s(sid: str, *deps: str) -> dict[str, Any]:
    return {"id": sid, "title": sid.upper(), "depends_on": list(deps), "parent": None,
            "target": "user", "inputs": {}, "status": "pending"}


def plan(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"schema_version": 1, "revision": 1, "origin": "user", "title": "T",
            "objective": "", "steps": list(steps)}


def task_with(data: dict[str, Any]) -> int:
    task_id = int(add_task(NewTask(title="T")).id)
    plans.save_plan(task_id, data)
    return task_id


def latest(task_id: int) -> dict[str, Any]:
    return plans.spec_of(plans.latest_plan_or_fail(task_id)).to_json()


def test_edits_in_one_session_rewrite_its_revision_in_place(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    first = pe.apply_edit(task_id, 1, partial(pe.add_dependency, step_id="b", depends_on="a"))
    assert first.revision == 2  # the session's first edit: a new revision
    row_a = Step.get((Step.plan == plans.latest_plan(task_id)) & (Step.step_id == "a")).id
    second = pe.apply_edit(task_id, 2, partial(pe.add_step, title="C"), session=2)
    undone = pe.restore(task_id, first.after, session=2)
    assert (second.revision, undone.revision) == (2, 2)
    assert Plan.select().where(Plan.task == task_id).count() == 2
    assert [st["id"] for st in latest(task_id)["steps"]] == ["a", "b"]
    assert pe.snapshot(task_id).revision == 2
    kept = Step.get((Step.plan == plans.latest_plan(task_id)) & (Step.step_id == "a")).id
    assert kept == row_a  # the work log and reminders still point at it


def test_edit_keeps_a_later_tick(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    first = pe.apply_edit(task_id, 1, partial(pe.add_step, title="C"))
    stale = pe.snapshot(task_id)  # what the window's editor holds
    plans.step_action(task_id, "a", "done", result="done it")  # then a tick lands
    assert stale.spec is not None and first.revision == 2
    edited = rename_step(stale.spec.to_json(), "b", "Book it")  # made before the tick
    rewrite_latest(task_id, 2, edited)
    steps = {st["id"]: st for st in latest(task_id)["steps"]}
    assert (steps["a"]["status"], steps["a"]["result"]) == ("completed", "done it")
    assert steps["b"]["title"] == "Book it"


def test_an_aborted_plan_is_never_rewritten(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    plans.approve_all()
    plans.plan_action(task_id, "abort")
    assert rewrite_latest(task_id, 1, {**plan(s("x")), "revision": 1}) is None
    assert [st["id"] for st in latest(task_id)["steps"]] == ["a", "b"]


def test_a_revision_that_is_no_longer_the_latest_is_refused(db: Path) -> None:
    task_id = task_with(plan(s("a")))
    with pytest.raises(StaleEdit):
        rewrite_latest(task_id, 7, {**plan(s("a")), "revision": 7})
