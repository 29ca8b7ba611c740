"""Ticking a simple task off and reopening it (``app.tasks.done``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import Refused
from app.plan import store as plans
from app.states import IllegalTransition
from app.tasks.done import finish_task, has_plan, reopen_task
from app.tasks.store import NewTask, add_task, get_task, set_status
from models import atomic

PLAN = {"schema_version": 2, "steps": [{"id": "a", "title": "A", "target": "user"}]}


def test_a_simple_task_is_ticked_off_and_reopened(db: Path) -> None:
    task = add_task(NewTask(title="Buy milk"))
    assert not has_plan(task.id)
    assert finish_task(task.id) == "new" and get_task(task.id).status == "done"
    reopen_task(task.id)
    assert get_task(task.id).status == "new"


def test_a_task_with_a_plan_is_refused_and_unchanged(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, PLAN)
    status = get_task(task.id).status
    assert has_plan(task.id)
    with pytest.raises(Refused, match="has a plan: tick off its steps instead"):
        finish_task(task.id)
    assert get_task(task.id).status == status


def test_a_repeating_task_is_refused(db: Path) -> None:
    task = add_task(NewTask(title="Water plants", recurrence="FREQ=DAILY"))
    with pytest.raises(Refused, match="repeats"):
        finish_task(task.id)
    assert get_task(task.id).status == "new"


def test_finishing_a_done_task_again_changes_nothing(db: Path) -> None:
    task = add_task(NewTask(title="Once"))
    finish_task(task.id)
    assert finish_task(task.id) == "done" and get_task(task.id).status == "done"


def test_a_cancelled_task_cannot_be_ticked_off(db: Path) -> None:
    task = add_task(NewTask(title="Not wanted"))
    with atomic():
        set_status(get_task(task.id), "cancelled", why="test")
    with pytest.raises(IllegalTransition, match="cannot go from cancelled to done"):
        finish_task(task.id)
    assert get_task(task.id).status == "cancelled"
