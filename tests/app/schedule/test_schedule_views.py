"""app.schedule.views: blocks as the window shows them — titles, estimates and the place
in a day column. (Named test_schedule_views: app/plan/views.py has the name test_views.)"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from app.plan import store as plans
from app.schedule.views import for_step, planned_between
from app.tasks.store import NewTask, add_task
from models import ScheduledBlock

ZONE = ZoneInfo("Asia/Shanghai")
MONDAY = date(2026, 12, 7)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, 7 + day, hour, minute, tzinfo=ZONE)


def planned_task() -> int:
    task_id = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(task_id, {"schema_version": 2, "title": "p", "steps": [
        {"id": "s1", "title": "Shortlist venues", "depends_on": [], "target": "user",
         "estimate_minutes": 90}]})
    return task_id


def test_blocks_in_the_days_shown_with_titles_and_day_positions(db: Path) -> None:
    task_id = planned_task()
    ScheduledBlock.create(task=task_id, step_id="s1", start=at(1, 9, 30), end=at(1, 10, 30),
                          why="first free", chunk=2)
    ScheduledBlock.create(task=task_id, step_id="s1", start=at(0, 23), end=at(1, 0, 30),
                          why="late")
    ScheduledBlock.create(task=task_id, step_id="s1", start=at(5, 9), end=at(5, 10))
    shown = planned_between(MONDAY, 3, ZONE)
    assert [(p.day, p.start_minute, p.end_minute) for p in shown] == [(0, 23 * 60, 24 * 60),
                                                                      (1, 570, 630)]
    first = shown[1]
    assert (first.title, first.task_title, first.estimate, first.chunk) == (
        "Shortlist venues", "Team offsite", 90, 2)


def test_a_blocks_step_without_an_active_plan_shows_its_id(db: Path) -> None:
    task_id = add_task(NewTask(title="No plan")).id
    ScheduledBlock.create(task=task_id, step_id="gone", start=at(0, 9), end=at(0, 10))
    [shown] = for_step(task_id, "gone")
    assert (shown.title, shown.estimate, shown.task_title) == ("gone", None, "No plan")


def test_for_step_is_in_time_order(db: Path) -> None:
    task_id = planned_task()
    for day in (2, 0, 1):
        ScheduledBlock.create(task=task_id, step_id="s1", start=at(day, 9),
                              end=at(day, 9) + timedelta(minutes=30))
    assert [p.start.astimezone(ZONE).day for p in for_step(task_id, "s1")] == [7, 8, 9]
    assert for_step(task_id, "other") == []
