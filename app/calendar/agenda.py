"""The calendar panel's agenda: a range of local days as plain data, ready to draw.

``read_agenda`` runs in a worker thread and returns only plain data: the cached events
overlapping the days, the due times of open tasks and of their active plans' unfinished
steps, and every source's sync state (its last error included). Timed events become
per-day ``Block`` pieces with side-by-side lanes where they overlap; all-day events
become ``Banner`` rows of the strip on top. Positions are the local zone's wall clock
in minutes since midnight. Event text is untrusted: ``one_line`` flattens it for drawing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any, cast

from app.calendar import cache
from app.calendar.cache import CachedEvent
from app.states import ACTIVE_PLAN, OPEN_TASK, SATISFIED_STEP
from models import Plan, Step, Task
from models.fields import format_utc, parse_utc

DAY_MINUTES = 24 * 60
MIN_BLOCK_MINUTES = 20  # a short (or zero-length) event still gets room for its title
MAX_EVENTS = 2000  # per range: more than a week can show
MAX_MARKS = 500
MODES = {"day": 1, "week": 7}
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")


@dataclass(frozen=True)
class Block:
    """A timed event's piece within one day column.

    Attributes:
        day: the column (0 is the range's first day).
        start: minutes since local midnight.
        end: minutes since local midnight, exclusive (at most DAY_MINUTES).
        lane: the event's lane among those it overlaps; ``lanes`` is how many there are.
    """

    day: int
    start: int
    end: int
    summary: str
    location: str
    source_id: int
    source: str
    busy: bool
    starts_at: datetime
    ends_at: datetime
    lane: int = 0
    lanes: int = 1


@dataclass(frozen=True)
class Banner:
    """An all-day event in the top strip, from column ``first`` to ``last`` (inclusive)."""

    first: int
    last: int
    row: int
    summary: str
    source_id: int
    source: str
    busy: bool
    first_date: date
    last_date: date  # inclusive


@dataclass(frozen=True)
class DueMark:
    """A task's or a step's due time (``step_id`` is "" for a task)."""

    kind: str  # "task" or "step"
    task_id: int
    step_id: str
    title: str
    task_title: str
    status: str
    day: int
    minute: int
    at: datetime  # local
    all_day: bool = False  # a task's due that is a date: ``at`` is the moment it stands for


@dataclass(frozen=True)
class SourceState:
    """A calendar source as the panel and the sources dialog show it."""

    id: int
    name: str
    kind: str
    location: str
    username: str | None
    enabled: bool
    events: int
    last_synced_at: datetime | None
    last_error: str | None
    last_error_at: datetime | None


@dataclass(frozen=True)
class Agenda:
    """Everything the panel draws for ``days`` days from ``first_day``."""

    first_day: date
    days: int
    blocks: tuple[Block, ...] = ()
    banners: tuple[Banner, ...] = ()
    marks: tuple[DueMark, ...] = ()
    sources: tuple[SourceState, ...] = ()

    @property
    def failing(self) -> tuple[SourceState, ...]:
        """The enabled sources whose last sync failed (their last good cache is shown)."""
        return tuple(s for s in self.sources if s.enabled and s.last_error)

    def day(self, column: int) -> date:
        """The date of a column."""
        return self.first_day + timedelta(days=column)


# --- ranges ----------------------------------------------------------------------------------

def week_start(day: date, first_weekday: int = 0) -> date:
    """The first day of the week holding ``day`` (``first_weekday`` 0 is Monday)."""
    return day - timedelta(days=(day.weekday() - first_weekday) % 7)


def span(anchor: date, mode: str, first_weekday: int = 0) -> tuple[date, int]:
    """The first day and the number of days the ``mode`` ("day" or "week") shows."""
    if mode == "week":
        return week_start(anchor, first_weekday), MODES["week"]
    return anchor, MODES["day"]


def moved(anchor: date, mode: str, direction: int) -> date:
    """The anchor one day or one week (by ``mode``) forward (1) or back (-1)."""
    return anchor + timedelta(days=MODES[mode] * direction)


def bounds(first_day: date, days: int, zone: tzinfo) -> tuple[datetime, datetime]:
    """The instants at local midnight that start and end the range."""
    start = datetime.combine(first_day, time(0), zone)
    return start, datetime.combine(first_day + timedelta(days=days), time(0), zone)


def minute_of(moment: datetime) -> int:
    """Minutes since local midnight of an aware local time (the wall clock)."""
    return moment.hour * 60 + moment.minute


def now_at(now: datetime, first_day: date, days: int, zone: tzinfo) -> tuple[int, int] | None:
    """The column and minute of ``now``, or None when the range does not show it."""
    local = now.astimezone(zone)
    column = (local.date() - first_day).days
    return (column, minute_of(local)) if 0 <= column < days else None


def one_line(text: str) -> str:
    """Untrusted text on one line: control characters and line breaks become spaces."""
    return " ".join(_CONTROL.sub(" ", text).split())


# --- reading ---------------------------------------------------------------------------------

def read_agenda(first_day: date, days: int, zone: tzinfo) -> Agenda:
    """Read the agenda of a range from the store (blocking: call it in a worker thread)."""
    start, end = bounds(first_day, days, zone)
    found = cache.events_between(start, end, zone, limit=MAX_EVENTS)
    return Agenda(
        first_day=first_day, days=days,
        blocks=tuple(blocks_for(found, first_day, days, zone)),
        banners=tuple(banners_for(found, first_day, days)),
        marks=tuple(marks_for(first_day, days, zone)),
        sources=tuple(source_states()))


def source_states() -> list[SourceState]:
    """Every source with its event count and last sync (blocking)."""
    return [SourceState(
        id=s.id, name=s.name, kind=s.kind, location=s.location, username=s.username,
        enabled=bool(s.enabled), events=cache.event_count(s.id),
        last_synced_at=s.last_synced_at, last_error=s.last_error,
        last_error_at=s.last_error_at) for s in cache.sources()]


def enabled_source_ids() -> list[int]:
    """The ids of the sources a sync fetches (blocking)."""
    return [s.id for s in cache.sources(enabled_only=True)]


def marks_for(first_day: date, days: int, zone: tzinfo) -> list[DueMark]:
    """Due times of open tasks and of their active plans' unfinished steps, in time order."""
    start, end = (format_utc(t) for t in bounds(first_day, days, zone))
    marks = [_mark("task", tid, "", title, title, status, due, first_day, zone,
                   "due" in (all_day or ()))
             for tid, title, status, due, all_day in _task_dues(start, end)]
    marks += [_mark("step", tid, sid, title, task_title, status, due, first_day, zone)
              for tid, sid, title, task_title, status, due in _step_dues(start, end)]
    return sorted(marks, key=lambda m: (m.at, m.kind != "task", m.task_id, m.step_id))


def _task_dues(start: str, end: str) -> list[tuple[Any, ...]]:
    query = (Task.select(Task.id, Task.title, Task.status, Task.due_at, Task.all_day)
             .where(Task.status.in_(tuple(OPEN_TASK)) & (Task.due_at >= start)
                    & (Task.due_at < end))
             .order_by(Task.due_at).limit(MAX_MARKS).tuples())
    return list(cast(Iterable[tuple[Any, ...]], query))


def _step_dues(start: str, end: str) -> list[tuple[Any, ...]]:
    query = (Step.select(Plan.task, Step.step_id, Step.title, Task.title, Step.status,
                         Step.due_at)
             .join(Plan).join(Task)
             .where(Plan.status.in_(tuple(ACTIVE_PLAN)) & Task.status.in_(tuple(OPEN_TASK))
                    & Step.status.not_in(tuple(SATISFIED_STEP))
                    & (Step.due_at >= start) & (Step.due_at < end))
             .order_by(Step.due_at).limit(MAX_MARKS).tuples())
    return list(cast(Iterable[tuple[Any, ...]], query))


def _mark(kind: str, task_id: int, step_id: str, title: str, task_title: str, status: str,
          due: datetime | str, first_day: date, zone: tzinfo, all_day: bool = False
          ) -> DueMark:
    when = (parse_utc(due) if isinstance(due, str) else due).astimezone(zone)
    return DueMark(kind, int(task_id), step_id, one_line(title), one_line(task_title), status,
                   (when.date() - first_day).days, minute_of(when), when, all_day)


# --- placing ---------------------------------------------------------------------------------

def blocks_for(events: Iterable[CachedEvent], first_day: date, days: int,
               zone: tzinfo) -> list[Block]:
    """The timed events cut into one piece per day they touch, with their lanes."""
    pieces: list[Block] = []
    for event in events:
        if not event.all_day:
            pieces.extend(_pieces(event, first_day, days, zone))
    placed: list[Block] = []
    for column in range(days):
        placed.extend(assign_lanes([b for b in pieces if b.day == column]))
    return placed


def _pieces(event: CachedEvent, first_day: date, days: int, zone: tzinfo) -> list[Block]:
    begin = parse_utc(event.start).astimezone(zone)
    finish = max(parse_utc(event.end).astimezone(zone), begin)
    found = []
    for column in range(days):
        day_start, day_end = bounds(first_day + timedelta(days=column), 1, zone)
        if begin >= day_end or (finish <= day_start and begin < day_start):
            continue
        start = minute_of(max(begin, day_start)) if begin > day_start else 0
        end = DAY_MINUTES if finish >= day_end else minute_of(finish)
        found.append(Block(column, start, end, one_line(event.summary),
                           one_line(event.location), event.source_id, one_line(event.source),
                           event.busy, begin, finish))
    return found


def assign_lanes(blocks: Sequence[Block]) -> list[Block]:
    """Blocks of one day side by side where they overlap: each gets a lane, and every
    block of an overlapping cluster gets the cluster's lane count."""
    ordered = sorted(blocks, key=lambda b: (b.start, -b.end, b.summary))
    placed: list[Block] = []
    cluster: list[Block] = []
    lane_ends: list[int] = []
    cluster_end = -1
    for block in ordered:
        end = max(block.end, block.start + MIN_BLOCK_MINUTES)
        if cluster and block.start >= cluster_end:
            placed.extend(replace(b, lanes=len(lane_ends)) for b in cluster)
            cluster, lane_ends = [], []
        lane = next((i for i, e in enumerate(lane_ends) if e <= block.start), len(lane_ends))
        if lane == len(lane_ends):
            lane_ends.append(end)
        lane_ends[lane] = end
        cluster.append(replace(block, lane=lane))
        cluster_end = max(cluster_end, end)
    placed.extend(replace(b, lanes=len(lane_ends)) for b in cluster)
    return placed


def banners_for(events: Iterable[CachedEvent], first_day: date, days: int) -> list[Banner]:
    """The all-day events in rows: each takes the first row free over all its columns."""
    found = []
    for event in events:
        if not event.all_day:
            continue
        first_date = date.fromisoformat(event.start)
        last_date = max(date.fromisoformat(event.end) - timedelta(days=1), first_date)
        first = max(0, (first_date - first_day).days)
        last = min(days - 1, (last_date - first_day).days)
        if first <= last:
            found.append(Banner(first, last, 0, one_line(event.summary), event.source_id,
                                one_line(event.source), event.busy, first_date, last_date))
    found.sort(key=lambda b: (b.first, -(b.last - b.first), b.summary))
    taken: list[set[int]] = []
    placed = []
    for banner in found:
        columns = set(range(banner.first, banner.last + 1))
        row = next((i for i, used in enumerate(taken) if not used & columns), len(taken))
        if row == len(taken):
            taken.append(set())
        taken[row] |= columns
        placed.append(replace(banner, row=row))
    return placed
