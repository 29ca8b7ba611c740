"""How much planned work each day holds, against the person's daily limit
(``calendar.day_limit_minutes``; 0 is none): what Schedule warns of and the calendar's
day headings show."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta, tzinfo

from app.schedule.estimates import minutes_text
from app.schedule.model import WEEKDAYS


def day_minutes(spans: Iterable[tuple[datetime, datetime]], zone: tzinfo) -> dict[date, int]:
    """Minutes of planned work on each local day (a block over midnight counts on both)."""
    totals: dict[date, int] = {}
    for start, end in spans:
        start, end = start.astimezone(zone), end.astimezone(zone)
        while start < end:
            midnight = datetime.combine(start.date() + timedelta(days=1), datetime.min.time(),
                                        zone)
            upto = min(end, midnight)
            totals[start.date()] = totals.get(start.date(), 0) + int(
                (upto - start).total_seconds() // 60)
            start = upto
    return totals


def over_limit(totals: dict[date, int], limit: int) -> list[tuple[date, int]]:
    """The days holding more than ``limit`` minutes, in order (none when ``limit`` is 0)."""
    if limit <= 0:
        return []
    return sorted((day, minutes) for day, minutes in totals.items() if minutes > limit)


def warning(day: date, minutes: int, limit: int) -> str:
    """ "Mon 12-07 holds 7 h 30 min of planned work, over your limit of 6 h" """
    return (f"{WEEKDAYS[day.weekday()]} {day:%m-%d} holds {minutes_text(minutes)} of planned "
            f"work, over your limit of {minutes_text(limit)} (setting "
            "calendar.day_limit_minutes): move a block, or let a step wait")
