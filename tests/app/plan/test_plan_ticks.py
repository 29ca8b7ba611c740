"""A person's ticks (``app.plan.ticks``): tasks and steps ticked in any order, reopened,
and every tick undone — the person is the authority, the plan is advice (DESIGN §4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.plan import store as plans
from app.plan import ticks
from app.plan.ticks import CLOSED_WITH_TASK, finish_task, has_plan, reopen_task
from app.states import IllegalTransition
from app.tasks.store import NewTask, add_task, get_task, set_status
from models import Step, WorkLog, atomic

WRITE = {"instructions": "Draft the invitation"}


def checklist() -> dict[str, Any]:
    """The person's own steps: it runs at once."""
    return {"schema_version": 2, "title": "Offsite", "steps": [
        {"id": "dates", "title": "Pick a date", "target": "user"},
        {"id": "venue", "title": "Book the venue", "target": "user", "depends_on": ["dates"]},
        {"id": "tell", "title": "Tell the team", "target": "user", "depends_on": ["venue"]}]}


def acting() -> dict[str, Any]:
    """A plan in which the assistant acts: it waits for approval."""
    return {"schema_version": 2, "steps": [
        {"id": "draft", "title": "Draft it", "target": "assistant.write", "inputs": WRITE},
        {"id": "send", "title": "Send it", "target": "user", "depends_on": ["draft"]}]}


def statuses(task_id: int) -> dict[str, str]:
    spec = plans.spec_of(plans.latest_plan_or_fail(task_id))
    return {s.id: s.status for s in spec.steps}


def test_simple_tick(db: Path) -> None:
    task = add_task(NewTask(title="Buy milk"))
    assert not has_plan(task.id)
    assert finish_task(task.id) == "new" and get_task(task.id).status == "done"
    reopen_task(task.id)
    assert get_task(task.id).status == "new"


def test_tick_closes_open_steps(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "dates", "done")
    assert finish_task(task.id) == "in_progress"
    assert get_task(task.id).status == "done"
    assert plans.latest_plan_or_fail(task.id).status == "completed"
    assert statuses(task.id) == {"dates": "completed", "venue": "skipped", "tell": "skipped"}
    closed = Step.select().where(Step.status == "skipped")
    assert {s.result for s in closed} == {CLOSED_WITH_TASK}


def test_reopen_brings_closed_steps_back(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "dates", "done", result="the 10th")
    finish_task(task.id)
    reopen_task(task.id)
    assert get_task(task.id).status == "in_progress"
    assert plans.latest_plan_or_fail(task.id).status == "in_progress"
    assert statuses(task.id) == {"dates": "completed", "venue": "pending", "tell": "pending"}
    dates = Step.get(Step.step_id == "dates")
    assert dates.result == "the 10th"  # what the person did stays done


def test_tick_leaves_unapproved_plan(db: Path) -> None:
    task = add_task(NewTask(title="Invite"))
    plans.save_plan(task.id, acting())
    assert get_task(task.id).status == "planned"
    finish_task(task.id)
    assert get_task(task.id).status == "done"
    assert plans.latest_plan_or_fail(task.id).status == "pending"  # nothing of it ran
    reopen_task(task.id)
    assert get_task(task.id).status == "planned"


def test_tick_out_of_order(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "tell", "done")  # before the venue and the date
    assert statuses(task.id)["tell"] == "completed"
    note = WorkLog.select().where(WorkLog.kind == "do").order_by(WorkLog.id.desc()).get()
    assert "done before 'Book the venue'" in note.message


def test_assistant_still_waits(db: Path) -> None:
    from app.errors import Refused

    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    with pytest.raises(Refused, match="still waits for: dates"):
        plans.step_action(task.id, "venue", "start", actor="assistant")
    assert statuses(task.id)["venue"] == "pending"


def test_tick_unapproved_step(db: Path) -> None:
    task = add_task(NewTask(title="Invite"))
    plans.save_plan(task.id, acting())
    plans.step_action(task.id, "send", "done")  # the person sent it by hand
    plans.step_action(task.id, "draft", "done")
    assert plans.latest_plan_or_fail(task.id).status == "completed"
    assert get_task(task.id).status == "done"


