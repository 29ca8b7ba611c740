"""models.prepared: a select built once gives what the query itself gives, for any values."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.tasks.store import NewTask, add_task
from models import Plan, Task
from models.prepared import Prepared


def by_title() -> Prepared[Task]:
    return Prepared[Task](lambda low, title: Task.select().where(
        (Task.id >= low) & (Task.title == title)).order_by(Task.id), [int, str])


def test_same_rows(db: Path) -> None:
    for title in ("a", "b", "a", "c'; DROP TABLE task; --"):
        add_task(NewTask(title))
    prepared = by_title()
    for low, title in ((1, "a"), (2, "a"), (1, "c'; DROP TABLE task; --"), (9, "a"), (1, "x")):
        want = list(Task.select().where((Task.id >= low) & (Task.title == title))
                    .order_by(Task.id))
        got = prepared.rows(low, title)
        assert [(t.id, t.title, t.uid) for t in got] == [(t.id, t.title, t.uid) for t in want]
    assert prepared.first(1, "x") is None and Task.select().count() == 4


def test_joined_model(db: Path) -> None:
    task = add_task(NewTask("Trip"))
    Plan.create(task=task.id, revision=1, spec={})
    latest = Prepared[Plan](lambda task_id: Plan.select(Plan, Task).join(Task).where(
        Plan.task == task_id).limit(1), [int])
    plan = latest.first(task.id)
    assert plan is not None and plan.revision == 1
    assert plan.__data__.get("task") == task.id and plan.task.title == "Trip"


def test_value_twice(db: Path) -> None:
    for title in ("a", "b", "c"):
        add_task(NewTask(title))
    either = Prepared[Task](lambda n: Task.select().where((Task.id == n) | (Task.priority == n))
                            .order_by(Task.id), [int])
    assert [t.title for t in either.rows(2)] == ["b"]
    assert [t.title for t in either.rows(3)] == ["a", "b", "c"]  # priority 3, and id 3


def test_unused_value_refused() -> None:
    with pytest.raises(ValueError, match="appear"):
        Prepared[Task](lambda _n: Task.select(), [int])
