"""Calendar sources and their cached events in the store.

A sync replaces a source's events in one transaction together with the source's
validators and time; a failure only records ``last_error`` and ``last_error_at``, so
the last good cache stays. Timed events are stored as UTC text and all-day events as
dates (see ``expand``), and a range query compares each kind as text on its own terms.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any, cast

import peewee

from app.calendar.rows import EventRow
from app.errors import NotFound
from models import CalendarEvent, CalendarSource, atomic
from models.fields import format_utc
from models.prepared import Prepared

KINDS = ("ics_file", "ics_url", "caldav")
BATCH = 800  # rows per INSERT: 11 columns stay far below SQLite's variable limit
EVENT_FIELDS = (
    CalendarEvent.source, CalendarEvent.uid, CalendarEvent.recurrence_id, CalendarEvent.summary,
    CalendarEvent.location, CalendarEvent.description, CalendarEvent.start, CalendarEvent.end,
    CalendarEvent.all_day, CalendarEvent.tzid, CalendarEvent.busy,
)


_VIEW_COLUMNS = (
    CalendarEvent.source, CalendarSource.name, CalendarEvent.uid, CalendarEvent.recurrence_id,
    CalendarEvent.summary, CalendarEvent.location, CalendarEvent.description,
    CalendarEvent.start, CalendarEvent.end, CalendarEvent.all_day, CalendarEvent.busy,
    CalendarEvent.tzid,
)


@dataclass(frozen=True)
class CachedEvent:
    """A cached occurrence as plain data (what the panel, the CLI and free/busy read)."""

    source_id: int
    source: str
    uid: str
    recurrence_id: str | None
    summary: str
    location: str
    description: str
    start: str
    end: str
    all_day: bool
    busy: bool
    tzid: str | None

    def to_json(self) -> dict[str, object]:
        """The fields by their stored names (``--json`` output)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def add_source(name: str, kind: str, location: str, username: str | None = None, *,
               rows: Sequence[EventRow] | None = None, etag: str | None = None,
               last_modified: str | None = None, at: datetime | None = None
               ) -> CalendarSource:
    """Store a new, enabled source; with ``rows`` (its first sync, read before it was
    stored) the source and its events arrive in one transaction, so a source is never
    left half-added."""
    if kind not in KINDS:
        raise ValueError(f"unknown calendar kind {kind!r}")
    with atomic():
        source = CalendarSource.create(name=name, kind=kind, location=location,
                                       username=username)
        if rows is not None:
            _insert_rows(source.id, rows)
            _mark_synced(source.id, at or datetime.now(UTC), etag=etag,
                         last_modified=last_modified)
    return get_source(source.id) if rows is not None else source


def get_source(source_id: int) -> CalendarSource:
    """The source with that id.

    Raises:
        NotFound: no such source.
    """
    source = CalendarSource.get_or_none(CalendarSource.id == source_id)
    if source is None:
        raise NotFound(f"there is no calendar {source_id}; `stepwise calendar list` shows them")
    return source


def find_source(kind: str, location: str, username: str | None = None) -> CalendarSource | None:
    """An existing source for the same place (to refuse adding it twice)."""
    query = (CalendarSource.kind == kind) & (CalendarSource.location == location)
    if username is not None:
        query &= CalendarSource.username == username
    return CalendarSource.get_or_none(query)


def sources(*, enabled_only: bool = False) -> list[CalendarSource]:
    """Every source in the order they were added."""
    query = CalendarSource.select().order_by(CalendarSource.id)
    if enabled_only:
        query = query.where(CalendarSource.enabled)
    return list(query)


def remove_source(source_id: int) -> None:
    """Delete a source with its cached events."""
    with atomic():
        get_source(source_id)
        CalendarSource.delete().where(CalendarSource.id == source_id).execute()


def event_count(source_id: int) -> int:
    """How many events a source has cached."""
    return int(CalendarEvent.select().where(CalendarEvent.source == source_id).count())


def replace_events(source_id: int, rows: Sequence[EventRow], *, etag: str | None,
                   last_modified: str | None, at: datetime) -> int:
    """Swap a source's cached events for ``rows`` and mark it synced, in one transaction."""
    with atomic():
        CalendarEvent.delete().where(CalendarEvent.source == source_id).execute()
        _insert_rows(source_id, rows)
        _mark_synced(source_id, at, etag=etag, last_modified=last_modified)
    return len(rows)


def _insert_rows(source_id: int, rows: Sequence[EventRow]) -> None:
    for batch in peewee.chunked(rows, BATCH):
        CalendarEvent.insert_many([(source_id, *row) for row in batch],
                                  fields=list(EVENT_FIELDS)).execute()


def keep_events(source_id: int, *, etag: str | None, last_modified: str | None,
                at: datetime) -> None:
    """The source has not changed (HTTP 304): keep the cache, note the successful check."""
    with atomic():
        _mark_synced(source_id, at, etag=etag, last_modified=last_modified)


