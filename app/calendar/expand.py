"""iCalendar text to plain event rows for a window: recurrences expanded, zones honoured.

This is the CPU-heavy part of a sync and the function ``worker`` runs in a separate
process, so it takes and returns plain data only. Single events are read directly from
their lines (``scan``), about five times faster than through icalendar; recurring
series with their exceptions and overrides (RRULE, RDATE, EXDATE, RECURRENCE-ID) go
through icalendar and recurring-ical-events (``series``). What a row holds, and when
an event counts as busy, is in ``rows``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from app.calendar.errors import MalformedCalendar
from app.calendar.limits import MAX_OCCURRENCES, Budget
from app.calendar.rows import EventRow, Occurrence, Window
from app.calendar.scan import Block, Prop, Props, Scanned, properties, scan, title, unescape
from app.calendar.series import expand_series, load_timezones
from app.calendar.zones import ZoneResolver, zone_named

SERIES_PROPS = frozenset({"RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID"})
RULES = frozenset({"RRULE", "EXRULE"})
TOO_FREQUENT = ("FREQ=SECONDLY", "FREQ=MINUTELY")

__all__ = ["EventRow", "Expanded", "expand"]


@dataclass(frozen=True)
class Expanded:
    """The rows of a window, warnings worth showing, and the process that made them."""

    rows: list[EventRow]
    warnings: list[str]
    pid: int


def expand(texts: Sequence[str], start: datetime, end: datetime, local_key: str, *,
           fast: bool = True) -> Expanded:
    """Every event of ``texts`` that overlaps [start, end), as rows sorted by start.

    Args:
        texts: one iCalendar text per file or CalDAV resource.
        start: the window's start (aware).
        end: the window's end (aware).
        local_key: the IANA key of the local zone, for floating times and unknown ids.
        fast: read single events from their lines; False reads every event through
            icalendar (the reference reading the tests compare with).

    Raises:
        MalformedCalendar: a single text that is not iCalendar, or no text that is.
    """
    scanned, skipped = _scan_all(texts)
    floating_key = scanned.props.get("X-WR-TIMEZONE", "").strip()
    local = zone_named(local_key)
    resolver = ZoneResolver(local)
    for problem in skipped:
        resolver.warn(f"skipped {problem}")
    if floating_key:
        resolver.floating = resolver.calendar = resolver.zone(floating_key, "X-WR-TIMEZONE")
    window = Window(start.astimezone(UTC), end.astimezone(UTC), local)
    budget = Budget(window.end)
    load_timezones(scanned.timezones, resolver)
    simple, series = _classify(scanned.events, resolver, budget)
    if not fast:
        simple, series = [], [block for block, _props in simple] + series
    occurrences = [o for o in (_simple(block, resolver) for block in simple) if o is not None]
    occurrences += expand_series(scanned, series, window, resolver, budget)
    rows = [row for row in (window.row(o) for o in occurrences) if row is not None]
    rows.sort(key=lambda r: (r.start, r.uid, r.recurrence_id or ""))
    _limits_warnings(window, budget, resolver)
    return Expanded(rows, resolver.warnings, os.getpid())


def _limits_warnings(window: Window, budget: Budget, resolver: ZoneResolver) -> None:
    if budget.truncated:
        resolver.warn(f"the recurring events have more than {MAX_OCCURRENCES:,} occurrences "
                      "in the synced time; only the first were kept")
    if window.clipped:
        resolver.warn(f"{window.clipped} event(s) reach outside the times Stepwise keeps "
                      f"({window.range_text()}); they are shown cut to that range")


def _scan_all(texts: Sequence[str]) -> tuple[Scanned, list[str]]:
    """Scan each text; with several (CalDAV resources), a broken one is skipped with a warning."""
    merged = Scanned()
    skipped: list[str] = []
    for index, text in enumerate(texts):
        try:
            part = scan(text)
        except MalformedCalendar as exc:
            if len(texts) == 1:
                raise
            skipped.append(f"item {index + 1}: {exc}")
            continue
        for key, value in part.props.items():
            merged.props.setdefault(key, value)
        merged.timezones += part.timezones
        merged.events += part.events
    if skipped and len(skipped) == len(texts):
        raise MalformedCalendar("no item of this calendar is iCalendar: " + skipped[0])
    return merged, skipped


# --- single events, read from their lines ------------------------------------------------

def _classify(blocks: Iterable[Block], resolver: ZoneResolver, budget: Budget
              ) -> tuple[list[tuple[Block, Props]], list[Block]]:
    """Single events (with their properties) apart from the blocks of recurring series."""
    parsed: list[tuple[Block, Props, str]] = []
    series_uids: set[str] = set()
    for block in blocks:
        try:
            props = properties(block)
        except ValueError as exc:
            resolver.warn(f"an event at line {block.line} was skipped: {exc}")
            continue
        if "RRULE" in props and any(f in props["RRULE"][0].upper() for f in TOO_FREQUENT):
            resolver.warn(f"the event {title(props)!r} repeats more often than hourly; "
                          "it was not expanded")
            continue
        problem = budget.series_problem(block, props) if RULES.intersection(props) else None
        if problem is not None:
            resolver.warn(f"the recurring event {title(props)!r} at line {block.line} was "
                          f"skipped: {problem}")
            continue
        uid = props.get("UID", ("", {}))[0].strip() or f"line-{block.line}"
        if SERIES_PROPS.intersection(props):
            series_uids.add(uid)
        parsed.append((block, props, uid))
    counts = Counter(uid for _b, _p, uid in parsed)  # one UID in several blocks: a series
    series_uids.update(uid for uid, n in counts.items() if n > 1)
    simple = [(b, p) for b, p, uid in parsed if uid not in series_uids]
    series = [b for b, _p, uid in parsed if uid in series_uids]
    return simple, series


def _simple(item: tuple[Block, Props], resolver: ZoneResolver) -> Occurrence | None:
    block, props = item
    where = f"event {title(props)!r} at line {block.line}"
    try:
        if "DTSTART" not in props:
            raise ValueError("it has no DTSTART")
        begin = _when(props["DTSTART"], resolver, where)
        finish = _finish(props, begin, resolver, where)
    except ValueError as exc:
        resolver.warn(f"the {where} was skipped: {exc}")
        return None
    text = {k: unescape(props[k][0]) if k in props else "" for k in
            ("UID", "SUMMARY", "LOCATION", "DESCRIPTION")}
    return Occurrence(
        uid=text["UID"].strip() or f"line-{block.line}", recurrence_id=None,
        summary=text["SUMMARY"], location=text["LOCATION"], description=text["DESCRIPTION"],
        begin=begin, finish=finish, transp=props.get("TRANSP", ("", {}))[0],
        status=props.get("STATUS", ("", {}))[0],
        busy_status=props.get("X-MICROSOFT-CDO-BUSYSTATUS", ("", {}))[0],
        tzid=props["DTSTART"][1].get("TZID"))


def _finish(props: Props, begin: date, resolver: ZoneResolver,
            where: str) -> date | None:
    if "DTEND" in props:
        return _when(props["DTEND"], resolver, where)
    if "DURATION" in props:
        from icalendar.prop import vDuration

        try:
            return begin + vDuration.from_ical(props["DURATION"][0].strip())
        except OverflowError:
            raise ValueError(f"its DURATION {props['DURATION'][0].strip()[:40]!r} ends outside "
                             "the years 1 to 9999") from None
    return None


def _when(prop: Prop, resolver: ZoneResolver, where: str) -> date:
    """A DATE or DATE-TIME value, aware unless it is a date."""
    text, params = prop[0].strip(), prop[1]
    if len(text) == 8 or params.get("VALUE", "").upper() == "DATE":
        return date(int(text[:4]), int(text[4:6]), int(text[6:8]))
    if len(text) not in (15, 16) or text[8] != "T" or not text[:8].isdigit():
        raise ValueError(f"{text[:40]!r} is not an iCalendar date-time")
    naive = datetime(int(text[:4]), int(text[4:6]), int(text[6:8]), int(text[9:11]),
                     int(text[11:13]), min(int(text[13:15]), 59))
    if text.endswith("Z"):  # in a calendar with X-WR-TIMEZONE, as x-wr-timezone reads it
        utc = naive.replace(tzinfo=UTC)
        try:
            return utc if resolver.calendar is None else utc.astimezone(resolver.calendar)
        except OverflowError:
            raise ValueError(f"{text!r} lies outside the years 1 to 9999 in the calendar's "
                             "zone") from None
    tzid = params.get("TZID")
    zone = resolver.zone(tzid, where) if tzid else resolver.floating
    return naive.replace(tzinfo=zone)
