"""Structure made on another device (real Radicale and Xandikos, a phone-style client):
a task made a subtask there becomes a step here; a task with subtasks already done or
under way arrives running with their states."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.plan import store as plans
from app.states import PlanStatus, TaskStatus
from app.tasks import store as tasks
from models import Task
from models.tables import Trash
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import step_statuses, sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(120)


def _vtodo(uid: str, title: str, extra: str = "") -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261201T090000Z\r\nSUMMARY:{title}\r\n{extra}"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def test_a_task_made_a_subtask_on_the_phone_becomes_a_step(
        db: Path, task_list: str, phone: Phones) -> None:
    move = tasks.add_task(tasks.NewTask(title="Move house"))
    tasks.add_task(tasks.NewTask(title="Book the van"))
    sync_url(task_list)
    other = phone(task_list)
    other.edit("Book the van", **{"related-to": str(move.uid)})
    report = sync_url(task_list)
    assert any("a step of its task now" in note for note in report.notes)
    assert [t.title for t in Task.select()] == ["Move house"]
    plan = plans.latest_plan(move.id)
    assert plan is not None and [s.title for s in plans.spec_of(plan).steps] == ["Book the van"]
    assert Trash.select().count() == 1  # the task as it was, restorable
    tasks.update_task(move.id, detail="edited here")
    sync_url(task_list)
    van = other.by_title("Book the van").icalendar_component
    assert str(van.get("related-to")) == str(move.uid)  # the phone's link stays
    assert sync_url(task_list).deleted == 0


def test_a_task_with_steps_made_a_subtask_stays_a_task(
        db: Path, task_list: str, phone: Phones) -> None:
    move = tasks.add_task(tasks.NewTask(title="Move house"))
    van = tasks.add_task(tasks.NewTask(title="Van"))
    plans.save_plan(van.id, {"schema_version": 2, "revision": 1, "origin": "user",
                             "title": "Van", "objective": "", "steps": [
                                 {"id": "call", "title": "Call the rental", "target": "user"}]})
    sync_url(task_list)
    phone(task_list).edit("Van", **{"related-to": str(move.uid)})
    report = sync_url(task_list)
    assert any("it stays a task" in note for note in report.notes)
    assert Task.select().count() == 2


def test_a_phone_tree_with_work_under_way_arrives_running(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("move", "Move house"))
    other.add(_vtodo("pack", "Pack", "RELATED-TO:move\r\nSTATUS:COMPLETED\r\n"
                                     "COMPLETED:20261201T100000Z\r\n"))
    other.add(_vtodo("van", "Rent a van", "RELATED-TO:move\r\nSTATUS:IN-PROCESS\r\n"))
    sync_url(task_list)
    task = Task.get(Task.uid == "move")
    plan = plans.latest_plan(task.id)
    assert plan is not None and plan.status == PlanStatus.IN_PROGRESS
    assert sorted(step_statuses(task.id).values()) == ["completed", "in_progress"]


def test_a_task_in_process_on_the_phone_arrives_in_progress(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    phone(task_list).add(_vtodo("doing", "Paint the fence", "STATUS:IN-PROCESS\r\n"
                                                           "PERCENT-COMPLETE:30\r\n"))
    assert sync_url(task_list).pushed == 0
    assert Task.get(Task.uid == "doing").status == TaskStatus.IN_PROGRESS
    assert sync_url(task_list).pushed == 0
