"""One urgency: the list's SQL score and the assistant's Python score agree."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.task_queries import _urgency_sql
from app.urgency import urgency
from models import Task, atomic

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def _random_tasks(count: int, seed: int) -> None:
    rng = random.Random(seed)
    rows = []
    for n in range(count):
        due = None if rng.random() < 0.3 else NOW + timedelta(minutes=rng.randint(-60, 60) * 1440
                                                                  + rng.randint(0, 1439))
        created = NOW - timedelta(seconds=rng.randint(0, 800 * 86400))
        rows.append({"title": f"task {n}", "priority": rng.randint(1, 4), "due_at": due,
                     "created_at": created, "updated_at": created})
    with atomic():
        Task.insert_many(rows).execute()


def test_sql_and_python_urgency_agree_on_1000_random_tasks(db: Path) -> None:
    _random_tasks(1000, seed=20261201)
    score = _urgency_sql(NOW).alias("score")
    checked = 0
    for task in Task.select(Task, score):
        expected = urgency(task.priority, task.due_at, task.created_at, False, NOW).score
        assert abs(task.score - expected) < 1e-3, (task.id, task.score, expected)
        checked += 1
    assert checked == 1000


def test_the_two_orders_agree(db: Path) -> None:
    _random_tasks(300, seed=7)
    in_sql = [t.id for t in Task.select(Task.id).order_by(_urgency_sql(NOW).desc(), Task.id)]
    in_python = sorted(Task.select(), key=lambda t: (
        -urgency(t.priority, t.due_at, t.created_at, False, NOW).score, t.id))
    # Scores equal to the third decimal may order either way; compare rounded ranks.
    def rounded(ids: list[int]) -> list[tuple[float, int]]:
        by_id = {t.id: t for t in Task.select()}
        return [(round(urgency(by_id[i].priority, by_id[i].due_at, by_id[i].created_at, False,
                               NOW).score, 2), i) for i in ids]
    assert [s for s, _ in rounded(in_sql)] == [s for s, _ in rounded([t.id for t in in_python])]
