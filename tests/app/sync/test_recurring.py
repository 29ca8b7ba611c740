"""``app.sync.recurring``: a repeating task's occurrence ticked off on another device
(real Radicale and Xandikos, a phone-style client), Tasks.org's way: the due moved on
to the next occurrence and the subtasks ticked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.plan import store as plans
from app.tasks import store as tasks
from models import Task, WorkLog
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import step_statuses, sync_url

Phones = Callable[[str], Phone]
DUE = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)

pytestmark = pytest.mark.timeout(120)


def _weekly(title: str = "Water plants") -> Task:
    return tasks.add_task(tasks.NewTask(title=title, due_at=DUE, recurrence="FREQ=WEEKLY",
                                        timezone="Europe/Berlin"))


def _occurrences_logged(task_id: int) -> int:
    return WorkLog.select().where(WorkLog.task == task_id,
                                  WorkLog.kind == "occurrence").count()


def test_a_due_moved_to_the_next_occurrence_with_its_step_ticked_rolls_once(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly()
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "W", "objective": "", "steps": [
                                  {"id": "fill", "title": "Fill the can", "target": "user"}]})
    plans.approve_all()
    sync_url(task_list)
    other = phone(task_list)
    other.complete("Fill the can")
    other.edit("Water plants", due=DUE + timedelta(days=7))
    report = sync_url(task_list)
    assert any("1 occurrence(s) ticked off" in note for note in report.notes)
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=7)  # not a week further
    assert _occurrences_logged(task.id) == 1
    assert step_statuses(task.id) == {"fill": "pending"}  # the next occurrence's step
    sync_url(task_list)
    due = other.by_title("Water plants").icalendar_component.decoded("due")
    assert due == DUE + timedelta(days=7)


def test_a_task_without_steps_ticked_off_that_way_logs_its_occurrence(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly("Take out the bins")
    sync_url(task_list)
    phone(task_list).edit("Take out the bins", due=DUE + timedelta(days=14))
    sync_url(task_list)
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=14)
    assert _occurrences_logged(task.id) == 2


def test_a_due_moved_off_the_rule_is_an_edit(db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly("Call Mum")
    sync_url(task_list)
    phone(task_list).edit("Call Mum", due=DUE + timedelta(days=3))
    report = sync_url(task_list)
    assert report.notes == [] and _occurrences_logged(task.id) == 0
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=3)
