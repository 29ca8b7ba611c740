"""Free and busy time from the cached events, and the calendar context of the assistant.

Busy time is the union of the events that block their time (``busy`` in the cache;
see ``expand`` for the rule: all-day events are busy only when marked so, and then for
the whole local day). Free time is what working hours leave of it: each day from
``calendar.work_start`` to ``calendar.work_end``, local time (09:00–18:00 unless set),
every day of the week. Event summaries are untrusted text: the prompt summary keeps
them short, on one line, and the prompt fences them as data.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from operator import itemgetter
from typing import Any

from app.calendar.cache import CachedEvent, busy_rows
from app.errors import KnownError
from models.fields import EARLIEST, LATEST, format_utc, parse_utc

DEFAULT_WORK = (time(9, 0), time(18, 0))
MIN_FREE_MINUTES = 15
MAX_LABEL = 40
MAX_ITEMS = 12
MAX_LABELS = 10  # event names kept for one busy interval
CONTEXT_DAYS = 14  # how far ahead the assistant looks when a task has no due time
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")


@dataclass(frozen=True)
class Interval:
    """A span of time, aware, with the (short) names of the events in it."""

    start: datetime
    end: datetime
    labels: tuple[str, ...] = ()
    more: int = 0  # events in it beyond the MAX_LABELS named ones

    def names(self) -> str:
        """The labels joined for display, with the count of the unnamed rest."""
        rest = f" … and {self.more} more" if self.more else ""
        return " / ".join(self.labels) + rest

    def pair(self) -> tuple[str, str]:
        """As UTC ISO text, the offline planner's ``busy`` format."""
        return format_utc(self.start), format_utc(self.end)


@dataclass(frozen=True)
class Conflict:
    """A plan step due inside busy time."""

    step_id: str
    due: datetime
    busy: Interval


@dataclass(frozen=True)
class CalendarContext:
    """What the assistant gets: the prompt text and the offline planner's busy pairs."""

    text: str
    busy: list[tuple[str, str]]


def local_zone() -> tzinfo:
    """The user's zone (working hours and all-day events are local)."""
    from app.dates.when import local_zone as zone

    return zone()


def work_hours() -> tuple[time, time]:
    """Working hours from the settings ``calendar.work_start`` and ``calendar.work_end``.

    Raises:
        KnownError: a value that is not HH:MM, or an end not after the start.
    """
    from app.config import settings

    start = _clock("calendar.work_start", settings.get("calendar.work_start"))
    end = _clock("calendar.work_end", settings.get("calendar.work_end"))
    if end <= start:
        raise KnownError(f"working hours end ({end:%H:%M}) before they start ({start:%H:%M}); "
                         "fix calendar.work_start and calendar.work_end with `stepwise settings`")
    return start, end


def _clock(key: str, value: object) -> time:
    try:
        return time.fromisoformat(str(value))
    except ValueError:
        raise KnownError(f"{key} is {value!r}; give a time of day such as \"09:00\" with "
                         f"`stepwise settings {key} '\"09:00\"'`") from None


# --- busy ------------------------------------------------------------------------------------

def busy_intervals(start: datetime, end: datetime, zone: tzinfo | None = None) -> list[Interval]:
    """Merged busy time in [start, end) from the cache, clipped to the range, in UTC.

    One sort and one sweep over the cached rows as text (stored UTC text sorts in time
    order), so 100,000 events in a week take tens of milliseconds, not minutes: only
    the merged intervals' ends are parsed, and only their first MAX_LABELS names kept.
    """
    zone = zone or local_zone()
    rows = busy_rows(start, end, zone, all_day=False)
    rows += [_day_row(row, zone) for row in busy_rows(start, end, zone, all_day=True)]
    rows.sort(key=itemgetter(0))  # nearly sorted already: each source's rows are
    return [_group_interval(*group) for group in
            _sweep(rows, format_utc(start), format_utc(end))]


def _day_row(row: tuple[str, str, str], zone: tzinfo) -> tuple[str, str, str]:
    """An all-day row with its local days as UTC text, like a timed row."""
    return _day_text(row[0], zone), _day_text(row[1], zone), row[2]


def _day_text(day: str, zone: tzinfo) -> str:
    """A local day's midnight as stored UTC text (clipped to the range Stepwise keeps)."""
    try:
        midnight = datetime.combine(date.fromisoformat(day), time(0), zone).astimezone(UTC)
        return format_utc(min(max(midnight, EARLIEST), LATEST))
    except (ValueError, OverflowError):
        return format_utc(LATEST) if day >= "9999" else format_utc(EARLIEST)


