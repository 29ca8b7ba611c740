"""One RRULE validator, and a bounded search for a rule's next occurrence.

Every RRULE that enters Stepwise (``add --recur``, a database import, an ``.ics``
series) passes ``validate_rrule``: each part is checked against its declared range
(``PARTS``), the RFC 5545 rules on combining parts are enforced, a rule that would
fire more than MAX_PER_DAY times a day or never at all is refused, and the rule comes
back in one normal form (upper case, parts in a fixed order, no ``RRULE:`` prefix).

``next_after`` is what rolling a task forward uses. dateutil scans period by period
until it finds an occurrence or reaches the year 9999; for a rule that matches nothing
that is seconds of work (a hang inside a write transaction for ``INTERVAL=0``). The
Gregorian calendar repeats exactly every 400 years, weekdays included, so the search
runs on the anchor moved by whole 400-year cycles to shortly before 9999, where
dateutil's scan ends after at most SEARCH_YEARS + 400 years, and the result is moved
back by the same cycles.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, tzinfo

from app.errors import Refused

MAX_RULE_CHARS = 500
MAX_INTERVAL = 1000
MAX_YEARS_APART = 100  # FREQ=YEARLY;INTERVAL=…, at most: within SEARCH_YEARS
MAX_COUNT = 100_000
MAX_VALUES = 400  # values in one BYxxx list (BYYEARDAY may name every day of a year)
MAX_PER_DAY = 96  # occurrences in a day, at most: every 15 minutes
SEARCH_YEARS = 100  # the search looks at least this far ahead of the anchor
CYCLE_YEARS = 400  # the Gregorian calendar's period, weekdays included
LAST_YEAR = 9999
FREQS = ("YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY")
TOO_FREQUENT = ("MINUTELY", "SECONDLY")
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
EXAMPLE = "for example FREQ=WEEKLY;BYDAY=FR"
_INT = re.compile(r"[+-]?\d{1,4}")
_DAY = re.compile(r"([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)")
_UNTIL = re.compile(r"(\d{4})(\d\d)(\d\d)(?:T(\d\d)(\d\d)(\d\d)(Z?))?")


class InvalidRule(Refused):
    """An RRULE that Stepwise does not accept (the message names the part and why)."""


def _items(value: str) -> list[str]:
    items = value.split(",")
    if "" in items:
        raise ValueError("it has an empty value")
    if len(items) > MAX_VALUES:
        raise ValueError(f"it has {len(items)} values; at most {MAX_VALUES}")
    return items


def _numbers(low: int, high: int, *, signed: bool) -> Callable[[str], str]:
    """A checker of a comma list of integers from low to high (or ±low to ±high)."""
    span = f"±{low} to ±{high}" if signed else f"{low} to {high}"

    def check(value: str) -> str:
        items = _items(value)
        for item in items:
            number = int(item) if _INT.fullmatch(item) else None
            if number is None or not low <= (abs(number) if signed else number) <= high:
                raise ValueError(f"{item[:20]!r} is not a number from {span}")
        return ",".join(str(int(i)) for i in items)
    return check


def _single(low: int, high: int) -> Callable[[str], str]:
    def check(value: str) -> str:
        if not value.isdigit() or not low <= int(value[:12]) <= high:
            raise ValueError(f"{value[:20]!r} is not a number from {low} to {high}")
        return str(int(value))
    return check


def _freq(value: str) -> str:
    if value in TOO_FREQUENT:
        raise ValueError("it repeats more often than hourly")
    if value not in FREQS:
        raise ValueError(f"{value[:20]!r} is not one of {', '.join(FREQS)}")
    return value


def _byday(value: str) -> str:
    written = []
    for item in _items(value):
        match = _DAY.fullmatch(item)
        if match is None or (match.group(1) and not 1 <= abs(int(match.group(1))) <= 53):
            raise ValueError(f"{item[:20]!r} is not a weekday (MO … SU, optionally with "
                             "±1 to ±53 before it)")
        number, day = match.groups()
        written.append(f"{int(number)}{day}" if number else day)
    return ",".join(written)


def _wkst(value: str) -> str:
    if value not in WEEKDAYS:
        raise ValueError(f"{value[:20]!r} is not a weekday (MO … SU)")
    return value


def _until(value: str) -> str:
    until_wall(value, UTC)  # a real date (and time), or ValueError
    return value


PARTS: dict[str, Callable[[str], str]] = {
    "FREQ": _freq, "UNTIL": _until, "COUNT": _single(1, MAX_COUNT),
    "INTERVAL": _single(1, MAX_INTERVAL), "BYSECOND": _numbers(0, 60, signed=False),
    "BYMINUTE": _numbers(0, 59, signed=False), "BYHOUR": _numbers(0, 23, signed=False),
    "BYDAY": _byday, "BYMONTHDAY": _numbers(1, 31, signed=True),
    "BYYEARDAY": _numbers(1, 366, signed=True), "BYWEEKNO": _numbers(1, 53, signed=True),
    "BYMONTH": _numbers(1, 12, signed=False), "BYSETPOS": _numbers(1, 366, signed=True),
    "WKST": _wkst,
}
"""Each RFC 5545 RRULE part with the checker that refuses a bad value and writes a good
one in its normal form; a normalised rule lists its parts in this order."""


def until_wall(value: str, zone: tzinfo) -> datetime:
    """An UNTIL value as the last wall time in ``zone`` it allows (a date: its whole day).

    Raises:
        ValueError: not YYYYMMDD or YYYYMMDDTHHMMSS[Z], or not a real date and time.
    """
    match = _UNTIL.fullmatch(value)
    if match is None:
        raise ValueError(f"{value[:40]!r} is not a date (YYYYMMDD) or a time "
                         "(YYYYMMDDTHHMMSSZ)")
    year, month, day, hour, minute, second, utc = match.groups()
    if hour is None:
        return datetime.combine(date(int(year), int(month), int(day)), time(23, 59, 59))
    wall = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    if not utc:
        return wall
    try:
        return wall.replace(tzinfo=UTC).astimezone(zone).replace(tzinfo=None)
    except OverflowError:
        return datetime.max


def parse_parts(text: str) -> dict[str, str]:
    """The rule's parts, checked one by one and normalised, in ``PARTS`` order.

    Raises:
        InvalidRule: a part that is unknown, repeated, malformed or out of range.
    """
    if not isinstance(text, str):
        raise InvalidRule(f"a recurrence is RRULE text, not {type(text).__name__}; {EXAMPLE}")
    rule = text.strip()
    if len(rule) > MAX_RULE_CHARS:
        raise InvalidRule(f"the recurrence is {len(rule)} characters; an RRULE fits in "
                          f"{MAX_RULE_CHARS}")
    shown = rule[:60]
    rule = rule.upper().removeprefix("RRULE:")
    found: dict[str, str] = {}
    for piece in (p.strip() for p in rule.split(";")):
        if not piece:
            continue
        name, equals, value = (s.strip() for s in piece.partition("="))
        if not equals or name not in PARTS:
            raise InvalidRule(f"the recurrence {shown!r} has {piece[:30]!r}, which is not "
                              f"an RRULE part ({', '.join(PARTS)}); {EXAMPLE}")
        if name in found:
            raise InvalidRule(f"the recurrence {shown!r} gives {name} twice")
        try:
            found[name] = PARTS[name](value)
        except ValueError as exc:
            raise InvalidRule(f"the recurrence {shown!r} has a bad {name}: {exc}") from None
    if "FREQ" not in found:
        raise InvalidRule(f"the recurrence {shown!r} has no FREQ; {EXAMPLE}")
    return {name: found[name] for name in PARTS if name in found}


def _check_combination(parts: dict[str, str]) -> None:
    """RFC 5545's rules on which parts go together, and the cap on occurrences a day."""
    freq = parts["FREQ"]
    if "COUNT" in parts and "UNTIL" in parts:
        raise ValueError("it gives both COUNT and UNTIL; keep one")
    if freq == "YEARLY" and int(parts.get("INTERVAL", "1")) > MAX_YEARS_APART:
        raise ValueError(f"INTERVAL is at most {MAX_YEARS_APART} with FREQ=YEARLY")
    if "BYWEEKNO" in parts and freq != "YEARLY":
        raise ValueError("BYWEEKNO goes only with FREQ=YEARLY")
    if "BYYEARDAY" in parts and freq in ("MONTHLY", "WEEKLY", "DAILY"):
        raise ValueError(f"BYYEARDAY does not go with FREQ={freq}")
    if "BYMONTHDAY" in parts and freq == "WEEKLY":
        raise ValueError("BYMONTHDAY does not go with FREQ=WEEKLY")
    numbered = any(d[0] in "+-0123456789" for d in parts.get("BYDAY", "").split(",") if d)
    if numbered and (freq not in ("MONTHLY", "YEARLY") or "BYWEEKNO" in parts):
        raise ValueError("a numbered BYDAY (such as 2MO) goes only with FREQ=MONTHLY or "
                         "FREQ=YEARLY without BYWEEKNO")
    if numbered and freq == "MONTHLY" and "BYMONTH" not in parts and any(
            abs(int(d[:-2])) > 5 for d in parts["BYDAY"].split(",") if d[:-2]):
        raise ValueError("a month has at most five of each weekday: a numbered BYDAY "
                         "with FREQ=MONTHLY runs from -5 to 5")
    if "BYSETPOS" in parts and not any(p.startswith("BY") and p != "BYSETPOS" for p in parts):
        raise ValueError("BYSETPOS needs another BYxxx part to choose from")
    if "BYSETPOS" in parts:
        _check_positions(parts)
    per_day = _per_day(parts)
    if per_day > MAX_PER_DAY:
        raise ValueError(f"it can occur {per_day} times a day; at most {MAX_PER_DAY}")


