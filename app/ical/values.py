"""Reading single property values out of an icalendar component, whoever wrote it, and
writing text values so that they read back the same.

Other clients write the same thing in several shapes (a property once or repeated, a
date or a date-time, floating or zoned times, relative or absolute alarm triggers);
these helpers turn each into one plain Python value. ``Text`` writes a TEXT value escaped
as RFC 5545 §3.3.11 says: icalendar's own escaping first turns a backslash followed by
``N`` into a line break, so a title like ``C:\\New folder`` would come back changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from icalendar import Component, vCategory, vText

from app.dates.when import local_zone

# DESIGN §11: a date without a time means 09:00 for a start and 18:00 for a due time.
_DAY_TIME = {"start": time(9, 0), "due": time(18, 0)}


class Text(vText):
    """A TEXT value escaped exactly (backslash, semicolon, comma, line breaks)."""

    encoding: str  # set by vText.__new__

    def to_ical(self) -> bytes:
        escaped = (str(self).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
                   .replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n"))
        return escaped.encode(self.encoding)


def categories(names: list[str]) -> vCategory:
    """CATEGORIES with each name escaped exactly (``Text``)."""
    value = vCategory(names)
    value.cats = [Text(name) for name in names]
    return value


def as_list(value: Any) -> list[Any]:
    """A property that may appear once or many times, as a list."""
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def text_of(component: Component, name: str) -> str:
    """A text property (SUMMARY, DESCRIPTION, UID), or "" when absent."""
    value = component.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    return "" if value is None else str(value)


def x_text(component: Component, name: str) -> str | None:
    """An X- text property as written with VALUE=TEXT (unescaped), or None when absent."""
    value = component.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None:
        return None
    if not isinstance(value, str):  # a vUnknown: another program wrote it without VALUE
        return str(vText.from_ical(value.to_ical().decode("utf-8")))
    return str(value)


def categories_of(component: Component) -> list[str]:
    """CATEGORIES, however many lines they are spread over, in order, without repeats."""
    seen: list[str] = []
    for prop in as_list(component.get("categories")):
        for cat in getattr(prop, "cats", [prop]):
            text = str(cat).strip()
            if text and text not in seen:
                seen.append(text)
    return seen


def related(component: Component, reltype: str) -> list[str]:
    """The UIDs of RELATED-TO with this RELTYPE (PARENT is RFC 5545's default)."""
    uids = []
    for prop in as_list(component.get("related-to")):
        kind = str(getattr(prop, "params", {}).get("RELTYPE", "PARENT")).upper()
        if kind == reltype and str(prop).strip():
            uids.append(str(prop).strip())
    return uids


def instant(value: date | datetime, role: str) -> datetime:
    """A DATE or DATE-TIME value as an aware UTC instant (floating times are local)."""
    if not isinstance(value, datetime):
        value = datetime.combine(value, _DAY_TIME.get(role, time(0, 0)))
    if value.tzinfo is None:
        value = value.replace(tzinfo=local_zone())
    return value.astimezone(UTC).replace(microsecond=0)


def _decoded(component: Component, name: str) -> Any:
    """A property's first value as icalendar decodes it; None when absent or unreadable."""
    if component.get(name) is None:
        return None
    try:
        value = component.decoded(name)
    except (ValueError, TypeError, KeyError):
        return None
    if isinstance(value, list):
        value = value[0] if value else None
    return value


def set_of(component: Component, name: str) -> date | datetime | None:
    """A DUE or DTSTART as the other app set it: a ``date`` for ``VALUE=DATE`` (all day),
    else the moment in UTC (a floating time is local); None when absent or unreadable."""
    value = _decoded(component, name)
    if isinstance(value, datetime):
        return instant(value, "")
    return value if isinstance(value, date) else None


def dates_of(component: Component, name: str) -> list[date | datetime]:
    """Every value of a date list (EXDATE, RDATE), however many lines it is spread over:
    dates as dates, moments in UTC (a PERIOD's start), in order, without repeats."""
    found: list[date | datetime] = []
    for prop in as_list(component.get(name)):
        for value in getattr(prop, "dts", []):
            when = value.dt[0] if isinstance(value.dt, tuple) else value.dt
            if isinstance(when, datetime):
                when = instant(when, "")
            if isinstance(when, date) and when not in found:
                found.append(when)
    return sorted(found, key=str)


def done_occurrences(overrides: Iterable[Component]) -> list[date | datetime]:
    """The occurrences another app marked done on their own: the ``RECURRENCE-ID`` of
    each override (a VTODO of the series' UID) that is COMPLETED (a date, or UTC)."""
    done = []
    for todo in overrides:
        if str(todo.get("status", "")).upper() == "COMPLETED" \
                and (value := set_of(todo, "recurrence-id")) is not None:
            done.append(value)
    return done


UTC_NAMES = ("UTC", "ETC/UTC", "GMT", "ETC/GMT", "Z")  # zone names that mean plain UTC


def zone_of(component: Component, *names: str) -> str | None:
    """The IANA zone the first of ``names`` (DUE, DTSTART) is set in: its TZID when that
    names a zone this machine knows (a Windows or made-up name gives None)."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    for name in names:
        prop = component.get(name)
        if isinstance(prop, list):
            prop = prop[0] if prop else None
        tzid = str(getattr(prop, "params", {}).get("TZID", "")).strip()
        if not tzid:
            dt = getattr(prop, "dt", None)
            tzid = getattr(getattr(dt, "tzinfo", None), "key", "") or ""
        if tzid and tzid.upper() not in UTC_NAMES:
            try:
                ZoneInfo(tzid)
            except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia": a folder
                continue
            return tzid
    return None


def when_of(component: Component, name: str, role: str) -> datetime | None:
    """A time property (DUE, DTSTART, COMPLETED, LAST-MODIFIED) in UTC, or None."""
    value = _decoded(component, name)
    return instant(value, role) if isinstance(value, date) else None


@dataclass(frozen=True)
class Reminder:
    """A VALARM as one value: when it fires (UTC), what it says, its UID, when it was
    dismissed (RFC 9074 ACKNOWLEDGED) and, while snoozed, when its snooze alarm fires."""

    fire_at: datetime
    text: str = ""
    uid: str = ""  # "": the alarm has none (RFC 9074 makes it optional)
    acknowledged_at: datetime | None = None
    snoozed_until: datetime | None = None
    # The reminder's kind here ("due", "remote", …; "" when read from a VALARM): who made
    # it, so that a rewrite adds none of Stepwise's own to an item made elsewhere.
    kind: str = field(default="", compare=False)


def alarms_of(component: Component) -> list[Reminder]:
    """Each VALARM's fire time (absolute, or relative to DTSTART / DUE), text, UID and state.

    A snooze alarm (RFC 9074 §6: ``RELATED-TO;RELTYPE=SNOOZE`` naming another VALARM's
    UID) is folded into the alarm it snoozes: that one is snoozed until the snooze alarm
    fires, and dismissed only when the snooze alarm is (the ACKNOWLEDGED that snoozing
    puts on it is no dismissal). A snooze alarm whose alarm is gone is an alarm of its own.
    """
    found = [(a, at) for a in component.walk("VALARM")
             if (at := fire_at_of(component, a)) is not None]
    own = {text_of(a, "uid") for a, _ in found} - {""}
    snoozes: dict[str, tuple[Component, datetime]] = {}
    for alarm, at in sorted(found, key=lambda f: (acknowledged_of(f[0]) is None, f[1])):
        for uid in related(alarm, "SNOOZE"):
            snoozes[uid] = (alarm, at)  # the last wins: the latest one not yet dismissed
    out = []
    for alarm, at in found:
        if set(related(alarm, "SNOOZE")) & own:
            continue
        uid = text_of(alarm, "uid")
        snooze = snoozes.get(uid) if uid else None
        out.append(Reminder(at, text_of(alarm, "description"), uid,
                            acknowledged_of(alarm if snooze is None else snooze[0]),
                            None if snooze is None else snooze[1]))
    return out


def fire_at_of(component: Component, alarm: Component) -> datetime | None:
    """When a VALARM of ``component`` fires (UTC), its trigger absolute or relative."""
    prop = alarm.get("trigger")
    if prop is None:
        return None
    trigger = alarm.decoded("trigger")
    if isinstance(trigger, timedelta):
        anchor_name = "due" if str(prop.params.get("RELATED", "")).upper() == "END" \
            else "dtstart"
        anchor = when_of(component, anchor_name, anchor_name.replace("dt", "")) \
            or when_of(component, "due", "due")
        return None if anchor is None else anchor + trigger
    return instant(trigger, "start") if isinstance(trigger, date) else None


def acknowledged_of(alarm: Component) -> datetime | None:
    """A VALARM's RFC 9074 ACKNOWLEDGED time, or None."""
    return when_of(alarm, "acknowledged", "start")