_Group = tuple[str, str, dict[str, None], int]  # start, end, names kept, events unnamed


def _sweep(rows: Iterable[tuple[str, str, str]], low: str, high: str) -> list[_Group]:
    """Sorted rows clipped to [low, high) and merged where they overlap or touch."""
    groups: list[_Group] = []
    first = last = ""
    names: dict[str, None] = {}
    more = 0
    for begin, finish, name in rows:
        begin, finish = begin if begin > low else low, finish if finish < high else high
        if finish <= begin:
            continue
        if names and begin <= last:
            last = finish if finish > last else last
            if name not in names:
                if len(names) < MAX_LABELS:
                    names[name] = None
                else:
                    more += 1
            continue
        if names:
            groups.append((first, last, names, more))
        first, last, names, more = begin, finish, {name: None}, 0
    if names:
        groups.append((first, last, names, more))
    return groups


def _group_interval(first: str, last: str, names: dict[str, None], more: int) -> Interval:
    labels = tuple(dict.fromkeys(label(n) for n in names))
    return Interval(parse_utc(first), parse_utc(last), labels, more)


def event_span(event: CachedEvent, zone: tzinfo) -> Interval:
    """An event's time as an interval; an all-day event covers its local days."""
    if event.all_day:
        begin = parse_utc(_day_text(event.start, zone))
        finish = parse_utc(_day_text(event.end, zone))
    else:
        begin, finish = parse_utc(event.start), parse_utc(event.end)
    return Interval(begin, finish, (label(event.summary),))


def clip(interval: Interval, start: datetime, end: datetime) -> Interval:
    """The part of ``interval`` inside [start, end) (empty when it lies outside)."""
    return Interval(max(interval.start, start), min(interval.end, end), interval.labels,
                    interval.more)


def merge(intervals: Iterable[Interval]) -> list[Interval]:
    """Overlapping and touching intervals joined; empty ones dropped; sorted (one sweep)."""
    merged: list[Interval] = []
    for item in sorted((i for i in intervals if i.end > i.start), key=lambda i: i.start):
        if merged and item.start <= merged[-1].end:
            last = merged[-1]
            kept = dict.fromkeys(last.labels)
            more = last.more + item.more
            for name in item.labels:
                if name not in kept:
                    if len(kept) < MAX_LABELS:
                        kept[name] = None
                    else:
                        more += 1
            merged[-1] = Interval(last.start, max(last.end, item.end), tuple(kept), more)
        else:
            merged.append(item)
    return merged


def busy_pairs(start: datetime, end: datetime, zone: tzinfo | None = None
               ) -> list[tuple[str, str]]:
    """Busy time as (start, end) UTC ISO pairs: the offline planner's ``busy`` context key."""
    return [i.pair() for i in busy_intervals(start, end, zone)]


# --- free ------------------------------------------------------------------------------------

def free_slots(start: datetime, end: datetime, busy: Sequence[Interval] | None = None, *,
               work: tuple[time, time] | None = None, zone: tzinfo | None = None,
               min_minutes: int = MIN_FREE_MINUTES) -> list[Interval]:
    """Free time within working hours in [start, end), slots of ``min_minutes`` or more.

    Args:
        start: the range's start (aware).
        end: the range's end (aware).
        busy: merged busy intervals (default: from the cache).
        work: working hours (default: from the settings).
        zone: the zone of the working hours (default: the local zone).
        min_minutes: shorter gaps are not offered.
    """
    zone = zone or local_zone()
    work = work or work_hours()
    busy = merge(busy) if busy is not None else busy_intervals(start, end, zone)
    shortest = timedelta(minutes=min_minutes)
    ends = [interval.end for interval in busy]
    slots: list[Interval] = []
    for low, high in _work_spans(start, end, work, zone):
        slots += [s for s in _gaps(low, high, busy, bisect_right(ends, low))
                  if s.end - s.start >= shortest]
    return slots


def _work_spans(start: datetime, end: datetime, work: tuple[time, time], zone: tzinfo
                ) -> Iterable[tuple[datetime, datetime]]:
    day = start.astimezone(zone).date()
    while datetime.combine(day, work[0], zone) < end:
        low = max(datetime.combine(day, work[0], zone).astimezone(UTC), start)
        high = min(datetime.combine(day, work[1], zone).astimezone(UTC), end)
        if low < high:
            yield low, high
        if day >= date.max - timedelta(days=1):
            return
        day += timedelta(days=1)