# The most days one period of each FREQ can hold once BYxxx parts expand it (a year:
# 53 ISO weeks of 7, to be safe).
_PERIOD_DAYS = {"YEARLY": 371, "MONTHLY": 31, "WEEKLY": 7}


def _check_positions(parts: dict[str, str]) -> None:
    """A BYSETPOS whose every position lies beyond the most occurrences one period can
    hold never occurs. dateutil would look for it period by period: for FREQ=HOURLY
    that is five centuries of hours, about ten seconds (``BYMINUTE=12,46;BYSETPOS=-3``)."""
    most = _in_period(parts)
    positions = [abs(int(p)) for p in parts["BYSETPOS"].split(",")]
    if min(positions) > most:
        unit = {"YEARLY": "year", "MONTHLY": "month", "WEEKLY": "week", "DAILY": "day",
                "HOURLY": "hour"}[parts["FREQ"]]
        raise ValueError(f"BYSETPOS={parts['BYSETPOS']} asks for a position beyond the "
                         f"{most} time{'s' if most != 1 else ''} each {unit} of it can "
                         "hold, so it does not occur")


def _in_period(parts: dict[str, str]) -> int:
    """An upper bound of the occurrences one period of the rule's FREQ holds."""
    def count(name: str) -> int:
        return len(set(parts[name].split(","))) if name in parts else 1

    clock = count("BYMINUTE") * count("BYSECOND")
    freq = parts["FREQ"]
    if freq == "HOURLY":
        return clock
    clock *= count("BYHOUR")
    if freq == "DAILY":
        return clock
    expanding = ("BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH")
    days = _PERIOD_DAYS[freq] if any(name in parts for name in expanding) else 1
    return days * clock


