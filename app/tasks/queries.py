"""The task list's queries (Qt-free): which tasks a view shows, in which order, and rows.

``matching_ids`` returns only ids (cheap even for 100,000 tasks, and run in a worker);
``rows_for`` reads one page of plain rows for the rows on screen. Urgency is computed
in SQL with the same weights as ``app.tasks.urgency``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import peewee

from app.states import OPEN_TASK, TaskStatus
from app.tasks.urgency import (
    AGE_FULL_DAYS,
    AGE_WEIGHT,
    BLOCKED_WEIGHT,
    DUE_WEIGHT,
    PRIORITY_WEIGHT,
)
from models import Plan, Task
from models.fields import format_utc

VIEWS = ("open", "today", "upcoming", "waiting", "attention", "all")
SORTS = ("urgency", "due", "priority", "created")


@dataclass(frozen=True)
class TaskQuery:
    view: str = "open"
    tag: str | None = None
    status: str | None = None
    text: str = ""
    sort: str = "urgency"


@dataclass(frozen=True)
class TaskRow:
    id: int
    title: str
    status: str
    priority: int
    due_at: datetime | None
    tags: tuple[str, ...]
    problem: str | None
    has_plan: bool = False  # a simple task (no plan) is ticked off in the list
    due_day: date | None = None  # an all-day due's date (``due_at`` is its stand-in)
    problem_code: str | None = None  # the problem as data (``app.tasks.problems``)
    problem_values: Any = None

    def problem_in(self, language: str) -> str | None:
        """The problem in ``language``: told from its code and values, or (a row only
        words were written for) its words retold."""
        from app.tasks.problems import Problem
        from app.words.plain import told

        if not self.problem:
            return None
        problem = Problem.from_stored(self.problem_code, self.problem_values)
        return problem.told(language) if problem is not None else told(self.problem, language)

    @property
    def due(self) -> date | datetime | None:
        """The due as it was set: its date when all day, else the moment."""
        return self.due_day if self.due_day is not None else self.due_at


def _day_bounds(now: datetime) -> tuple[str, str]:
    local = now.astimezone()
    start = datetime.combine(local.date(), time(0), local.tzinfo)
    return format_utc(start), format_utc(start + timedelta(days=1))


def _view_filter(view: str, now: datetime) -> Any:
    open_ = Task.status.in_(tuple(OPEN_TASK))
    if view == "open":
        return open_
    if view == "today":
        day_start, day_end = _day_bounds(now)
        due_today = Task.due_at.is_null(False) & (Task.due_at < day_end)
        starts_today = (Task.start_at >= day_start) & (Task.start_at < day_end)
        return open_ & (due_today | starts_today)
    if view == "upcoming":
        _, day_end = _day_bounds(now)
        week = format_utc(now + timedelta(days=7))
        return open_ & (Task.due_at >= day_end) & (Task.due_at < week)
    if view == "waiting":
        return Task.status == TaskStatus.WAITING
    if view == "attention":
        return (Task.status == TaskStatus.FAILED) | (open_ & Task.problem.is_null(False))
    return True


def urgency_sql(now: datetime, blocked: bool = False) -> Any:
    """SQL for the urgency score (priority + due + age), with the blocked term (a task
    with a problem) when ``blocked``: ``app.tasks.urgency.task_urgency``, unrounded."""
    now_jd = peewee.fn.julianday(format_utc(now).rstrip("Z"))
    priority = peewee.Case(Task.priority, [(p, w) for p, w in PRIORITY_WEIGHT.items()], 0.0)
    days = peewee.fn.julianday(peewee.fn.rtrim(Task.due_at, "Z")) - now_jd
    due = peewee.Case(None, [
        (Task.due_at.is_null(), 0.0),
        (days <= -7, 1.0),
        (days >= 14, 0.2),
    ], 0.2 + 0.8 * (14 - days) / 21)
    age = now_jd - peewee.fn.julianday(peewee.fn.rtrim(Task.created_at, "Z"))
    age_term = peewee.fn.min(peewee.fn.max(age, 0) / AGE_FULL_DAYS, 1.0)
    score = priority + DUE_WEIGHT * due + AGE_WEIGHT * age_term
    if not blocked:
        return score
    problem = Task.problem.is_null(False) & (Task.problem != "")
    return score + peewee.Case(None, [(problem, BLOCKED_WEIGHT)], 0.0)


def _order(sort: str, now: datetime) -> list[Any]:
    if sort == "due":
        return [Task.due_at.is_null(), Task.due_at, Task.priority, Task.id]
    if sort == "priority":
        return [Task.priority, Task.due_at.is_null(), Task.due_at, Task.id]
    if sort == "created":
        return [Task.id.desc()]
    return [urgency_sql(now).desc(), Task.id]


def matching_ids(query: TaskQuery, now: datetime | None = None) -> list[int]:
    """The ids of the tasks the query shows, in its order."""
    now = now or datetime.now(UTC)
    select = Task.select(Task.id).where(_view_filter(query.view, now))
    if query.status:
        select = select.where(Task.status == query.status)
    if query.tag:
        tagged = peewee.NodeList((
            peewee.SQL("EXISTS (SELECT 1 FROM json_each("), Task.tags,
            peewee.SQL(") AS j WHERE j.value = ?)", [query.tag])), glue="")
        select = select.where(tagged)
    if query.text.strip():
        words = query.text.strip()
        select = select.where(Task.title.contains(words) | Task.detail.contains(words))
    select = select.order_by(*_order(query.sort, now))
    return [row[0] for row in select.tuples().iterator()]


def rows_for(ids: list[int]) -> dict[int, TaskRow]:
    """Plain rows for these ids (one page of the list)."""
    rows: dict[int, TaskRow] = {}
    fields = (Task.id, Task.title, Task.status, Task.priority, Task.due_at, Task.tags,
              Task.problem, Task.all_day, Task.timezone, Task.problem_code, Task.problem_values)
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        query: Any = Task.select(*fields).where(Task.id.in_(chunk)).tuples()
        planned: Any = Plan.select(Plan.task).where(Plan.task.in_(chunk)).distinct().tuples()
        with_plan = {row[0] for row in planned}
        for values in query:
            task_id, title, status, priority, due, tags, problem, all_day, zone, code, \
                stored = values
            rows[task_id] = TaskRow(task_id, title, status, priority, due, tuple(tags), problem,
                                    task_id in with_plan, due_day(due, all_day, zone), code,
                                    stored)
    return rows


def due_day(due: datetime | None, all_day: list[str] | None, timezone: str | None
            ) -> date | None:
    """An all-day due's date from its stand-in, in the task's zone (``app.dates.days``)."""
    if due is None or "due" not in (all_day or ()):
        return None
    from app.dates.days import day_of, zone

    return day_of(due, zone(timezone))


def all_tags() -> list[str]:
    """Every tag in use (for the filter menu)."""
    cursor = Task._meta.database.execute_sql(
        "SELECT DISTINCT value FROM task, json_each(task.tags) ORDER BY value")
    return [row[0] for row in cursor]
