"""The scheduler's plain data: the work to place, the blocks placed, and what did not fit.

No database and no clock here: ``app.schedule.store`` builds an ``Inputs`` from the
store, ``app.schedule.placer`` turns it into a ``Schedule``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, tzinfo

from app.calendar.freebusy import Interval

MIN_CHUNK_MINUTES = 30
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

StepKey = tuple[int, str]  # (task id, step id)


@dataclass(frozen=True)
class Work:
    """A schedulable step: a user's pending or ready step with an estimate."""

    task_id: int
    step_id: str
    title: str
    minutes: int
    depends_on: tuple[StepKey, ...] = ()
    due: datetime | None = None
    not_before: datetime | None = None
    urgency: float = 0.0
    position: int = 0

    @property
    def key(self) -> StepKey:
        return self.task_id, self.step_id


@dataclass(frozen=True)
class Block:
    """A step's work (or one chunk of it) placed in time, with the reason in words."""

    task_id: int
    step_id: str
    start: datetime
    end: datetime
    why: str = ""
    pinned: bool = False
    chunk: int = 1

    @property
    def key(self) -> StepKey:
        return self.task_id, self.step_id

    def as_json(self) -> dict[str, object]:
        """The ``--json`` shape: task, step, start, end (ISO 8601, UTC), why."""
        from models.fields import format_utc

        return {"task": self.task_id, "step": self.step_id, "start": format_utc(self.start),
                "end": format_utc(self.end), "why": self.why}


@dataclass(frozen=True)
class Unplaced:
    """A step that could not be placed: why, and the nearest fix."""

    task_id: int
    step_id: str
    title: str
    reason: str
    fix: str = ""
    short_of_time: bool = False  # not enough free time before its due (an ``Overload``)

    @property
    def key(self) -> StepKey:
        return self.task_id, self.step_id

    def text(self) -> str:
        return f"task {self.task_id} step {self.step_id!r} ({self.title}): {self.reason}" + (
            f"; {self.fix}" if self.fix else "")


@dataclass(frozen=True)
class Hours:
    """Working hours: from ``start`` to ``end`` local time on the ``days`` (0 = Monday)."""

    start: time = time(9, 0)
    end: time = time(18, 0)
    days: frozenset[int] = frozenset(range(5))


@dataclass
class Inputs:
    """Everything the placer needs, read once."""

    work: Sequence[Work]
    busy: Sequence[Interval]
    start: datetime
    end: datetime
    zone: tzinfo
    hours: Hours = field(default_factory=Hours)
    fixed: Sequence[Block] = ()  # pinned or under way: kept where they are
    titles: dict[StepKey, str] = field(default_factory=dict)  # of every step, for reasons


@dataclass(frozen=True)
class Overload:
    """A task whose steps due at one time need more working time than there is before it:
    the honest sum, beside each step's own reason."""

    task_id: int
    due: datetime
    needed: int  # minutes of its steps due then
    free: int  # minutes of working time they had before then (what they took, and what is left)

    def text(self, zone: tzinfo) -> str:
        from app.schedule.estimates import minutes_text

        return (f"task {self.task_id}: {minutes_text(self.needed)} of steps, "
                f"{minutes_text(self.free)} free before {day_clock(self.due, zone)}: move the "
                "due date, shorten a step, or free some time in the calendar")


@dataclass
class Schedule:
    blocks: list[Block]
    unplaced: list[Unplaced]
    overloads: list[Overload] = field(default_factory=list)


def clock(when: datetime, zone: tzinfo) -> str:
    """"Mon 11:30" in the working hours' zone."""
    local = when.astimezone(zone)
    return f"{WEEKDAYS[local.weekday()]} {local:%H:%M}"


def day_clock(when: datetime, zone: tzinfo) -> str:
    """"Mon 12-07 11:30": with the date, for times further away."""
    local = when.astimezone(zone)
    return f"{WEEKDAYS[local.weekday()]} {local:%m-%d %H:%M}"
