"""Which task the assistant takes first: an explainable urgency score.

In the spirit of Taskwarrior's urgency: a sum of weighted terms (priority, how soon it
is due, age, blocked), each shown in the explanation. Ties go to the older task.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models import Task

PRIORITY_WEIGHT = {1: 6.0, 2: 3.9, 3: 1.8, 4: 0.0}
DUE_WEIGHT = 12.0
AGE_WEIGHT = 2.0
BLOCKED_WEIGHT = -5.0
AGE_FULL_DAYS = 365.0


@dataclass(frozen=True)
class Urgency:
    score: float
    terms: tuple[tuple[str, float], ...]

    def explain(self) -> str:
        return " + ".join(f"{name} {value:.1f}" for name, value in self.terms if value) or "0"


def due_factor(due: datetime | None, now: datetime) -> float:
    """1.0 when overdue by a week or more, 0.2 two weeks out and beyond, linear between."""
    if due is None:
        return 0.0
    days = (due - now).total_seconds() / 86400
    if days <= -7:
        return 1.0
    if days >= 14:
        return 0.2
    return 0.2 + 0.8 * (14 - days) / 21


def urgency(priority: int, due: datetime | None, created: datetime, blocked: bool,
            now: datetime) -> Urgency:
    age_days = max((now - created).total_seconds() / 86400, 0.0)
    terms = (
        ("priority", PRIORITY_WEIGHT.get(priority, 0.0)),
        ("due", DUE_WEIGHT * due_factor(due, now)),
        ("age", AGE_WEIGHT * min(age_days / AGE_FULL_DAYS, 1.0)),
        ("blocked", BLOCKED_WEIGHT if blocked else 0.0),
    )
    return Urgency(round(sum(v for _, v in terms), 4), terms)


def task_urgency(task: Task, now: datetime) -> Urgency:
    """The score the assistant ranks ``task`` by (the same as ``stepwise next`` shows)."""
    return urgency(task.priority, task.due_at, task.created_at, bool(task.problem), now)


def explain_task(task: Task, now: datetime) -> str:
    """One line for a task's details: "urgency 9.98 = priority 3.9 + due 6.1 + age 0.0"."""
    score = task_urgency(task, now)
    return f"urgency {score.score:.2f} = {score.explain()}"
