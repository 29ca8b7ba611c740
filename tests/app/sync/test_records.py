"""``app.sync.records``: tasks and their travelling plans read from the store as VTODO
items, on a store built in the test."""

from __future__ import annotations

from pathlib import Path

from app.plan import store as plans
from app.sync.records import all_items, items_of
from app.tasks import store as tasks
from models import Task


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
