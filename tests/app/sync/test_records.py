"""``app.sync.records``: tasks and their travelling plans read from the store as VTODO
items, on a store built in the test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.plan import store as plans
from app.reminders import store as reminders
from app.sync.records import ACKNOWLEDGED_KEPT, all_items, items_of
from app.tasks import store as tasks
from models import Reminder, Task


def _task_with_plan(title: str = "Team offsite") -> Task:
    steps = [{"id": "room", "title": "Book room", "target": "user"},
             {"id": "invite", "title": "Send invites", "target": "user",
              "depends_on": ["room"]}]
    task = tasks.add_task(tasks.NewTask(title=title, tags=("work",)))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": title, "objective": "", "steps": steps})
    plans.approve_all()
    return tasks.get_task(task.id)


def test_a_task_without_a_plan_is_one_item_and_no_steps(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Ann", priority=2, tags=("home",)))
    item, steps = items_of(task)
    assert (item.title, item.priority, item.tags, item.status) == ("Call Ann", 2, ["home"],
                                                                   "new")
    assert item.percent is None and item.plan is None and steps == []


def test_an_active_plan_travels_as_steps_under_the_task(db: Path) -> None:
    item, steps = items_of(_task_with_plan())
    assert item.plan is not None and item.plan.revision == 1 and item.percent == 0
    assert [s.step.title for s in steps] == ["Book room", "Send invites"]
    room, invite = steps
    assert {room.parent_uid, invite.parent_uid} == {item.uid}
    assert invite.depends_on == [room.uid] and room.uid != invite.uid


def test_a_done_step_counts_in_the_tasks_percent_and_has_its_completion(db: Path) -> None:
    task = _task_with_plan()
    plans.step_action(task.id, "room", "start")
    plans.step_action(task.id, "room", "done")
    item, (room, invite) = items_of(tasks.get_task(task.id))
    assert item.percent == 50
    assert (room.percent, room.completed_at is not None) == (100, True)
    assert (invite.percent, invite.completed_at) == (0, None)


def test_an_aborted_plan_stays_home(db: Path) -> None:
    task = _task_with_plan()
    plans.plan_action(task.id, "abort")
    item, steps = items_of(tasks.get_task(task.id))
    assert item.plan is None and steps == []


def test_all_items_are_every_task_in_id_order(db: Path) -> None:
    first = tasks.add_task(tasks.NewTask(title="First"))
    _task_with_plan("Second")
    found = all_items()
    assert [item.title for item, _steps in found] == ["First", "Second"]
    assert [len(steps) for _item, steps in found] == [0, 2]
    assert found[0][0].uid == items_of(first)[0].uid


def test_every_reminder_has_a_valarm_saying_its_state(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Dentist"))
    at = datetime(2026, 12, 20, 8, 0, tzinfo=UTC)
    rows = [Reminder.create(task=task.id, kind="remote", text=f"r{i}",
                            fire_at=at + timedelta(hours=i)) for i in range(3)]
    reminders.acknowledge(rows[0].id, now=at + timedelta(minutes=5, microseconds=7))
    reminders.snooze(rows[1].id, at + timedelta(days=1), now=at)
    Reminder.update(fired_at=at).where(Reminder.id == rows[2].id).execute()
    dismissed, snoozed, fired = items_of(task)[0].reminders
    assert dismissed.acknowledged_at == at + timedelta(minutes=5)  # to the second
    assert (snoozed.fire_at, snoozed.snoozed_until) == (rows[1].fire_at, at + timedelta(days=1))
    assert fired.acknowledged_at is None  # fired, still in the list: not dismissed yet
    again = items_of(task)[0].reminders
    assert len({r.uid for r in again}) == 3 and [r.uid for r in again] == [
        dismissed.uid, snoozed.uid, fired.uid]  # stable


def test_only_the_latest_dismissed_reminders_keep_their_valarm(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Weekly report"))
    at = datetime(2026, 1, 2, 8, 0, tzinfo=UTC)
    for week in range(ACKNOWLEDGED_KEPT + 3):
        row = Reminder.create(task=task.id, kind="due", text="Report",
                              fire_at=at + timedelta(weeks=week))
        reminders.acknowledge(row.id, now=at + timedelta(weeks=week, hours=1))
    kept = items_of(task)[0].reminders
    assert len(kept) == ACKNOWLEDGED_KEPT and kept[0].fire_at == at + timedelta(weeks=3)
