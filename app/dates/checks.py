"""Date text that Stepwise refuses rather than guesses at, each with what was wrong.

dateparser reads almost anything: "Dec 32" as 2032-12-01, "-1" as next January,
"13/13" as 2113, and it drops numbers it cannot place ("tomorrow 5"). These checks run
before and after it, so a phrase is either read as written or refused with a reason.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime


class DateError(ValueError):
    """A phrase that could not be read as a time."""


WEEKDAYS_EN = {
    name: i for i, names in enumerate((
        "monday mon", "tuesday tue tues", "wednesday wed", "thursday thu thur thurs",
        "friday fri", "saturday sat", "sunday sun")) for name in names.split()
}
MONTHS_EN = {
    name: i for i, names in enumerate((
        "january jan", "february feb", "march mar", "april apr", "may", "june jun",
        "july jul", "august aug", "september sep sept", "october oct", "november nov",
        "december dec"), start=1) for name in names.split()
}


def refuse_nonsense(phrase: str) -> None:
    """Refuse text that dateparser would guess at: bare numbers, impossible dates.

    Raises:
        DateError: saying what is wrong ('Dec 32', '2026-13-01', '-1', '13/13').
    """
    if re.fullmatch(r"[+\-−]?\d+(?:[.,]\d+)?", phrase):
        raise DateError(f"{phrase!r} is a bare number, not a time; say what it counts, as in "
                        "'5pm', 'Dec 5' or 'in 5 days'")
    if re.search(r"\bin\s*[\-−]\s*\d", phrase.lower()):
        raise DateError(f"{phrase!r} has a negative amount; say 'in 5 days' or '5 days ago'")
    _check_month_days(phrase.lower())
    _check_numeric_dates(phrase)


def _check_month_days(text: str) -> None:
    months = "|".join(sorted(MONTHS_EN, key=len, reverse=True))
    not_a_time = r"\b(?!\s*(?:[:.]\d|am|pm|a\.m|p\.m))"
    patterns = (r"\b(" + months + r")\.?\s+(\d{1,3})(?:st|nd|rd|th)?" + not_a_time,
                r"\b(\d{1,3})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + months + r")\b")
    for i, pattern in enumerate(patterns):
        for m in re.finditer(pattern, text):
            name, day = (m[1], int(m[2])) if i == 0 else (m[2], int(m[1]))
            month = MONTHS_EN[name]
            if not 1 <= day <= calendar.monthrange(2000, month)[1]:
                raise DateError(f"{calendar.month_name[month]} has no day {day}")


def _check_numeric_dates(text: str) -> None:
    for m in re.finditer(r"(?<![\d:])(\d{1,4})([/-])(\d{1,2})(?:\2(\d{1,4}))?(?![\d:])", text):
        parts = [int(p) for p in (m[1], m[3], m[4]) if p is not None]
        if re.fullmatch(r"\d{4}-\d\d-\d\d", m[0]):
            check_iso_date(m[0])
        elif not _reads_as_date(parts):
            raise DateError(f"{m[0]!r} is not a date: no reading of it has a month 1-12 and a "
                            "day in that month")


def _reads_as_date(parts: list[int]) -> bool:
    year = 2000  # a leap year: 29/2 without a year may be right
    if len(parts) == 3:
        year_at = 0 if parts[0] > 31 else 2
        year = parts.pop(year_at)
        year = year + 2000 if year < 100 else year
    a, b = parts
    return any(_is_date(year, m, d) for m, d in ((a, b), (b, a)))


def _is_date(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def check_iso_date(text: str) -> None:
    """Refuse text starting ``YYYY-MM-DD`` whose month or day does not exist ('2026-13-01').

    Raises:
        DateError: naming what is wrong with the date.
    """
    year, month, day = (int(p) for p in text[:10].split("-"))
    try:
        date(year, month, day)
    except ValueError as exc:
        raise DateError(f"{text[:10]!r} is not a date: {exc}") from None


_RELATIVE_WORDS = re.compile(r"\b(?:in|ago|from now|later|before|after|next|last)\b|[后後前]")


def check_reading(text: str, value: datetime) -> None:
    """Refuse a reading that ignored a number or named the wrong weekday.

    dateparser drops tokens it cannot place ('tomorrow 5' → tomorrow, 'friday at 5' →
    1 May): every number of an absolute phrase must be one of the parts of what it
    read, and a weekday it names must be the weekday of the result.

    Raises:
        DateError: saying what the reading left out.
    """
    said = f"{text!r} was read as {value:%a %Y-%m-%d %H:%M}"
    for m in re.finditer(r"\b(" + "|".join(WEEKDAYS_EN) + r")\b", text.lower()):
        if WEEKDAYS_EN[m[1]] != value.weekday():
            raise DateError(f"{said}, which is not a {m[1]}; say 'friday 5pm' or 'Dec 5'")
    if _RELATIVE_WORDS.search(text.lower()):
        return
    parts = {value.year, value.year % 100, value.month, value.day, value.hour,
             value.hour % 12 or 12, value.minute}
    for number in re.findall(r"\d+", text):
        if int(number) not in parts:
            raise DateError(f"{said}, which leaves out {number}; say 'tomorrow 5pm', "
                            "'Dec 5' or 'in 5 days'")