def _per_day(parts: dict[str, str]) -> int:
    def count(name: str) -> int:
        return len(parts[name].split(",")) if name in parts else 1

    if "BYHOUR" in parts:
        hours = count("BYHOUR")
    elif parts["FREQ"] == "HOURLY":
        hours = max(1, 24 // int(parts.get("INTERVAL", "1")))
    else:
        hours = 1
    return hours * count("BYMINUTE") * count("BYSECOND")


def written(parts: dict[str, str]) -> str:
    """Parts back as RRULE text (``FREQ=…;…``)."""
    return ";".join(f"{name}={value}" for name, value in parts.items())


def validate_rrule(text: str, anchor: datetime | None = None) -> str:
    """Check an RRULE and return it in normal form.

    Args:
        text: the rule, with or without ``RRULE:``, parts in any order and case.
        anchor: its first occurrence (a task's start or due time, an event's DTSTART);
            the rule must occur again after it. Default: now. Wall time is used.

    Raises:
        InvalidRule: the message names what is wrong and gives an example.
    """
    parts = parse_parts(text)
    rule = written(parts)
    try:
        _check_combination(parts)
        start = (anchor or datetime.now(UTC)).replace(tzinfo=None, microsecond=0)
        pattern = written({k: v for k, v in parts.items() if k not in ("COUNT", "UNTIL")})
        following, _years = _search_moved(pattern, start)
    except (ValueError, TypeError, OverflowError) as exc:
        raise InvalidRule(f"the recurrence {rule[:60]!r} is not usable: {exc}; "
                          f"{EXAMPLE}") from None
    if following is None:
        raise InvalidRule(f"the recurrence {rule[:60]!r} does not occur in the "
                          f"{SEARCH_YEARS} years after its first time (no date matches all "
                          f"of its parts); {EXAMPLE}")
    return rule


def next_after(text: str, local: datetime, zone: tzinfo) -> datetime | None:
    """The rule's next wall time after ``local`` (naive, in ``zone``), counting from
    ``local`` as its first occurrence; None when COUNT or UNTIL ends it. Bounded: see
    the module docstring.

    Raises:
        InvalidRule: the rule is not one ``validate_rrule`` accepts.
    """
    parts = parse_parts(text)
    try:
        _check_combination(parts)
        until = until_wall(parts.pop("UNTIL"), zone) if "UNTIL" in parts else None
        following = _search(written(parts), local.replace(microsecond=0))
    except (ValueError, TypeError, OverflowError) as exc:
        raise InvalidRule(f"the recurrence {text[:60]!r} is not usable: {exc}") from None
    if following is None or (until is not None and following > until):
        return None
    return following


def _search(rule: str, local: datetime) -> datetime | None:
    """dateutil's first occurrence after ``local`` with ``local`` as DTSTART, searched
    near the year 9999 by whole 400-year cycles (see the module docstring)."""
    found, years = _search_moved(rule, local)
    if found is None:
        return None
    try:
        return found.replace(year=found.year - years)
    except ValueError:
        return None  # after 9999 once moved back: past what a date holds


def _search_moved(rule: str, local: datetime) -> tuple[datetime | None, int]:
    """The first occurrence in the moved copy of time, and by how many years it moved."""
    from dateutil.rrule import rrulestr

    cycles = (LAST_YEAR - SEARCH_YEARS - CYCLE_YEARS - local.year) // CYCLE_YEARS + 1
    years = cycles * CYCLE_YEARS
    moved = local.replace(year=local.year + years)
    try:
        return rrulestr(rule, dtstart=moved).after(moved), years
    except (ValueError, TypeError, OverflowError):
        raise
    except Exception as exc:  # noqa: BLE001 - dateutil's own failures (an IndexError for
        # some BYDAY numbers) mean the same to a user: this rule cannot be used
        raise ValueError(f"dateutil cannot expand it ({type(exc).__name__})") from None