def _mark_synced(source_id: int, at: datetime, *, etag: str | None,
                 last_modified: str | None) -> None:
    changes: dict[peewee.Field, object] = {
        CalendarSource.last_synced_at: at, CalendarSource.last_error: None,
        CalendarSource.last_error_at: None}
    if etag is not None or last_modified is not None:
        changes[CalendarSource.etag] = etag
        changes[CalendarSource.last_modified] = last_modified
    CalendarSource.update(changes).where(CalendarSource.id == source_id).execute()


def record_failure(source_id: int, message: str, at: datetime) -> None:
    """Note why and when a sync failed; the cached events stay as they were."""
    with atomic():
        CalendarSource.update(last_error=message, last_error_at=at).where(
            CalendarSource.id == source_id).execute()


def events_between(start: datetime, end: datetime, zone: tzinfo, *, busy_only: bool = False,
                   source_ids: Iterable[int] | None = None, limit: int | None = None
                   ) -> list[CachedEvent]:
    """Cached events overlapping [start, end), all-day ones first on their day.

    Args:
        start: the range's start (aware).
        end: the range's end (aware).
        zone: the zone whose days all-day events cover (the local zone).
        busy_only: only events that block their time.
        source_ids: only these sources (default: every enabled source).
        limit: at most this many events.
    """
    query = (CalendarEvent.select(*_VIEW_COLUMNS).join(CalendarSource)
             .where(overlapping(start, end, zone)))
    if source_ids is not None:
        query = query.where(CalendarEvent.source.in_(list(source_ids)))
    else:
        query = query.where(CalendarSource.enabled)
    if busy_only:
        query = query.where(CalendarEvent.busy)
    query = query.order_by(CalendarEvent.start, CalendarEvent.id)
    if limit is not None:
        query = query.limit(limit)
    rows = cast(Iterable[tuple[Any, ...]], query.tuples())
    return [CachedEvent(*row) for row in rows]


def busy_rows(start: datetime, end: datetime, zone: tzinfo, *, all_day: bool
              ) -> list[tuple[str, str, str]]:
    """(start, end, summary) of the enabled sources' busy timed (or all-day) events
    overlapping [start, end), unordered, as plain tuples straight from SQLite.

    Free/busy reads only these columns and sorts them itself: 100,000 rows through
    model objects, a join and an ORDER BY took 0.8 s, this takes about 0.07 s. Its SQL
    is built once (``_BUSY``): the assistant asks this twice for every task it reviews.
    """
    return cast(list[tuple[str, str, str]],
                _BUSY[all_day].tuples(*_bounds(start, end, zone)))


def _busy_query(all_day: bool) -> Prepared[CalendarEvent]:
    def build(*bounds: str) -> peewee.ModelSelect[CalendarEvent]:
        enabled = CalendarSource.select(CalendarSource.id).where(CalendarSource.enabled)
        kind = CalendarEvent.all_day if all_day else ~CalendarEvent.all_day
        return CalendarEvent.select(CalendarEvent.start, CalendarEvent.end,
                                    CalendarEvent.summary).where(
            CalendarEvent.source.in_(enabled) & CalendarEvent.busy & kind & _overlap(*bounds))
    return Prepared[CalendarEvent](build, [str] * 5)


def overlapping(start: datetime, end: datetime, zone: tzinfo) -> peewee.Expression:
    """The condition for events overlapping [start, end): UTC text for timed events, the
    zone's dates for all-day events (whose ``end`` is exclusive). One range of the
    ``start`` index bounds both kinds, so SQLite reads it once."""
    return _overlap(*_bounds(start, end, zone))


def _bounds(start: datetime, end: datetime, zone: tzinfo) -> tuple[str, str, str, str, str]:
    """The range as ``_overlap`` compares it: UTC texts, local days, and the upper bound."""
    start_text, end_text = format_utc(start), format_utc(end)
    first_day, end_day = (day.isoformat() for day in local_days(start, end, zone))
    return start_text, end_text, first_day, end_day, max(end_text, end_day)


def _overlap(start_text: str, end_text: str, first_day: str, end_day: str, upper: str
             ) -> peewee.Expression:
    timed = (~CalendarEvent.all_day & (CalendarEvent.start < end_text)
             & ((CalendarEvent.end > start_text) | (CalendarEvent.start >= start_text)))
    all_day = (CalendarEvent.all_day & (CalendarEvent.start < end_day)
               & (CalendarEvent.end > first_day))
    return (CalendarEvent.start < upper) & (timed | all_day)


def local_days(start: datetime, end: datetime, zone: tzinfo) -> tuple[date, date]:
    """The first local day touched by [start, end) and the day after the last one."""
    last = end.astimezone(zone)
    whole = last.time() == time(0) or last.date() == date.max  # no day after 9999-12-31
    end_day = last.date() + timedelta(days=0 if whole else 1)
    return start.astimezone(zone).date(), end_day


_BUSY = {flag: _busy_query(flag) for flag in (False, True)}
