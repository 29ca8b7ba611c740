"""What a new plan revision does to its own status and its task's (``app.plan.status``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.config import settings
from app.plan.status import follow_plan, status_for_new_revision
from app.tasks.store import NewTask, add_task, get_task, set_status
from models import atomic


def spec(*statuses: str, target: str = "assistant.write") -> Any:
    return SimpleNamespace(steps=[SimpleNamespace(status=s, target=target) for s in statuses])


def plan(status: str) -> Any:
    return SimpleNamespace(status=status)


@pytest.mark.parametrize(("auto_accept", "status"), [(False, "pending"), (True, "in_progress")])
def test_a_first_revision_waits_for_approval_unless_auto_accepted(
        db: Path, auto_accept: bool, status: str) -> None:
    settings.put("assistant.auto_accept", auto_accept)
    assert status_for_new_revision(None, spec("pending")) == status
    assert status_for_new_revision(plan("aborted"), spec("pending")) == status


@pytest.mark.parametrize("targets", [("user",), ("user", "reminder.set"), (None, "user")])
def test_a_checklist_starts_at_once(db: Path, targets: tuple[str | None, ...]) -> None:
    settings.put("assistant.auto_accept", False)
    steps = SimpleNamespace(steps=[SimpleNamespace(status="pending", target=t) for t in targets])
    assert status_for_new_revision(None, steps) == "in_progress"


@pytest.mark.parametrize("acting", ["assistant.write", "file.write", "message.post",
                                    "calendar.read", "no.such.capability"])
def test_a_plan_that_acts_waits_for_approval(db: Path, acting: str) -> None:
    settings.put("assistant.auto_accept", False)
    steps = SimpleNamespace(steps=[SimpleNamespace(status="pending", target=t)
                                   for t in ("user", "reminder.set", acting)])
    assert status_for_new_revision(None, steps) == "pending"


@pytest.mark.parametrize(("steps", "status"), [(("completed", "pending"), "in_progress"),
                                                (("completed", "failed"), "paused")])
def test_an_edit_of_a_running_plan_keeps_it_running_unless_a_step_failed(
        db: Path, steps: tuple[str, ...], status: str) -> None:
    for previous in ("in_progress", "paused"):
        assert status_for_new_revision(plan(previous), spec(*steps)) == status


def test_an_edit_of_a_finished_plan_is_finished_only_if_every_step_is_done(db: Path) -> None:
    assert status_for_new_revision(plan("completed"), spec("completed", "skipped")) == "completed"
    assert status_for_new_revision(plan("completed"), spec("completed", "pending")) == "in_progress"


@pytest.mark.parametrize(("status", "task_status"), [
    ("pending", "planned"), ("completed", "done"), ("in_progress", "in_progress"),
    ("paused", "in_progress")])
def test_the_task_follows_its_plan(db: Path, status: str, task_status: str) -> None:
    task = add_task(NewTask(title="Offsite"))
    with atomic():
        follow_plan(get_task(task.id), status, 1)
    assert get_task(task.id).status == task_status


def test_a_done_task_reopens_when_its_plan_has_open_steps_again(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    with atomic():
        set_status(get_task(task.id), "done", why="test")
        follow_plan(get_task(task.id), "in_progress", 2)
    assert get_task(task.id).status == "in_progress"
