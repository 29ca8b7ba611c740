"""Recurring series through icalendar and recurring-ical-events.

The blocks of every series (a master with RRULE or RDATE, its EXDATEs, and the
instances that override it by RECURRENCE-ID, cancelled ones included) are parsed as one
calendar with the VTIMEZONEs and expanded for the window. If that fails, each series is
tried on its own and a broken one is skipped with a warning naming it. Occurrences are
taken "light" (the source component, start and end), without the copy of the
component the library makes for each by default.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any, NamedTuple

from app.calendar.limits import Budget
from app.calendar.rows import Occurrence, Window
from app.calendar.scan import SHOWN_TITLE, Block, Scanned, block_title, parse_line
from app.calendar.zones import ZoneResolver


def load_timezones(blocks: list[Block], resolver: ZoneResolver) -> None:
    """Parse the VTIMEZONEs, so icalendar knows the zones they define (custom ids too)."""
    if not blocks:
        return
    _parse_calendar(_calendar_text({}, blocks, []), resolver)


def _unique_timezones(blocks: list[Block]) -> list[Block]:
    seen: set[str] = set()
    unique = []
    for block in blocks:
        tzid = next((ln for ln in block.lines if ln.upper().startswith("TZID")), "")
        if tzid not in seen:
            seen.add(tzid)
            unique.append(block)
    return unique


def _calendar_text(props: dict[str, str], timezones: list[Block], events: list[Block]) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stepwise//calendar cache//EN"]
    if "X-WR-TIMEZONE" in props:
        lines.append(f"X-WR-TIMEZONE:{props['X-WR-TIMEZONE']}")
    for block in _unique_timezones(timezones) + events:
        lines += block.lines
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def _parse_calendar(text: str, resolver: ZoneResolver) -> Any:
    """icalendar's reading of a text, its warnings collected; None (with a warning) if broken."""
    import icalendar

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            calendar = icalendar.Calendar.from_ical(text)
        except ValueError as exc:
            resolver.warn(f"part of the calendar could not be read: {exc}")
            calendar = None
    resolver.keep(caught)
    return calendar


def expand_series(scanned: Scanned, blocks: list[Block], window: Window,
                  resolver: ZoneResolver, budget: Budget | None = None) -> list[Occurrence]:
    """Expand all series at once; if that fails, series by series, skipping the broken ones.

    At most ``budget``'s occurrences are taken (see ``limits``).
    """
    if not blocks:
        return []
    budget = budget or Budget(window.end)
    try:
        return _expand_blocks(scanned, blocks, window, resolver, budget)
    except Exception:  # noqa: BLE001 - retried series by series below, each failure named
        pass
    found: list[Occurrence] = []
    for group in _by_uid(blocks).values():
        try:
            found += _expand_blocks(scanned, group, window, resolver, budget)
        except Exception as exc:  # noqa: BLE001 - a broken series costs itself, with a warning
            resolver.warn(f"the recurring event {block_title(group[0])!r} at line "
                          f"{group[0].line} was skipped: {exc}")
    return found


def _by_uid(blocks: list[Block]) -> dict[str, list[Block]]:
    groups: dict[str, list[Block]] = {}
    for block in blocks:
        uid = next((parse_line(ln)[2] for ln in block.lines if ln.upper().startswith("UID")),
                   f"line-{block.line}")
        groups.setdefault(uid.strip(), []).append(block)
    return groups


def _expand_blocks(scanned: Scanned, blocks: list[Block], window: Window,
                   resolver: ZoneResolver, budget: Budget) -> list[Occurrence]:
    import recurring_ical_events

    calendar = _parse_calendar(_calendar_text(scanned.props, scanned.timezones, blocks),
                               resolver)
    if calendar is None:
        raise ValueError("icalendar could not read it")
    unknown = _unknown_zone_uids(calendar, resolver)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        query = recurring_ical_events.of(calendar, components=[_light_events()])
        found = budget.take(_between(query, *window.padded_dates()))
    resolver.keep(caught)
    fields: dict[int, tuple[Any, ...]] = {}
    return [_from_light(light, resolver, unknown, fields) for light in found]


def _between(query: Any, start: date, stop: date) -> Iterator[_Light]:
    """``query.between(start, stop)`` one occurrence at a time, so a budget can stop it."""
    begin, end = query.to_datetime(start), query.to_datetime(stop)
    for series in query.series:
        for occurrence in series.between(begin, end):
            yield occurrence.as_component(False)


def _light_events() -> Any:
    """recurring-ical-events' VEVENT selection, yielding light occurrences (see _Light)."""
    from recurring_ical_events import ComponentsWithName
    from recurring_ical_events.adapters.event import EventAdapter
    from recurring_ical_events.occurrence import Occurrence

    class Adapter(EventAdapter):
        @property
        def component(self) -> Any:
            return self._component

    class Light(Occurrence):
        """An occurrence as (source component, start, end): copying a component for each
        occurrence, as the library does by default, took two thirds of the expansion."""

        def as_component(self, keep_recurrence_attributes: bool) -> _Light:  # noqa: FBT001
            return _Light(self._adapter.component, self.start, self.end)

    return ComponentsWithName("VEVENT", adapter=Adapter, occurrence=Light)


class _Light(NamedTuple):
    component: Any
    start: date
    end: date | None


def _unknown_zone_uids(calendar: Any, resolver: ZoneResolver) -> set[str]:
    """UIDs of series whose TZID icalendar did not know (their times came out naive)."""
    uids = set()
    for event in calendar.walk("VEVENT"):
        for name in ("DTSTART", "DTEND", "RECURRENCE-ID"):
            prop = event.get(name)
            tzid = getattr(prop, "params", {}).get("TZID")
            value = getattr(prop, "dt", None)
            if tzid and isinstance(value, datetime) and value.tzinfo is None:
                resolver.zone(tzid, f"event {str(event.get('SUMMARY', ''))[:SHOWN_TITLE]!r}")
                uids.add(str(event.get("UID", "")))
    return uids


def _from_light(light: _Light, resolver: ZoneResolver, unknown: set[str],
                fields: dict[int, tuple[Any, ...]]) -> Occurrence:
    component = light.component
    known = fields.get(id(component))
    if known is None:  # the same for every occurrence of a component: read once
        known = fields[id(component)] = _component_fields(component)
    uid, texts, recurring, rid, tzid = known
    zone = resolver.local if uid in unknown else resolver.floating

    def aware(value: date) -> date:
        if isinstance(value, datetime) and value.tzinfo is None:
            return value.replace(tzinfo=zone)
        return value

    recurrence_id = aware(rid if rid is not None else light.start) if recurring else None
    summary, location, description, transp, status, busy_status = texts
    return Occurrence(
        uid=uid, recurrence_id=recurrence_id, summary=summary, location=location,
        description=description, begin=aware(light.start),
        finish=aware(light.end) if light.end is not None else None, transp=transp,
        status=status, busy_status=busy_status, tzid=tzid)


def _component_fields(component: Any) -> tuple[Any, ...]:
    """(uid, texts, part of a series?, its RECURRENCE-ID, the TZID as written)."""
    texts = tuple(str(component.get(name, "")) for name in (
        "SUMMARY", "LOCATION", "DESCRIPTION", "TRANSP", "STATUS", "X-MICROSOFT-CDO-BUSYSTATUS"))
    rid = component.get("RECURRENCE-ID")
    recurring = rid is not None or "RRULE" in component or "RDATE" in component
    start = component.get("DTSTART")
    tzid = getattr(start, "params", {}).get("TZID")
    return (str(component.get("UID", "")), texts, recurring,
            rid.dt if rid is not None else None, tzid)


