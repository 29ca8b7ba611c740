"""Plans in the store (``app.plan.store``): revisions saved and read back, plan and step moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.config import settings
from app.errors import NotFound, Refused
from app.plan import store as plans
from app.problems import InvalidPlan
from app.states import IllegalTransition
from app.tasks.store import NewTask, add_task, get_task


def offsite() -> dict[str, Any]:
    return {"schema_version": 2, "title": "Offsite", "steps": [
        {"id": "dates", "title": "Pick dates", "target": "user"},
        {"id": "venue", "title": "Venue", "target": None},
        {"id": "book", "title": "Book", "parent": "venue", "depends_on": ["dates"],
         "target": "assistant.write", "inputs": {"instructions": "Book the venue"}}]}


@pytest.fixture
def task_id(db: Path) -> int:
    return int(add_task(NewTask(title="Organise offsite")).id)


def test_a_saved_plan_waits_for_approval_and_reads_back_as_saved(task_id: int) -> None:
    plan = plans.save_plan(task_id, offsite())
    assert (plan.revision, plan.status) == (1, "pending")
    assert get_task(task_id).status == "planned"
    spec = plans.spec_of(plans.latest_plan_or_fail(task_id))
    assert [s.id for s in spec.steps] == ["dates", "venue", "book"]
    assert spec.steps[2].parent == "venue" and spec.steps[2].depends_on == ["dates"]


def test_each_save_is_a_new_revision(task_id: int) -> None:
    plans.save_plan(task_id, offsite())
    plans.save_plan(task_id, {**offsite(), "title": "Offsite 2"})
    assert [p.revision for p in plans.revisions(task_id)] == [1, 2]
    latest = plans.latest_plan(task_id)
    assert latest is not None and latest.revision == 2


def test_an_invalid_plan_is_refused_with_every_problem_and_nothing_saved(task_id: int) -> None:
    bad = {"schema_version": 2, "steps": [{"id": "a", "title": "A", "depends_on": ["zz"]},
                                          {"id": "a", "title": "again"}]}
    with pytest.raises(InvalidPlan) as caught:
        plans.save_plan(task_id, bad)
    assert {p.code for p in caught.value.problems} >= {"duplicate_step_id"}
    assert plans.latest_plan(task_id) is None and get_task(task_id).status == "new"


def test_no_plan_or_no_task_is_named(task_id: int) -> None:
    assert plans.latest_plan(task_id) is None
    with pytest.raises(NotFound, match="has no plan"):
        plans.active_plan(task_id)
    with pytest.raises(NotFound, match="no plan yet"):
        plans.latest_plan_or_fail(task_id)
    with pytest.raises(NotFound, match="there is no task 999"):
        plans.active_plan(999)


def test_approve_then_steps_run_to_completion(task_id: int) -> None:
    plans.save_plan(task_id, offsite())
    assert plans.plan_action(task_id, "approve").status == "in_progress"
    with pytest.raises(Refused):
        plans.step_action(task_id, "book", "start", actor="assistant")  # waits for dates
    plans.step_action(task_id, "dates", "done", result="Dec 10")
    plans.step_action(task_id, "book", "done")
    assert plans.latest_plan_or_fail(task_id).status == "completed"
    assert get_task(task_id).status == "done"


def test_a_failed_step_pauses_the_plan_and_resume_retries_it(task_id: int) -> None:
    plans.save_plan(task_id, offsite())
    plans.approve_all()
    with pytest.raises(Refused, match="say why"):
        plans.step_action(task_id, "dates", "fail")
    plans.step_action(task_id, "dates", "fail", error="nobody answered")
    assert plans.latest_plan_or_fail(task_id).status == "paused"
    assert get_task(task_id).problem
    plans.plan_action(task_id, "resume")
    assert plans.current_attempts(task_id, "dates") == 1
    assert get_task(task_id).problem is None


def test_an_aborted_plan_skips_what_was_left_and_is_no_longer_active(task_id: int) -> None:
    plans.save_plan(task_id, offsite())
    plans.approve_all()
    plans.plan_action(task_id, "abort")
    spec = plans.spec_of(plans.latest_plan_or_fail(task_id))
    assert {s.status for s in spec.steps if s.id != "venue"} == {"skipped"}
    with pytest.raises(NotFound, match="no active plan"):
        plans.plan_action(task_id, "resume")


def test_an_illegal_step_move_names_the_rule(task_id: int) -> None:
    settings.put("assistant.auto_accept", True)
    plans.save_plan(task_id, offsite())
    plans.step_action(task_id, "dates", "done")
    with pytest.raises(IllegalTransition):
        plans.step_action(task_id, "dates", "start")
