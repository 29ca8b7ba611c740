"""Syncing files and .ics URLs into the cache: one transaction, last good cache kept on any
failure, conditional requests, and the periodic sync."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from app.calendar import cache, fetch, sync
from app.calendar.errors import (
    AuthFailed,
    BadResponse,
    MalformedCalendar,
    ServerFailed,
    Unreachable,
)
from app.events import Change, events
from models import CalendarEvent, CalendarSource
from tests.app.calendar.radicale_server import free_port
from tests.app.calendar.servers import LAST_MODIFIED, ScriptedServer
from tests.app.calendar.support import NOW, data


def snapshot(source_id: int) -> list[tuple[object, ...]]:
    return list(CalendarEvent.select(CalendarEvent.id, CalendarEvent.uid, CalendarEvent.start)
                .where(CalendarEvent.source == source_id).order_by(CalendarEvent.id).tuples())


def source(source_id: int) -> CalendarSource:
    return cache.get_source(source_id)


def run_sync(source_id: int, **options: object) -> sync.SyncResult:
    return asyncio.run(sync.sync_source(source_id, **options))  # type: ignore[arg-type]


@pytest.fixture
def ics_file(db: Path, tmp_path: Path) -> tuple[Path, int]:
    path = tmp_path / "google.ics"
    path.write_text(data("google.ics"), encoding="utf-8")
    return path, cache.add_source("Work", "ics_file", str(path)).id


def test_a_file_syncs_into_the_cache(ics_file: tuple[Path, int]) -> None:
    _path, source_id = ics_file
    seen: list[Change] = []
    unsubscribe = events.subscribe(seen.extend)
    try:
        result = run_sync(source_id, now=NOW)
    finally:
        unsubscribe()
    assert result.ok and result.events == 4 and not result.not_modified
    assert [c.kind for c in seen] == ["calendar_synced"]
    rows = cache.events_between(NOW, NOW + timedelta(days=30), _zone())
    assert [e.summary for e in rows] == ["Standup", "Design review, round 2",
                                         "Standup (moved)", "Christmas break"]
    assert source(source_id).last_synced_at == NOW and source(source_id).last_error is None


def _zone() -> object:
    from app.dates.when import local_zone

    return local_zone()


def test_a_broken_file_keeps_the_last_good_cache_and_records_when(
        ics_file: tuple[Path, int]) -> None:
    path, source_id = ics_file
    run_sync(source_id, now=NOW)
    good = snapshot(source_id)
    path.write_text("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n", encoding="utf-8")
    later = NOW + timedelta(hours=1)
    result = run_sync(source_id, now=later)
    assert isinstance(result.failure, MalformedCalendar)
    assert "the file is cut short" in (result.error or "")
    assert result.events == 4 and snapshot(source_id) == good
    failed = source(source_id)
    assert failed.last_error == result.error and failed.last_error_at == later
    assert failed.last_synced_at == NOW
    path.unlink()
    gone = run_sync(source_id, now=later)
    assert "does not exist (moved or deleted?)" in (gone.error or "")
    assert snapshot(source_id) == good
    path.write_text(data("google.ics"), encoding="utf-8")
    assert run_sync(source_id, now=later).ok
    assert source(source_id).last_error is None and source(source_id).last_error_at is None


def test_the_cache_is_replaced_in_one_transaction(ics_file: tuple[Path, int]) -> None:
    from app.calendar.rows import EventRow

    _path, source_id = ics_file
    run_sync(source_id, now=NOW)
    good = snapshot(source_id)
    fine = EventRow("u1", None, "ok", "", "", "2026-12-02T01:00:00Z", "2026-12-02T02:00:00Z",
                    False, None, True)
    broken = fine._replace(uid=None)  # a NOT NULL column: the second INSERT batch fails
    rows = [fine] * cache.BATCH + [broken]
    with pytest.raises(Exception, match="NOT NULL"):
        cache.replace_events(source_id, rows, etag="x", last_modified=None, at=NOW)
    assert snapshot(source_id) == good
    assert source(source_id).etag is None


# --- .ics URLs --------------------------------------------------------------------------------

@pytest.fixture
def feed(db: Path, scripted: ScriptedServer) -> tuple[ScriptedServer, int]:
    scripted.body = data("outlook.ics")
    return scripted, cache.add_source("Outlook", "ics_url", scripted.url + "calendar.ics").id


def test_a_url_is_fetched_conditionally_and_a_304_keeps_the_cache(
        feed: tuple[ScriptedServer, int]) -> None:
    server, source_id = feed
    first = run_sync(source_id, now=NOW)
    assert first.ok and first.events == 6
    assert source(source_id).etag == server.etag
    assert source(source_id).last_modified == LAST_MODIFIED
    good = snapshot(source_id)
    later = NOW + timedelta(minutes=15)
    second = run_sync(source_id, now=later)
    assert second.ok and second.not_modified and second.events == 6
    request = server.seen[-1]
    assert request.headers["If-None-Match"] == server.etag
    assert request.headers["If-Modified-Since"] == LAST_MODIFIED
    assert request.status == 304
    assert snapshot(source_id) == good and source(source_id).last_synced_at == later
    server.body = data("google.ics")
    third = run_sync(source_id, now=later)
    assert third.ok and not third.not_modified and third.events == 4
    assert server.seen[-1].status == 200
    forced = run_sync(source_id, now=later, force=True)
    assert "If-None-Match" not in server.seen[-1].headers and not forced.not_modified


@pytest.mark.parametrize(("mode", "kind", "message"), [
    ("401", AuthFailed, "refused access (HTTP 401 Unauthorized)"),
    ("500", ServerFailed, "answered HTTP 500 Internal Server Error; the server has a problem"),
    ("hang", Unreachable, "did not answer within 0.3 s"),
    ("html", MalformedCalendar, "should start with BEGIN:VCALENDAR, not '<html><body>Sign in"),
])
def test_a_failing_url_keeps_the_last_good_cache(feed: tuple[ScriptedServer, int], mode: str,
                                                  kind: type[Exception], message: str) -> None:
    server, source_id = feed
    run_sync(source_id, now=NOW)
    good = snapshot(source_id)
    server.mode = mode
    later = NOW + timedelta(hours=2)
    result = run_sync(source_id, now=later, force=True, timeout=0.3)
    assert isinstance(result.failure, kind)
    assert message in (result.error or "")
    assert snapshot(source_id) == good and result.events == 6
    assert source(source_id).last_error_at == later


def test_an_unreachable_url_and_a_too_big_answer() -> None:
    closed = f"http://127.0.0.1:{free_port()}/cal.ics"
    with pytest.raises(Unreachable, match="could not connect to 127.0.0.1"):
        asyncio.run(fetch.fetch_url(closed, timeout=2))
    with ScriptedServer(body=data("google.ics")) as server:
        with pytest.raises(BadResponse, match="bigger than 0 MB"):
            asyncio.run(fetch.fetch_url(server.url, max_bytes=100))


def test_webcal_addresses_are_https() -> None:
    assert fetch.normal_url("webcal://example.com/a.ics") == "https://example.com/a.ics"
    assert fetch.is_url("webcal://example.com/a.ics") and not fetch.is_url("/tmp/a.ics")


# --- all and due --------------------------------------------------------------------------

def test_sync_all_and_the_periodic_sync(db: Path, tmp_path: Path) -> None:
    paths = []
    for name in ("google", "apple"):
        path = tmp_path / f"{name}.ics"
        path.write_text(data(f"{name}.ics"), encoding="utf-8")
        paths.append(cache.add_source(name, "ics_file", str(path)).id)
    results = asyncio.run(sync.sync_all(now=NOW))
    assert [(r.name, r.events) for r in results] == [("google", 4), ("apple", 2)]
    assert asyncio.run(sync.sync_due(NOW + timedelta(minutes=10), 15)) == []
    (tmp_path / "apple.ics").write_text("garbage", encoding="utf-8")
    CalendarSource.update(last_synced_at=NOW - timedelta(hours=1)).where(
        CalendarSource.id == paths[1]).execute()
    later = NOW + timedelta(minutes=10)
    due = asyncio.run(sync.sync_due(later, 15))
    assert [(r.name, r.ok) for r in due] == [("apple", False)]
    assert asyncio.run(sync.sync_due(later + timedelta(minutes=4), 15)) == []  # tried once
    retried = asyncio.run(sync.sync_due(later + timedelta(minutes=16), 15))
    assert [r.name for r in retried] == ["google", "apple"]


def test_a_disabled_source_is_not_synced_or_shown(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "g.ics"
    path.write_text(data("google.ics"), encoding="utf-8")
    source_id = cache.add_source("g", "ics_file", str(path)).id
    run_sync(source_id, now=NOW)
    CalendarSource.update(enabled=False).where(CalendarSource.id == source_id).execute()
    assert asyncio.run(sync.sync_all(now=NOW)) == []
    assert cache.events_between(NOW, NOW + timedelta(days=30), _zone()) == []
