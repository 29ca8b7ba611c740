"""app.schedule.inputs: the schedulable steps read from the store — the user's pending
leaf steps with an estimate, their dependencies through groups, and the hours."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import settings
from app.plan import store as plans
from app.schedule.inputs import hours, read, work_days
from app.tasks.store import NewTask, add_task
from models import Task

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def step(sid: str, **fields: Any) -> dict[str, Any]:
    return {"id": sid, "title": sid.upper(), "depends_on": [], "target": "user", **fields}


@pytest.mark.parametrize("text, days", [("mon,tue,wed,thu,fri", {0, 1, 2, 3, 4}),
                                        (" Sat , sunday, funday", {5, 6}), ("", set())])
def test_work_days_by_name(text: str, days: set[int]) -> None:
    assert work_days(text) == frozenset(days)


def test_hours_come_from_the_settings(db: Path) -> None:
    settings.put("calendar.work_days", "mon,sat")
    assert hours().days == frozenset({0, 5}) and isinstance(hours().start, time)


def test_only_the_users_pending_leaves_with_an_estimate_are_work(db: Path) -> None:
    task = add_task(NewTask(title="Move house", due_at=NOW + timedelta(days=9)))
    plans.save_plan(task.id, {"schema_version": 2, "title": "p", "steps": [
        step("g", target=None), step("a", parent="g", estimate_minutes=30),
        step("b", parent="g", estimate_minutes=45),
        step("c", depends_on=["g"], estimate_minutes=60),
        step("d", estimate_minutes=None),
        step("e", target="assistant.write", inputs={"instructions": "x"}, estimate_minutes=30),
        step("f", worker="Alice", estimate_minutes=30)]})
    assert read(NOW).work == []  # nobody approved the plan: none of it is scheduled
    plans.approve_all()
    found = read(NOW)
    work = {w.step_id: w for w in found.work}
    assert set(work) == {"a", "b", "c"}
    assert work["c"].depends_on == ((task.id, "a"), (task.id, "b"))  # the group's leaves
    assert work["a"].due == NOW + timedelta(days=9) and work["a"].minutes == 30
    assert found.titles[(task.id, "g")] == "G" and (task.id, "g") in found.step_pks
    assert found.fixed == []


def test_a_done_task_has_no_work(db: Path) -> None:
    task = add_task(NewTask(title="Old"))
    plans.save_plan(task.id, {"schema_version": 2, "title": "p",
                              "steps": [step("a", estimate_minutes=30)]})
    assert [w.step_id for w in read(NOW).work] == ["a"]
    Task.update(status="done").where(Task.id == task.id).execute()
    assert read(NOW).work == []


def test_named_time_is_an_appointment(db: Path) -> None:
    gym = NOW + timedelta(days=3)  # "gym at 7am Thursday"
    add_task(NewTask(title="Gym", due_at=gym, named=("due",)))
    add_task(NewTask(title="Report", due_at=NOW + timedelta(days=4)))  # a deadline, not named
    found = read(NOW)
    assert [(i.start, i.end, i.labels) for i in found.appointments] == [
        (gym, gym + timedelta(hours=1), ("Gym",))]


def test_step_at_named_time_stays(db: Path) -> None:
    dentist = NOW + timedelta(days=1)
    task = add_task(NewTask(title="Dentist", due_at=dentist, named=("due",)))
    plans.save_plan(task.id, {"schema_version": 2, "title": "p", "steps": [
        step("notes", estimate_minutes=30),
        step("go", estimate_minutes=90, due=dentist.strftime("%Y-%m-%dT%H:%M:%SZ"))]})
    found = read(NOW)
    assert [w.step_id for w in found.work] == ["notes"]  # the appointment itself is not moved
    assert [(i.start, i.end) for i in found.appointments] == [
        (dentist, dentist + timedelta(minutes=90))]