def _gaps(low: datetime, high: datetime, busy: Sequence[Interval], first: int = 0
          ) -> list[Interval]:
    """The gaps of [low, high) between the sorted, disjoint ``busy`` from index ``first``
    (the first that ends after ``low``), so each day reads only its own intervals."""
    gaps: list[Interval] = []
    cursor = low
    for index in range(first, len(busy)):
        interval = busy[index]
        if interval.start >= high:
            break
        if interval.start > cursor:
            gaps.append(Interval(cursor, interval.start))
        cursor = max(cursor, interval.end)
    if cursor < high:
        gaps.append(Interval(cursor, high))
    return gaps


# --- the assistant's view ---------------------------------------------------------------------

def label(summary: str) -> str:
    """An event summary made safe and short for a prompt: one line, MAX_LABEL characters."""
    text = " ".join(_CONTROL.sub(" ", summary).split())
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + "…"


def summary_text(start: datetime, end: datetime, *, zone: tzinfo | None = None,
                 work: tuple[time, time] | None = None,
                 busy: list[Interval] | None = None) -> str:
    """``busy: Tue 12-01 09:00–10:30 Team meeting; …\\nfree: Tue 12-01 10:30–12:00; …``

    Local times; at most MAX_ITEMS of each, then a count of the rest. ``busy``: the
    range's ``busy_intervals`` when the caller has them already.
    """
    zone = zone or local_zone()
    busy = busy_intervals(start, end, zone) if busy is None else busy
    free = free_slots(start, end, busy, work=work, zone=zone)
    busy_items = [f"{span_text(i, zone)} {i.names()}".rstrip() for i in busy]
    free_items = [span_text(i, zone) for i in free]
    return f"busy: {_listing(busy_items)}\nfree: {_listing(free_items)}"


def span_text(interval: Interval, zone: tzinfo) -> str:
    """``Tue 12-01 09:00–10:30`` in ``zone`` (the end's day too when it is another day)."""
    begin, finish = interval.start.astimezone(zone), interval.end.astimezone(zone)
    first = begin.strftime("%a %m-%d %H:%M")
    if finish.date() == begin.date():
        return f"{first}–{finish:%H:%M}"
    if finish.time() == time(0) and finish.date() == begin.date() + timedelta(days=1):
        return f"{first}–24:00"
    return f"{first}–{finish:%a %m-%d %H:%M}"


def _listing(items: Sequence[str]) -> str:
    if not items:
        return "none"
    shown = "; ".join(items[:MAX_ITEMS])
    rest = len(items) - MAX_ITEMS
    return shown + (f"; … and {rest} more" if rest > 0 else "")


def context_for(now: datetime, until: datetime | None = None) -> CalendarContext:
    """The calendar as the assistant sees it, from now to ``until`` (a task's due time) or
    CONTEXT_DAYS ahead: the prompt's ``calendar`` text and the offline planner's ``busy``."""
    end = until if until is not None and until > now else now + timedelta(days=CONTEXT_DAYS)
    zone = local_zone()
    busy = busy_intervals(now, end, zone)  # read once for both
    return CalendarContext(summary_text(now, end, zone=zone, busy=busy),
                           [i.pair() for i in busy])


def flag_conflicts(steps: Iterable[Any], busy: Iterable[Interval | tuple[Any, Any]]
                   ) -> list[Conflict]:
    """The steps whose due time falls inside busy time.

    Args:
        steps: PlanSpec steps as objects (``.id``, ``.due`` a datetime) or JSON mappings
            (``"id"``, ``"due"`` ISO text); steps without a due time never conflict.
        busy: intervals, or (start, end) pairs of datetimes or ISO text.

    Returns:
        One Conflict per step due at or after a busy start and before its end.
    """
    spans = merge(_interval(b) for b in busy)
    conflicts = []
    for step in steps:
        step_id, due = _step_due(step)
        if due is None:
            continue
        hit = next((s for s in spans if s.start <= due < s.end), None)
        if hit is not None:
            conflicts.append(Conflict(step_id, due, hit))
    return conflicts


def _interval(item: Interval | tuple[Any, Any]) -> Interval:
    if isinstance(item, Interval):
        return item
    start, end = item
    return Interval(_instant(start), _instant(end))


def _step_due(step: Any) -> tuple[str, datetime | None]:
    if isinstance(step, Mapping):
        step_id, due = str(step.get("id", "")), step.get("due")
    else:
        step_id, due = str(step.id), step.due
    return step_id, None if due is None else _instant(due)


def _instant(value: datetime | str) -> datetime:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: give it a time zone")
        return value.astimezone(UTC)
    return parse_utc(value)
