"""Urgency (``app.tasks.urgency``): its terms, and the list's SQL score agreeing with it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.tasks.queries import urgency_sql
from app.tasks.urgency import due_factor, explain_task, task_urgency, urgency
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
    score = urgency_sql(NOW).alias("score")
    checked = 0
    for task in Task.select(Task, score):
        expected = urgency(task.priority, task.due_at, task.created_at, False, NOW).score
        assert abs(task.score - expected) < 1e-3, (task.id, task.score, expected)
        checked += 1
    assert checked == 1000


def test_the_two_orders_agree(db: Path) -> None:
    _random_tasks(300, seed=7)
    in_sql = [t.id for t in Task.select(Task.id).order_by(urgency_sql(NOW).desc(), Task.id)]
    in_python = sorted(Task.select(), key=lambda t: (
        -urgency(t.priority, t.due_at, t.created_at, False, NOW).score, t.id))
    # Scores equal to the third decimal may order either way; compare rounded ranks.
    def rounded(ids: list[int]) -> list[tuple[float, int]]:
        by_id = {t.id: t for t in Task.select()}
        return [(round(urgency(by_id[i].priority, by_id[i].due_at, by_id[i].created_at, False,
                               NOW).score, 2), i) for i in ids]
    assert [s for s, _ in rounded(in_sql)] == [s for s, _ in rounded([t.id for t in in_python])]


AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_the_due_factor_rises_linearly_from_two_weeks_out_to_a_week_overdue() -> None:
    assert due_factor(None, AT) == 0.0
    assert due_factor(AT + timedelta(days=30), AT) == 0.2
    assert due_factor(AT + timedelta(days=14), AT) == 0.2
    assert due_factor(AT - timedelta(days=7), AT) == 1.0
    assert due_factor(AT - timedelta(days=70), AT) == 1.0
    assert abs(due_factor(AT, AT) - (0.2 + 0.8 * 14 / 21)) < 1e-9


def test_the_score_is_the_sum_of_its_named_terms() -> None:
    score = urgency(1, AT, AT - timedelta(days=730), True, AT)
    assert dict(score.terms) == {"priority": 6.0, "due": pytest.approx(12 * (0.2 + 0.8 * 2 / 3)),
                                 "age": 2.0, "blocked": -5.0}
    assert score.score == round(sum(v for _, v in score.terms), 4)


def test_an_unknown_priority_and_a_future_creation_add_nothing() -> None:
    score = urgency(9, None, AT + timedelta(days=1), False, AT)
    assert score.score == 0.0 and score.explain() == "0"


def test_the_explanation_names_each_term_that_counts() -> None:
    assert urgency(2, None, AT, False, AT).explain() == "priority 3.9"


def test_a_tasks_line_names_its_score_and_terms(db: Path) -> None:
    with atomic():
        task = Task.create(title="t", priority=3, created_at=AT, problem="stuck")
    assert explain_task(task, AT) == "urgency -3.20 = priority 1.8 + blocked -5.0"
    assert task_urgency(task, AT).score == -3.2
