"""app.agent.typed_task: a recurrence named in a task's title is adopted before review."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from app.agent.typed_task import adopt_recurrence
from app.tasks.store import NewTask, add_task
from models import Task, WorkLog

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def test_every_monday_in_the_title_becomes_the_rule_and_first_due(db: Path) -> None:
    task = adopt_recurrence(add_task(NewTask(title="Water the plants every Monday at 9am")), NOW)
    stored = Task.get_by_id(task.id)
    assert stored.recurrence and "FREQ=WEEKLY" in stored.recurrence
    assert stored.due_at is not None and stored.timezone
    assert WorkLog.select().where(WorkLog.message.contains("read from the title")).count() == 1


def test_chinese_weekly_words_are_read_too(db: Path) -> None:
    task = adopt_recurrence(add_task(NewTask(title="每周五交周报")), NOW)
    assert "FREQ=WEEKLY" in (Task.get_by_id(task.id).recurrence or "")


def test_a_task_with_a_rule_or_no_rule_words_is_left_as_it_is(db: Path) -> None:
    plain = add_task(NewTask(title="Renew passport"))
    assert adopt_recurrence(plain, NOW).recurrence is None
    ruled = add_task(NewTask(title="Gym every Monday", recurrence="FREQ=DAILY",
                             due_at=datetime(2026, 12, 1, 1, 0, tzinfo=UTC)))
    assert adopt_recurrence(ruled, NOW).recurrence == ruled.recurrence


def test_a_due_already_set_is_kept(db: Path) -> None:
    due = datetime(2026, 12, 10, 1, 0, tzinfo=UTC)
    task = adopt_recurrence(add_task(NewTask(title="Report every Friday", due_at=due)), NOW)
    assert Task.get_by_id(task.id).due_at == due
