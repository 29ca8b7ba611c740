"""Todoist's DATE column: a date as the person typed it, in DATE_LANG and TIMEZONE.

A plain date ("Dec 5 2026", "tomorrow 9am", "2026-12-05") is read with ``dateparser``;
without a time it means 18:00 there (DESIGN §11). A recurring date ("every friday",
"every 2 weeks", "daily") becomes an RRULE and its next occurrence is the due time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.dates.when import local_zone
from app.io.importers.incoming import Batch

DAYS = {"monday": "MO", "tuesday": "TU", "wednesday": "WE", "thursday": "TH",
        "friday": "FR", "saturday": "SA", "sunday": "SU", "mon": "MO", "tue": "TU",
        "wed": "WE", "thu": "TH", "fri": "FR", "sat": "SA", "sun": "SU"}
UNITS = {"day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"}
WORDS = {"daily": "DAILY", "weekly": "WEEKLY", "monthly": "MONTHLY", "yearly": "YEARLY",
         "every day": "DAILY", "every week": "WEEKLY", "every month": "MONTHLY",
         "every year": "YEARLY", "every weekday": "WEEKLY;BYDAY=MO,TU,WE,TH,FR",
         "every workday": "WEEKLY;BYDAY=MO,TU,WE,TH,FR"}
_TIME = re.compile(r"\d:\d|\d\s*(am|pm)\b|\bat\s+\d", re.I)  # the text names a time


@dataclass(frozen=True)
class Due:
    when: datetime
    rrule: str | None = None
    zone: str | None = None


def read_date(row: dict[str, str], number: int, batch: Batch) -> Due | None:
    """The row's DATE, or None (with a line in ``skipped`` when it could not be read)."""
    text = " ".join(row.get("DATE", "").split())
    if not text:
        return None
    zone = _zone(row.get("TIMEZONE", "").strip())
    where = f"line {number}" if number else repr(row.get("CONTENT", ""))
    rule = _rule(text.lower())
    if rule is not None:
        return _next(rule, text, zone)
    if text.lower().startswith(("every", "ev ", "after", "every!")):
        batch.skipped.append(f"{where}: the recurring date {text!r} (imported without a date)")
        return None
    when = _parse(text, row.get("DATE_LANG", "").strip() or "en", zone)
    if when is None:
        batch.skipped.append(f"{where}: the date {text!r} (imported without a date)")
        return None
    return Due(when)


def _zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name) if name else local_zone()
    except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia" is a folder: IsADirectoryError
        return local_zone()


def _rule(text: str) -> str | None:
    base = re.sub(r"\s+at\s+.*$", "", text).strip()
    if base in WORDS:
        return WORDS[base]
    match = re.fullmatch(r"every\s+(\w+)", base)
    if match and match.group(1) in DAYS:
        return f"WEEKLY;BYDAY={DAYS[match.group(1)]}"
    match = re.fullmatch(r"every\s+(\d+)\s+(day|week|month|year)s?", base)
    if match and int(match.group(1)) > 0:
        return f"{UNITS[match.group(2)]};INTERVAL={int(match.group(1))}"
    return None


def _next(rule: str, text: str, zone: tzinfo) -> Due:
    from dateutil.rrule import rrulestr

    at = _time_in(text) or time(18, 0)
    now = datetime.now(zone)
    start = datetime.combine(now.date(), at, tzinfo=zone)
    first = rrulestr(f"FREQ={rule}", dtstart=start).after(now, inc=True)
    when = (first or start).astimezone(UTC)
    return Due(when, f"FREQ={rule}", getattr(zone, "key", None))


def _time_in(text: str) -> time | None:
    match = re.search(r"\bat\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", text, re.I)
    if match is None:
        return None
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    if match.group(3):
        hour = hour % 12 + (12 if match.group(3).lower() == "pm" else 0)
    return time(hour, minute) if hour < 24 and minute < 60 else None


def _parse(text: str, lang: str, zone: tzinfo) -> datetime | None:
    import dateparser

    settings = {"PREFER_DATES_FROM": "future", "RETURN_AS_TIMEZONE_AWARE": True,
                "TIMEZONE": getattr(zone, "key", "UTC")}
    try:
        found = dateparser.parse(text, languages=[lang], settings=settings)
    except (ValueError, OverflowError):
        found = None
    if found is None:
        return None
    if not _TIME.search(text):
        found = datetime.combine(found.date(), time(18, 0), tzinfo=zone)
    return found.astimezone(UTC).replace(microsecond=0)
