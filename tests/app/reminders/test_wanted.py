"""Which automatic reminders a task should have (``app.reminders.wanted``)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from app.reminders.wanted import Timing, reminders_for
from models import Task

NOW = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)
TIMING = Timing(timedelta(minutes=15), time(9, 0))


def test_a_due_moment_reminds_its_lead_before() -> None:
    task = Task(title="Call", status="new", due_at=datetime(2026, 12, 3, 7, tzinfo=UTC))
    (due,) = reminders_for(task, TIMING, NOW, step_dues=[])
    assert (due.kind, due.fire_at) == ("due", datetime(2026, 12, 3, 6, 45, tzinfo=UTC))


def test_an_all_day_due_reminds_on_its_morning_in_the_tasks_zone() -> None:
    stand_in = datetime(2026, 12, 16, 2, 0, tzinfo=UTC)  # 18:00 on the 15th in Los Angeles
    task = Task(title="Pay", status="new", due_at=stand_in, all_day=["due"],
                timezone="America/Los_Angeles")
    (due,) = reminders_for(task, TIMING, NOW, step_dues=[])
    assert due.fire_at == datetime(2026, 12, 15, 17, 0, tzinfo=UTC)  # 09:00 there
    assert due.text == "Due Tue 12-15: Pay"


def test_a_closed_task_or_a_covered_due_gets_none() -> None:
    done = Task(title="x", status="done", due_at=datetime(2026, 12, 3, tzinfo=UTC))
    assert reminders_for(done, TIMING, NOW, step_dues=[]) == []
    due = datetime(2026, 12, 3, 7, tzinfo=UTC)
    covered = Task(title="x", status="new", due_at=due)
    assert reminders_for(covered, TIMING, NOW, step_dues=[],
                         covered=[due - timedelta(minutes=5)]) == []