def test_person_finishes_failed_step(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "dates", "fail", error="nobody answered")
    assert plans.latest_plan_or_fail(task.id).status == "paused" and get_task(task.id).problem
    plans.step_action(task.id, "dates", "done", result="picked the 10th myself")
    assert plans.latest_plan_or_fail(task.id).status == "in_progress"
    assert get_task(task.id).problem is None and statuses(task.id)["dates"] == "completed"


def test_hand_paused_stays_paused(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.plan_action(task.id, "pause")
    plans.step_action(task.id, "dates", "done")
    assert plans.latest_plan_or_fail(task.id).status == "paused"


def test_undo_step_tick(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    tick = ticks.tick_step(task.id, "venue")
    assert statuses(task.id)["venue"] == "completed"
    ticks.undo(tick)
    assert statuses(task.id)["venue"] == "pending"


def test_untick_and_undo(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "dates", "done", result="the 10th")
    opened = ticks.untick_step(task.id, "dates")
    assert statuses(task.id)["dates"] == "pending"
    ticks.undo(opened)
    assert statuses(task.id)["dates"] == "completed"


def test_undo_last_step_reopens(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    plans.step_action(task.id, "dates", "done")
    plans.step_action(task.id, "venue", "done")
    tick = ticks.tick_step(task.id, "tell")
    assert get_task(task.id).status == "done"
    ticks.undo(tick)
    assert get_task(task.id).status == "in_progress"
    assert plans.latest_plan_or_fail(task.id).status == "in_progress"
    assert statuses(task.id) == {"dates": "completed", "venue": "completed", "tell": "pending"}


def test_undo_task_tick(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, checklist())
    tick = ticks.tick_task(task.id)
    ticks.undo(tick)
    assert get_task(task.id).status == "in_progress"
    assert set(statuses(task.id).values()) == {"pending"}


def _monthly(title: str) -> int:
    due = (datetime.now(UTC) + timedelta(days=4)).replace(microsecond=0)
    return int(add_task(NewTask(title=title, due_at=due, recurrence="FREQ=MONTHLY")).id)


def test_repeating_tick_moves_on(db: Path) -> None:
    task_id = _monthly("Pay rent")
    due = get_task(task_id).due_at
    assert finish_task(task_id) == "new"
    moved = get_task(task_id)
    assert moved.status != "done" and moved.due_at is not None and moved.due_at > due
    assert moved.due_at.day == due.day or moved.due_at.month != due.month


def test_undo_repeating_tick(db: Path) -> None:
    task_id = _monthly("Pay rent")
    plans.save_plan(task_id, checklist())
    before = (get_task(task_id).due_at, get_task(task_id).status)
    tick = ticks.tick_task(task_id)
    assert get_task(task_id).due_at != before[0]
    assert len(plans.revisions(task_id)) == 2  # the next occurrence's plan
    ticks.undo(tick)
    assert (get_task(task_id).due_at, get_task(task_id).status) == before
    assert len(plans.revisions(task_id)) == 1
    assert set(statuses(task_id).values()) == {"pending"}


def test_undo_repeating_step_tick(db: Path) -> None:
    task_id = _monthly("Pay rent")
    plans.save_plan(task_id, {"schema_version": 2, "steps": [
        {"id": "pay", "title": "Pay", "target": "user"}]})
    due = get_task(task_id).due_at
    tick = ticks.tick_step(task_id, "pay")
    assert get_task(task_id).due_at != due  # it moved on to next month
    ticks.undo(tick)
    assert get_task(task_id).due_at == due and statuses(task_id) == {"pay": "pending"}


def test_tick_done_again(db: Path) -> None:
    task = add_task(NewTask(title="Once"))
    finish_task(task.id)
    assert finish_task(task.id) == "done" and get_task(task.id).status == "done"


def test_cancelled_refused(db: Path) -> None:
    task = add_task(NewTask(title="Not wanted"))
    with atomic():
        set_status(get_task(task.id), "cancelled", why="test")
    with pytest.raises(IllegalTransition, match="cannot go from cancelled to done"):
        finish_task(task.id)
    assert get_task(task.id).status == "cancelled"
