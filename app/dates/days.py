"""A start or due is either a date (all day) or a moment in a zone, as it was set.

A date is what a person or another app gives without a clock time ("Friday",
``DUE;VALUE=DATE:20261215``); it stays a date wherever it is shown, synced or exported.
Where a moment is needed (reminders, urgency, ordering, scheduling), a start date stands
for its day's beginning (09:00) and a due date for the end of its working day (18:00),
in the task's zone: that stand-in is what ``Task.start_at`` / ``Task.due_at`` hold, and
``Task.all_day`` names the roles that are dates. The date comes back from the stand-in in
the same zone, so a machine that moves to another zone still shows the same day.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.dates.when import DEFAULT_TIME, local_zone

ROLES = ("start", "due")
When = date | datetime  # a date (all day) or an aware moment


def is_day(value: object) -> bool:
    """Whether ``value`` is a date without a time (a ``datetime`` is a ``date`` too)."""
    return isinstance(value, date) and not isinstance(value, datetime)


def zone(name: str | None) -> tzinfo:
    """The IANA zone ``name``, or the local zone for none (or one this machine lacks)."""
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia" is a folder
            pass
    return local_zone()


def zone_key(where: tzinfo | None = None) -> str | None:
    """The IANA name of ``where`` (the local zone by default); None when it has none."""
    return getattr(where or local_zone(), "key", None)


def stand_in(day: date, role: str, where: tzinfo) -> datetime:
    """The moment a date stands for (UTC): a start at its day's beginning, a due at the
    end of its working day, local to ``where``."""
    return datetime.combine(day, DEFAULT_TIME[role], where).astimezone(UTC)


def moment(value: When | None, role: str, where: tzinfo) -> datetime | None:
    """A date's stand-in moment, or an aware moment in UTC; None stays None."""
    if value is None:
        return None
    if is_day(value):
        return stand_in(value, role, where)
    assert isinstance(value, datetime)
    return value.astimezone(UTC)


def day_of(stored: datetime, where: tzinfo) -> date:
    """The date a stored stand-in stands for."""
    return stored.astimezone(where).date()


def as_set(stored: datetime | None, role: str, all_day: Iterable[str],
           timezone: str | None) -> When | None:
    """A stored start or due as it was set: its date when the role is all day, else the
    moment in the task's zone (or UTC when it has none)."""
    if stored is None:
        return None
    if role in set(all_day):
        return day_of(stored, zone(timezone))
    return stored.astimezone(zone(timezone) if timezone else UTC)


def days_of(values: dict[str, object]) -> list[str]:
    """The roles whose value in ``values`` (``start_at``, ``due_at``) is a date."""
    return [r for r in ROLES if is_day(values.get(f"{r}_at"))]


def as_given(when: datetime | None, had_time: bool, where: tzinfo | None = None
             ) -> When | None:
    """A phrase's reading as the person gave it: the moment when it named a clock time,
    else its date in ``where`` (the local zone by default)."""
    if when is None or had_time:
        return when
    return when.astimezone(where or local_zone()).date()


def plain(value: When) -> str:
    """A date or moment for the command line: "Tue 2026-12-15" for a date (all day),
    "Tue 2026-12-15 18:00 CST" for a moment (local time)."""
    if is_day(value):
        return f"{value:%a %Y-%m-%d}"
    assert isinstance(value, datetime)
    local = value.astimezone(local_zone())
    return f"{local:%a %Y-%m-%d %H:%M %Z}".strip()
