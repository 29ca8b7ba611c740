"""app.calendar.cache: sources and their cached events — added whole, swapped in one
transaction, failures noted without losing the cache, ranges read by UTC text and days."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.calendar import cache
from app.calendar.rows import EventRow
from app.errors import NotFound

SHANGHAI = ZoneInfo("Asia/Shanghai")
AT = datetime(2026, 12, 1, tzinfo=UTC)


def row(uid: str, start: str, end: str, *, all_day: bool = False, busy: bool = True
        ) -> EventRow:
    return EventRow(uid, None, uid.title(), "", "", start, end, all_day, None, busy)


TIMED = row("lunch", "2026-12-02T04:00:00Z", "2026-12-02T05:00:00Z")
FREE = row("free", "2026-12-02T06:00:00Z", "2026-12-02T07:00:00Z", busy=False)
HOLIDAY = row("holiday", "2026-12-03", "2026-12-04", all_day=True)


def test_a_source_and_its_first_rows_arrive_together(db: Path) -> None:
    source = cache.add_source("Home", "ics_file", "/c.ics", rows=[TIMED, HOLIDAY], etag='"1"',
                              at=AT)
    assert cache.event_count(source.id) == 2 and source.last_synced_at == AT
    assert source.etag == '"1"' and cache.find_source("ics_file", "/c.ics") is not None
    with pytest.raises(ValueError, match="unknown calendar kind"):
        cache.add_source("X", "gopher", "x")


def test_replace_keep_and_failure(db: Path) -> None:
    source = cache.add_source("Home", "ics_file", "/c.ics", rows=[TIMED], at=AT)
    cache.record_failure(source.id, "server down", AT + timedelta(hours=1))
    failed = cache.get_source(source.id)
    assert failed.last_error == "server down" and cache.event_count(source.id) == 1
    cache.replace_events(source.id, [FREE, HOLIDAY], etag=None, last_modified=None,
                         at=AT + timedelta(hours=2))
    again = cache.get_source(source.id)
    assert again.last_error is None and cache.event_count(source.id) == 2
    cache.keep_events(source.id, etag='"2"', last_modified=None, at=AT + timedelta(hours=3))
    assert cache.get_source(source.id).etag == '"2"' and cache.event_count(source.id) == 2


def test_remove_takes_the_events_and_a_missing_source_is_not_found(db: Path) -> None:
    source = cache.add_source("Home", "ics_file", "/c.ics", rows=[TIMED], at=AT)
    cache.remove_source(source.id)
    assert cache.sources() == [] and cache.event_count(source.id) == 0
    with pytest.raises(NotFound, match="calendar list"):
        cache.get_source(source.id)


def test_events_between_reads_timed_and_all_day_by_the_local_days(db: Path) -> None:
    cache.add_source("Home", "ics_file", "/c.ics", rows=[TIMED, FREE, HOLIDAY], at=AT)
    day = datetime(2026, 12, 2, tzinfo=SHANGHAI)
    found = cache.events_between(day, day + timedelta(days=2), SHANGHAI)
    assert [e.uid for e in found] == ["lunch", "free", "holiday"]  # by start text
    busy = cache.events_between(day, day + timedelta(days=2), SHANGHAI, busy_only=True)
    assert [e.uid for e in busy] == ["lunch", "holiday"]
    assert cache.events_between(day + timedelta(days=2), day + timedelta(days=3), SHANGHAI) == []
    assert found[-1].to_json()["all_day"] is True


def test_busy_rows_and_disabled_sources(db: Path) -> None:
    source = cache.add_source("Home", "ics_file", "/c.ics", rows=[TIMED, FREE, HOLIDAY], at=AT)
    day = datetime(2026, 12, 2, tzinfo=SHANGHAI)
    assert cache.busy_rows(day, day + timedelta(days=2), SHANGHAI, all_day=False) == [
        ("2026-12-02T04:00:00Z", "2026-12-02T05:00:00Z", "Lunch")]
    source.enabled = False
    source.save()
    assert cache.busy_rows(day, day + timedelta(days=2), SHANGHAI, all_day=True) == []
    assert cache.sources(enabled_only=True) == []


@pytest.mark.parametrize("start, end, days", [
    ("2026-12-01T00:00:00+08:00", "2026-12-02T00:00:00+08:00", (1, 2)),
    ("2026-12-01T10:00:00+08:00", "2026-12-01T11:00:00+08:00", (1, 2)),
    ("2026-11-30T17:00:00+00:00", "2026-12-01T16:00:00+00:00", (1, 2))])
def test_local_days_are_the_days_touched(start: str, end: str, days: tuple[int, int]) -> None:
    first, after = cache.local_days(datetime.fromisoformat(start), datetime.fromisoformat(end),
                                    SHANGHAI)
    assert (first, after) == (date(2026, 12, days[0]), date(2026, 12, days[1]))
