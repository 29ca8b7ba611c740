"""Scheduled blocks as the window shows them: plain data with titles and day positions.

``planned_between`` is what the calendar panel draws (read in a worker thread);
``for_step`` is what the step's details show. Neither returns ORM objects.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from app.states import ACTIVE_PLAN
from models import Plan, ScheduledBlock, Step, Task


@dataclass(frozen=True)
class Planned:
    """One block: which step, when, why, and where it sits in a day column."""

    id: int
    task_id: int
    step_id: str
    title: str
    task_title: str
    start: datetime
    end: datetime
    why: str
    pinned: bool
    chunk: int
    estimate: int | None = None  # the step's, in minutes
    day: int = 0  # column, from the first day shown
    start_minute: int = 0  # since local midnight
    end_minute: int = 0


def planned_between(first_day: date, days: int, zone: tzinfo) -> list[Planned]:
    """The blocks that start in the ``days`` days from ``first_day`` (local), in time order."""
    low = datetime.combine(first_day, time(0), zone)
    high = datetime.combine(first_day + timedelta(days=days), time(0), zone)
    query = ScheduledBlock.select().where((ScheduledBlock.start < high)
                                          & (ScheduledBlock.end > low))
    return [_placed(p, first_day, zone) for p in _with_titles(query)]


def every_block() -> list[Planned]:
    """Every block, in time order (what a published calendar shows)."""
    return _with_titles(ScheduledBlock.select())


def for_step(task_id: int, step_id: str) -> list[Planned]:
    """A step's blocks, in time order (the step's details show them)."""
    query = ScheduledBlock.select().where((ScheduledBlock.task == task_id)
                                          & (ScheduledBlock.step_id == step_id))
    return list(_with_titles(query))


def _with_titles(query: Iterable[ScheduledBlock]) -> list[Planned]:
    rows = sorted(query, key=lambda b: (b.start, b.task_id, b.step_id, b.chunk))
    tasks = {b.task_id for b in rows}
    task_titles: dict[int, str] = {
        int(t): str(title) for t, title in Task.select(Task.id, Task.title).where(
            Task.id.in_(list(tasks))).tuples().iterator()}
    steps: dict[tuple[int, str], tuple[str, int | None]] = {
        (int(t), str(s)): (str(title), minutes) for t, s, title, minutes in Step.select(
            Plan.task, Step.step_id, Step.title, Step.estimate_minutes).join(Plan).where(
            Plan.task.in_(list(tasks)) & Plan.status.in_(tuple(ACTIVE_PLAN))).tuples().iterator()}
    shown = []
    for b in rows:
        title, minutes = steps.get((b.task_id, b.step_id), (b.step_id, None))
        shown.append(Planned(b.id, b.task_id, b.step_id, title, task_titles.get(b.task_id, ""),
                             b.start, b.end, b.why, b.pinned, b.chunk, minutes))
    return shown


def _placed(item: Planned, first_day: date, zone: tzinfo) -> Planned:
    start, end = item.start.astimezone(zone), item.end.astimezone(zone)
    day = (start.date() - first_day).days
    last = 24 * 60 if end.date() > start.date() else end.hour * 60 + end.minute
    return Planned(**{**item.__dict__, "day": day, "start_minute": start.hour * 60 + start.minute,
                      "end_minute": last})
