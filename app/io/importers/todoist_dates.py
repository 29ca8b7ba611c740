"""Todoist's DATE and DEADLINE columns: a date as the person typed it, in its language
(DATE_LANG, DEADLINE_LANG) and TIMEZONE.

A plain date ("Dec 5 2026", "tomorrow 9am", "2026-12-05") is read with ``dateparser``;
without a time it stays a date (all day), with one it is the moment in TIMEZONE, which
the task keeps as its zone, so "every weekday at 9am" in Europe/Berlin stays 09:00 there
across daylight-saving changes. A recurring date becomes an RRULE and its next
occurrence is the due date or time: "every friday", "every 2 weeks", "daily", "every
other week", "every mon, fri", "every month on the 1st" (or "every 15th"), "every 3
months starting jan 15", and "every!" (Todoist's "from the day it was done", read as
the same rule; the text stays in the detail, named, since Stepwise repeats from the
schedule). "ending"/"until" a date gives the rule an UNTIL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, tzinfo

from app.dates import days
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


_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)?"
_EVERY = re.compile(r"(every!?|ev!?)\s+(.*)")


@dataclass(frozen=True)
class Due:
    when: days.When  # a date (all day) or a moment
    rrule: str | None = None
    zone: str | None = None  # TIMEZONE's IANA name (None: this machine's)
    text: str | None = None  # the date as typed, when the rule cannot say all of it


def read_date(row: dict[str, str], number: int, batch: Batch) -> Due | None:
    """The row's DATE, or None (with a line in ``skipped`` when it could not be read)."""
    text = " ".join(row.get("DATE", "").split())
    if not text:
        return None
    zone = row_zone(row)
    where = f"line {number}" if number else repr(row.get("CONTENT", ""))
    lang = row.get("DATE_LANG", "").strip() or "en"
    recurring = _recurring(text, lang, zone)
    if recurring is not None:
        return recurring
    if text.lower().startswith(("every", "ev ", "after", "every!")):
        batch.skipped.append(f"{where}: the recurring date {text!r} (imported without a date)")
        return None
    when = _parse(text, lang, zone)
    if when is None:
        batch.skipped.append(f"{where}: the date {text!r} (imported without a date)")
        return None
    return Due(when, zone=zone_key(row))


def read_deadline(row: dict[str, str]) -> days.When | None:
    """The row's DEADLINE (a date), or None when empty or unreadable."""
    text = " ".join(row.get("DEADLINE", "").split())
    if not text:
        return None
    return _parse(text, row.get("DEADLINE_LANG", "").strip() or "en", row_zone(row))


def row_zone(row: dict[str, str]) -> tzinfo:
    """The zone a row's dates are given in: its TIMEZONE, else this machine's."""
    return days.zone(row.get("TIMEZONE", "").strip() or None)


def zone_key(row: dict[str, str]) -> str | None:
    """The IANA name of ``row_zone``, which the task keeps."""
    return days.zone_key(row_zone(row))


def _recurring(text: str, lang: str, zone: tzinfo) -> Due | None:
    """A recurring date as a rule due at its next occurrence, or None."""
    lowered = text.lower()
    match = _EVERY.fullmatch(lowered)
    body, bang = (match.group(2), "!" in match.group(1)) if match else (lowered, False)
    body, until = _split(body, ("ending", "until"), lang, zone)
    body, starting = _split(body, ("starting", "from"), lang, zone)
    rule = _rule(f"every {body}" if match else body)
    if rule is None:
        return None
    if until is not None:  # a date: to its stand-in, so that day's occurrence counts
        rule += f";UNTIL={days.moment(until, 'due', zone):%Y%m%dT%H%M%SZ}"
    due = _next(rule, text, zone, starting)
    return Due(due.when, due.rrule, due.zone, text if bang else None)


def _split(body: str, words: tuple[str, ...], lang: str, zone: tzinfo
           ) -> tuple[str, days.When | None]:
    """``body`` without its "starting jan 15" (say), and that date (None: not there)."""
    match = re.search(r"\s+(?:" + "|".join(words) + r")\s+(.+)$", body)
    if match is None:
        return body, None
    return body[:match.start()].strip(), _parse(match.group(1), lang, zone)


# a time at the end without "at" ("every day 9am", "every monday 13:00"): am/pm or minutes
_BARE_CLOCK = re.compile(r"\s(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*$|\s(\d{1,2}):(\d{2})\s*$", re.I)


def _rule(text: str) -> str | None:
    base = _BARE_CLOCK.sub("", re.sub(r"\s+(?:at|@)\s+.*$", "", text)).strip()
    base = re.sub(r"^every\s+other\s+", "every 2 ", base)
    if base in WORDS:
        return WORDS[base]
    match = re.fullmatch(r"every\s+(?:(\d{1,4})\s+)?(\w+(?:\s*(?:,|and)\s*\w+)*)", base)
    days = [] if match is None else re.split(r"\s*(?:,|and)\s*", match.group(2))
    if days and all(day in DAYS for day in days):
        interval = f";INTERVAL={int(match.group(1))}" if match and match.group(1) else ""
        return f"WEEKLY{interval};BYDAY={','.join(DAYS[day] for day in days)}"
    match = re.fullmatch(r"every\s+(\d{1,4})\s+(day|week|month|year)s?", base)
    if match and int(match.group(1)) > 0:
        return f"{UNITS[match.group(2)]};INTERVAL={int(match.group(1))}"
    match = re.fullmatch(r"every\s+(?:month\s+on\s+the\s+|month\s+on\s+)?" + _ORDINAL, base)
    if match and 1 <= int(match.group(1)) <= 31:
        return f"MONTHLY;BYMONTHDAY={int(match.group(1))}"
    return None


def _next(rule: str, text: str, zone: tzinfo, starting: days.When | None = None) -> Due:
    """The rule's first occurrence from today (or ``starting``): a date when the text
    names no time, else the moment at that time in ``zone``."""
    from dateutil.rrule import rrulestr

    at = _time_in(text)
    now = datetime.now(zone)
    day = now.date() if starting is None else _day_of(starting, zone)
    start = datetime.combine(day, at or time(0, 0), tzinfo=zone)
    after = max(now if at else datetime.combine(now.date(), time(0, 0), zone), start)
    first = rrulestr(f"FREQ={rule}", dtstart=start).after(after, inc=True) or start
    when: days.When = first.astimezone(UTC) if at else first.date()
    return Due(when, f"FREQ={rule}", getattr(zone, "key", None))


def _day_of(value: days.When, zone: tzinfo) -> date:
    return value.astimezone(zone).date() if isinstance(value, datetime) else value


def _time_in(text: str) -> time | None:
    match = re.search(r"(?:\bat|@)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", text, re.I)
    groups = None if match is None else match.groups()
    if match is None and (bare := _BARE_CLOCK.search(text)) is not None:
        groups = bare.groups()[:3] if bare.group(1) else (bare.group(4), bare.group(5), None)
    if groups is None:
        return None
    hour, minute = int(groups[0]), int(groups[1] or 0)
    if groups[2]:
        hour = hour % 12 + (12 if groups[2].lower() == "pm" else 0)
    return time(hour, minute) if hour < 24 and minute < 60 else None


def _parse(text: str, lang: str, zone: tzinfo) -> days.When | None:
    """A date as typed: its date when it names no time, else the moment (UTC)."""
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
        return found.astimezone(zone).date()
    return found.astimezone(UTC).replace(microsecond=0)
