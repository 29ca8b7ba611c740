"""A published calendar as iCalendar text: one VEVENT per item, its times in the
person's zone (TZID, with a VTIMEZONE covering the items' dates) so a calendar app in
another zone, or across a daylight-saving change, shows each block at its local time.

Each VEVENT names its task and step (``X-STEPWISE-TASK``, ``X-STEPWISE-STEP``; UIDs from
``app.publish.items``), carries the block's reason as its DESCRIPTION, and is busy
(``TRANSP:OPAQUE``) for planned work, free for a due marker.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone

from app.dates import days
from app.publish.items import Item

PRODID = "-//Stepwise//Published schedule//EN"  # how a file of ours is recognised
NAME = "Stepwise plan"
MARGIN = timedelta(days=7)  # the VTIMEZONE covers the items' dates with this to spare


def calendar_bytes(items: list[Item], zone: tzinfo, now: datetime) -> bytes:
    """The whole file for ``items``, times local to ``zone`` (UTC when it has no IANA
    name)."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", NAME)
    key = days.zone_key(zone)
    local: tzinfo = ZoneInfo(key) if key else UTC
    moments = [m for item in items for m in (item.start, item.end)]
    if key and key != "UTC" and moments:
        first, last = min(map(_day, moments)), max(map(_day, moments))
        cal.add_component(Timezone.from_tzinfo(local, tzid=key, first_date=first - MARGIN,
                                               last_date=last + MARGIN))
    for item in items:
        cal.add_component(_event(item, local, now))
    return cal.to_ical()


def _event(item: Item, local: tzinfo, now: datetime) -> Event:
    event = Event()
    event.add("uid", item.uid)
    event.add("dtstamp", now.astimezone(UTC))
    event.add("dtstart", _local(item.start, local))
    event.add("dtend", _local(item.end, local))
    event.add("summary", item.summary)
    if item.description:
        event.add("description", item.description)
    event.add("transp", "OPAQUE" if item.busy else "TRANSPARENT")
    event.add("x-stepwise-kind", item.kind)
    event.add("x-stepwise-task", item.task_uid)
    if item.step_id:
        event.add("x-stepwise-step", item.step_id)
    return event


def _local(when: datetime | date, local: tzinfo) -> datetime | date:
    return when.astimezone(local) if isinstance(when, datetime) else when


def _day(when: datetime | date) -> date:
    return when.astimezone(UTC).date() if isinstance(when, datetime) else when


def is_ours(head: bytes) -> bool:
    """Whether a file's first bytes are a calendar Stepwise published (its PRODID)."""
    return b"PRODID:" + PRODID.encode() in head
