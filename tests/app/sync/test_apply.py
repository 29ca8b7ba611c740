"""``app.sync.apply``: a server's changes entering the store through a person's use cases,
and what the rules refuse coming back as conflicts (on a store built in the test)."""

from __future__ import annotations

from pathlib import Path

from app.plan import store as plans
from app.sync import records
from app.sync.apply import StepChanges, apply_steps, apply_task
from app.tasks import store as tasks
from tests.app.sync.loop_helpers import running_offsite, step_statuses


def _step_uid(task_id: int, step_id: str) -> str:
    steps = records.items_of(tasks.get_task(task_id))[1]
    return next(s.uid for s in steps if s.step.id == step_id)


def test_task_fields_are_edited_and_a_refused_one_is_a_conflict(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Ann"))
    assert apply_task(task.id, {"priority": 1, "tags": ("home",)}) == []
    assert (tasks.get_task(task.id).priority, tasks.get_task(task.id).tags) == (1, ["home"])
    refused = apply_task(task.id, {"title": ""})
    assert [(c.prop, c.ours, c.theirs, c.kept) for c in refused] == \
        [("title", "Call Ann", "", "mine")]
    assert refused[0].reason and tasks.get_task(task.id).title == "Call Ann"


def test_a_task_done_elsewhere_is_done_here(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Ann"))
    assert apply_task(task.id, {"status": "done"}) == []
    assert tasks.get_task(task.id).status == "done"


def test_a_step_completed_elsewhere_goes_through_the_state_machine(db: Path) -> None:
    task = running_offsite()
    room = _step_uid(task.id, "room")
    assert apply_steps(task.id, StepChanges(changed={room: {"status": "in_progress"}})) == []
    assert apply_steps(task.id, StepChanges(changed={room: {"status": "completed"}})) == []
    statuses = {s.step.id: s.step.status for s in records.items_of(task)[1]}
    assert statuses == {"room": "completed", "invite": "pending"}


def test_step_done_elsewhere_any_order(db: Path) -> None:
    task = running_offsite()
    invite = _step_uid(task.id, "invite")  # it waits for "room": the person did it anyway
    assert apply_steps(task.id, StepChanges(changed={invite: {"status": "completed"}})) == []
    assert step_statuses(task.id) == {"room": "pending", "invite": "completed"}


def test_step_reopened_elsewhere(db: Path) -> None:
    task = running_offsite()
    room = _step_uid(task.id, "room")
    apply_steps(task.id, StepChanges(changed={room: {"status": "completed"}}))
    assert apply_steps(task.id, StepChanges(changed={room: {"status": "pending"}})) == []
    assert step_statuses(task.id)["room"] == "pending"


def test_group_done_elsewhere(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Offsite"))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "prep", "title": "Prepare", "target": None},
        {"id": "room", "title": "Book room", "target": "user", "parent": "prep"},
        {"id": "food", "title": "Order food", "target": "user", "parent": "prep"}]})
    prep = _step_uid(task.id, "prep")
    assert apply_steps(task.id, StepChanges(changed={prep: {"status": "completed"}})) == []
    assert step_statuses(task.id) == {"prep": "completed", "room": "completed",
                                      "food": "completed"}
    assert tasks.get_task(task.id).status == "done"


def test_a_step_renamed_elsewhere_is_a_new_user_revision(db: Path) -> None:
    task = running_offsite()
    room = _step_uid(task.id, "room")
    assert apply_steps(task.id, StepChanges(changed={room: {"title": "Book a room"}})) == []
    plan = plans.latest_plan(task.id)
    assert plan is not None and (plan.revision, plan.origin) == (2, "user")
    assert [s.step.title for s in records.items_of(task)[1]] == ["Book a room", "Send invites"]


def test_no_changes_are_falsy() -> None:
    assert not StepChanges() and StepChanges(gone=["x"])


def test_phone_time_is_named(db: Path) -> None:
    from datetime import datetime, time

    from app.dates.when import local_zone

    task = tasks.add_task(tasks.NewTask(title="Gym"))
    day = datetime(2026, 12, 3, tzinfo=local_zone())
    at_seven = datetime.combine(day.date(), time(7, 0), local_zone())
    assert apply_task(task.id, {"due_at": at_seven}) == []
    assert tasks.get_task(task.id).named == ["due"]  # set with a time on the phone
    assert apply_task(task.id, {"due_at": day.date()}) == []  # a DATE arrives as a date
    assert (tasks.get_task(task.id).named, tasks.get_task(task.id).all_day) == ([], ["due"])


def test_a_refused_time_in_another_zone_is_one_conflict(db: Path) -> None:
    from datetime import UTC, datetime

    task = tasks.add_task(tasks.NewTask(title="Flight",
                                        start_at=datetime(2027, 3, 2, 8, tzinfo=UTC)))
    refused = apply_task(task.id, {"due_at": datetime(2027, 3, 1, 8, tzinfo=UTC),
                                   "timezone": "Europe/Berlin"})
    assert [c.prop for c in refused] == ["due_at"]  # due before start: kept, said why
    assert tasks.get_task(task.id).timezone is None
