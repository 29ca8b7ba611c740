"""A published calendar as iCalendar text: one VEVENT per item, its times in the
person's zone (TZID, with a VTIMEZONE covering the items' dates) so a calendar app in
another zone, or across a daylight-saving change, shows each block at its local time.

Each VEVENT names its task and step (``X-STEPWISE-TASK``, ``X-STEPWISE-STEP``; UIDs from
``app.publish.items``), carries the block's reason as its DESCRIPTION, and is busy
(``TRANSP:OPAQUE``) for planned work, free for a due marker.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo

from app.dates import days
from app.publish.items import Item

PRODID = "-//Stepwise//Published schedule//EN"  # how a file of ours is recognised
NAME = "Stepwise plan"
MARGIN = timedelta(days=7)  # the VTIMEZONE covers the items' dates with this to spare
FOLD_AT = 75  # octets per content line before it is folded (RFC 5545 3.1)
_ESCAPES = str.maketrans({"\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n"})


def calendar_bytes(items: list[Item], zone: tzinfo, now: datetime) -> bytes:
    """The whole file for ``items``, times local to ``zone`` (UTC when it has no IANA
    name).

    The VEVENTs are written as text here (500 blocks: a few milliseconds; icalendar's
    objects took 110 ms), the VTIMEZONE by icalendar; tests read the file back with
    icalendar and recurring-ical-events."""
    key = days.zone_key(zone)
    local: tzinfo = ZoneInfo(key) if key and key != "UTC" else UTC
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{NAME}"]
    moments = [m for item in items for m in (item.start, item.end)]
    head = ""
    if key and local is not UTC and moments:
        first, last = min(map(_day, moments)) - MARGIN, max(map(_day, moments)) + MARGIN
        head = _vtimezone(key, first.replace(day=1), _next_month(last))
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    tzid = f";TZID={key}" if local is not UTC else ""
    body: list[str] = []
    for item in items:
        body += _event(item, local, tzid, stamp)
    text = "\r\n".join(lines) + "\r\n" + head + "\r\n".join(map(_folded, body))
    return (text + ("\r\n" if body else "") + "END:VCALENDAR\r\n").encode()


def _event(item: Item, local: tzinfo, tzid: str, stamp: str) -> list[str]:
    event = ["BEGIN:VEVENT", f"UID:{_text(item.uid)}", f"DTSTAMP:{stamp}",
             _when("DTSTART", item.start, local, tzid), _when("DTEND", item.end, local, tzid),
             f"SUMMARY:{_text(item.summary)}"]
    if item.description:
        event.append(f"DESCRIPTION:{_text(item.description)}")
    event += [f"TRANSP:{'OPAQUE' if item.busy else 'TRANSPARENT'}",
              f"X-STEPWISE-KIND:{item.kind}", f"X-STEPWISE-TASK:{_text(item.task_uid)}"]
    if item.step_id:
        event.append(f"X-STEPWISE-STEP:{_text(item.step_id)}")
    event.append("END:VEVENT")
    return event


def _when(name: str, when: datetime | date, local: tzinfo, tzid: str) -> str:
    if not isinstance(when, datetime):
        return f"{name};VALUE=DATE:{when:%Y%m%d}"
    if local is UTC:
        return f"{name}:{when.astimezone(UTC):%Y%m%dT%H%M%SZ}"
    return f"{name}{tzid}:{when.astimezone(local):%Y%m%dT%H%M%S}"


def _text(value: str) -> str:
    """A TEXT value escaped (RFC 5545 3.3.11); line breaks of any kind become ``\\n``
    and other control characters, which no text value may hold, a space."""
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    if not value.isprintable():
        value = "".join(c if c.isprintable() or c == "\n" else " " for c in value)
    return value.translate(_ESCAPES)


def _folded(line: str) -> str:
    """A content line folded at ``FOLD_AT`` octets, never inside a character."""
    if len(line) * 4 <= FOLD_AT or len(line.encode()) <= FOLD_AT:
        return line
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for char in line:
        width = len(char.encode())
        if size + width > (FOLD_AT if not parts else FOLD_AT - 1):
            parts.append("".join(current))
            current, size = [], 0
        current.append(char)
        size += width
    parts.append("".join(current))
    return "\r\n ".join(parts)


@lru_cache(maxsize=8)
def _vtimezone(key: str, first: date, last: date) -> str:
    """The zone's VTIMEZONE from ``first`` to ``last`` (whole months: a publish after a
    small change asks for the same one; icalendar takes ~20 ms to make it)."""
    from icalendar import Timezone

    return Timezone.from_tzinfo(ZoneInfo(key), tzid=key, first_date=first,
                                last_date=last).to_ical().decode()


def _next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def _day(when: datetime | date) -> date:
    return when.astimezone(UTC).date() if isinstance(when, datetime) else when


def is_ours(head: bytes) -> bool:
    """Whether a file's first bytes are a calendar Stepwise published (its PRODID)."""
    return b"PRODID:" + PRODID.encode() in head
