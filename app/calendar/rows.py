"""Occurrences as the rows the store caches, and which of them block their time.

What a row holds (the store compares the times as text):

- a timed event: ``start``/``end`` as UTC ``YYYY-MM-DDTHH:MM:SSZ``; ``tzid`` the zone it
  was written in. Floating times are read in the calendar's X-WR-TIMEZONE, else the
  local zone; an unknown TZID is read as local time, with a warning.
- an all-day event: ``start``/``end`` as ``YYYY-MM-DD``, ``end`` exclusive (as DTEND
  in iCalendar: a one-day event on 3 Dec ends on 4 Dec); ``all_day`` True.
- ``busy``: whether the event blocks its time. TRANSP decides when given
  (TRANSPARENT: free, OPAQUE: busy), then Outlook's X-MICROSOFT-CDO-BUSYSTATUS (FREE
  and WORKINGELSEWHERE are free). Without either, a timed event is busy and an all-day
  event is free: all-day entries are mostly birthdays, holidays and reminders, and
  marking a whole day busy needs an explicit TRANSP:OPAQUE (as Google, Apple and
  Outlook write for "busy" all-day events).
- an event without DTEND lasts its DURATION, else a day (a date) or no time at all
  (a date-time), as RFC 5545 says. Cancelled events (STATUS:CANCELLED) are left out.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import NamedTuple

from app.calendar.zones import zone_key
from models.fields import EARLIEST, LATEST, format_utc

MAX_SUMMARY = 300
MAX_LOCATION = 300
MAX_DESCRIPTION = 2000
FREE_STATUSES = frozenset({"FREE", "WORKINGELSEWHERE"})


class EventRow(NamedTuple):
    """One cached occurrence, as the store keeps it (see the module docstring)."""

    uid: str
    recurrence_id: str | None
    summary: str
    location: str
    description: str
    start: str
    end: str
    all_day: bool
    tzid: str | None
    busy: bool


class Occurrence(NamedTuple):
    """An occurrence before it becomes a row: values as iCalendar gave them."""

    uid: str
    recurrence_id: date | None
    summary: str
    location: str
    description: str
    begin: date
    finish: date | None
    transp: str
    status: str
    busy_status: str
    tzid: str | None = None  # the TZID as written, for a zone without an IANA key


class Window:
    """The expansion window, in UTC for timed events and in local dates for all-day ones."""

    def __init__(self, start: datetime, end: datetime, local: tzinfo) -> None:
        self.start, self.end = start, end
        self.clipped = 0  # events cut to EARLIEST .. LATEST
        self.first_day = start.astimezone(local).date()
        last = end.astimezone(local)
        self.end_day = last.date() + timedelta(days=1 if last.time() != time(0) else 0)

    def padded_dates(self) -> tuple[date, date]:
        """Whole days around the window, so no zone's occurrence is cut off at the edge."""
        return self.start.date() - timedelta(days=1), self.end.date() + timedelta(days=2)

    def row(self, occ: Occurrence) -> EventRow | None:
        """The row of an occurrence in the window; None if outside or cancelled."""
        if occ.status.strip().upper() == "CANCELLED":
            return None
        if isinstance(occ.begin, datetime):
            span = self._timed(occ)
        else:
            span = self._all_day(occ)
        if span is None:
            return None
        start, end, tzid = span
        all_day = not isinstance(occ.begin, datetime)
        return EventRow(
            uid=occ.uid[:MAX_SUMMARY], recurrence_id=_recurrence_text(occ.recurrence_id),
            summary=occ.summary.strip()[:MAX_SUMMARY],
            location=occ.location.strip()[:MAX_LOCATION],
            description=occ.description.strip()[:MAX_DESCRIPTION], start=start, end=end,
            all_day=all_day, tzid=tzid,
            busy=is_busy(occ.transp, occ.busy_status, all_day=all_day))

    def _timed(self, occ: Occurrence) -> tuple[str, str, str | None] | None:
        assert isinstance(occ.begin, datetime)
        begin = _utc(occ.begin)
        finish = occ.finish
        if isinstance(finish, datetime):
            end = _utc(finish)
        elif isinstance(finish, date):  # a date-time start with a date end: to that midnight
            end = _utc(datetime.combine(finish, time(0), occ.begin.tzinfo))
        else:
            end = begin
        end = max(end, begin)
        if begin >= self.end or end < self.start or (end == self.start and end > begin):
            return None
        if begin < EARLIEST or end > LATEST:
            self.clipped += 1
            begin, end = max(begin, EARLIEST), min(end, LATEST)
        return _utc_text(begin), _utc_text(end), zone_key(occ.begin.tzinfo) or occ.tzid

    @staticmethod
    def range_text() -> str:
        """The range events are cut to, for the warning."""
        return f"{format_utc(EARLIEST)} to {format_utc(LATEST)}"

    def _all_day(self, occ: Occurrence) -> tuple[str, str, None] | None:
        begin = occ.begin
        finish = occ.finish.date() if isinstance(occ.finish, datetime) else occ.finish
        if finish is None or finish <= begin:
            finish = begin + timedelta(days=1) if begin < date.max else begin
        if begin >= self.end_day or finish <= self.first_day:
            return None
        return begin.isoformat(), finish.isoformat(), None


def is_busy(transp: str, busy_status: str, *, all_day: bool) -> bool:
    """Whether an event blocks its time (the rule is in the module docstring)."""
    transp, busy_status = transp.strip().upper(), busy_status.strip().upper()
    if transp in ("TRANSPARENT", "OPAQUE"):
        return transp == "OPAQUE"
    if busy_status:
        return busy_status not in FREE_STATUSES
    return not all_day


def _utc(value: datetime) -> datetime:
    """An aware time in UTC; one whose offset pushes it past what a datetime holds (the
    last hours of 9999 west of UTC, the first of year 1 east of it) becomes that limit."""
    try:
        return value.astimezone(UTC)
    except OverflowError:
        limit = datetime.max if value.year > 5000 else datetime.min
        return limit.replace(tzinfo=UTC)


def _utc_text(value: datetime) -> str:
    """Stored UTC text; an instant outside the range is cut to it (a RECURRENCE-ID)."""
    try:
        return format_utc(value)
    except ValueError:  # InstantOutOfRange
        return format_utc(EARLIEST if value.year < 5000 else LATEST)


def _recurrence_text(value: date | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return _utc_text(value)
    return value.isoformat()
