"""CalDAV against a real Radicale server on loopback, and against servers that misbehave."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from app.calendar import cache, dav, sources, sync
from app.calendar.errors import AuthFailed, BadResponse, NoPassword, ServerFailed, Unreachable
from app.calendar.rows import EventRow
from app.config import secrets
from app.dates.when import local_zone
from models import CalendarSource
from tests.app.calendar.radicale_server import Radicale, put_calendar
from tests.app.calendar.servers import ScriptedServer
from tests.app.calendar.support import NOW

PLANNING = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Stepwise tests//EN
BEGIN:VEVENT
UID:planning@test
DTSTAMP:20261101T000000Z
DTSTART;TZID=Europe/Berlin:20261201T100000
DTEND;TZID=Europe/Berlin:20261201T110000
RRULE:FREQ=DAILY;COUNT=5
EXDATE;TZID=Europe/Berlin:20261203T100000
SUMMARY:Planning
END:VEVENT
BEGIN:VEVENT
UID:planning@test
DTSTAMP:20261101T000000Z
RECURRENCE-ID;TZID=Europe/Berlin:20261204T100000
DTSTART;TZID=Europe/Berlin:20261204T150000
DTEND;TZID=Europe/Berlin:20261204T160000
SUMMARY:Planning (afternoon)
END:VEVENT
END:VCALENDAR
"""


def single(uid: str, summary: str, start: str, end: str, extra: str = "") -> str:
    return (f"BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Stepwise tests//EN\nBEGIN:VEVENT\n"
            f"UID:{uid}\nDTSTAMP:20261101T000000Z\nDTSTART{start}\nDTEND{end}\n"
            f"SUMMARY:{summary}\n{extra}END:VEVENT\nEND:VCALENDAR\n")


WORK_EVENTS = [
    PLANNING,
    single("tokyo@test", "Tokyo sync", ";TZID=Asia/Tokyo:20261202T090000",
           ";TZID=Asia/Tokyo:20261202T093000"),
    single("ny@test", "New York review", ";TZID=America/New_York:20261202T090000",
           ";TZID=America/New_York:20261202T100000"),
    single("offsite@test", "Offsite", ";VALUE=DATE:20261205", ";VALUE=DATE:20261206",
           "TRANSP:OPAQUE\n"),
    single("bday@test", "Birthday", ";VALUE=DATE:20261206", ";VALUE=DATE:20261207",
           "TRANSP:TRANSPARENT\n"),
]


def week() -> list[tuple[str, str, str, bool, bool]]:
    found = cache.events_between(NOW, NOW + timedelta(days=7), local_zone())
    return [(e.summary, e.start, e.end, e.all_day, e.busy) for e in found]


def test_radicale_events_reach_the_cache_expanded(db: Path, radicale: Radicale) -> None:
    work = put_calendar(radicale.url, "ann", "x", "work", "Work", WORK_EVENTS)
    put_calendar(radicale.url, "ann", "x", "home", "Home", [
        single("gym@test", "Gym", ":20261203T110000Z", ":20261203T120000Z")])
    added = asyncio.run(sources.add_caldav(work, "ann", "x", now=NOW))
    assert [(s.name, s.kind, s.location, s.username) for s in added.sources] == [
        ("Work", "caldav", work, "ann")]
    assert added.results[0].events == 8 and added.password_kept == "session"
    assert week() == [  # all-day events first on their day
        ("Planning", "2026-12-01T09:00:00Z", "2026-12-01T10:00:00Z", False, True),
        ("Tokyo sync", "2026-12-02T00:00:00Z", "2026-12-02T00:30:00Z", False, True),
        ("Planning", "2026-12-02T09:00:00Z", "2026-12-02T10:00:00Z", False, True),
        ("New York review", "2026-12-02T14:00:00Z", "2026-12-02T15:00:00Z", False, True),
        ("Planning (afternoon)", "2026-12-04T14:00:00Z", "2026-12-04T15:00:00Z", False, True),
        ("Offsite", "2026-12-05", "2026-12-06", True, True),
        ("Planning", "2026-12-05T09:00:00Z", "2026-12-05T10:00:00Z", False, True),
        ("Birthday", "2026-12-06", "2026-12-07", True, False),
    ]
    everything = asyncio.run(sources.add_caldav(radicale.url, "ann", "x", now=NOW))
    assert [s.name for s in everything.sources] == ["Home"]  # Work is already there
    assert [r.ok for r in asyncio.run(sync.sync_all(now=NOW))] == [True, True]


def test_discovery_lists_the_accounts_calendars(radicale: Radicale) -> None:
    first = put_calendar(radicale.url, "bob", "x", "a", "Alpha", [])
    second = put_calendar(radicale.url, "bob", "x", "b", "Beta", [])
    found = asyncio.run(dav.discover(dav.Account(radicale.url, "bob", "x")))
    assert sorted((f.name, f.url) for f in found) == [("Alpha", first), ("Beta", second)]


def test_a_refused_password_adds_nothing_and_a_later_401_keeps_the_cache(
        db: Path, radicale_auth: Radicale) -> None:
    work = put_calendar(radicale_auth.url, "ann", "secret", "work", "Work", WORK_EVENTS[:2])
    with pytest.raises(AuthFailed, match="refused user 'ann'"):
        asyncio.run(sources.add_caldav(work, "ann", "wrong", now=NOW))
    assert cache.sources() == []
    added = asyncio.run(sources.add_caldav(work, "ann", "secret", now=NOW))
    source_id = added.sources[0].id
    assert added.results[0].events == 5
    account = sync.password_account("ann", work)
    assert secrets.get_key(account) == "secret"
    secrets.set_key(account, "changed-on-the-server")
    later = NOW + timedelta(hours=1)
    result = asyncio.run(sync.sync_source(source_id, now=later))
    assert isinstance(result.failure, AuthFailed)
    assert "check the user name and the password" in (result.error or "")
    assert "changed-on-the-server" not in (result.error or "")
    assert cache.event_count(source_id) == 5
    assert cache.get_source(source_id).last_error_at == later
    secrets.set_key(account, None)
    missing = asyncio.run(sync.sync_source(source_id, now=later))
    assert isinstance(missing.failure, NoPassword)
    assert "--password-env" in (missing.error or "")
    given = asyncio.run(sync.sync_source(source_id, now=later, password="secret"))
    assert given.ok and cache.get_source(source_id).last_error is None


@pytest.mark.parametrize(("mode", "kind", "message"), [
    ("401", AuthFailed, "refused user 'ann' (HTTP 401/403)"),
    ("500", ServerFailed, "answered HTTP 500 Internal Server Error to a CalDAV request"),
    ("hang", Unreachable, "did not answer within 0.3 s"),
    ("broken-xml", BadResponse, "an answer that is not valid CalDAV XML"),
    ("html", BadResponse, "is this the address of a CalDAV calendar?"),
])
def test_a_misbehaving_caldav_server_keeps_the_last_good_cache(
        db: Path, scripted: ScriptedServer, mode: str, kind: type[Exception],
        message: str) -> None:
    source = cache.add_source("Work", "caldav", scripted.url + "ann/work/", "ann")
    good = [EventRow("u", None, "Kept", "", "", "2026-12-02T01:00:00Z", "2026-12-02T02:00:00Z",
                     False, "UTC", True)]
    cache.replace_events(source.id, good, etag=None, last_modified=None, at=NOW)
    scripted.mode = mode
    later = NOW + timedelta(hours=3)
    result = asyncio.run(sync.sync_source(source.id, now=later, password="pw", timeout=0.3))
    assert isinstance(result.failure, kind)
    assert message in (result.error or "")
    assert [e.summary for e in cache.events_between(NOW, later + timedelta(days=2),
                                                    local_zone())] == ["Kept"]
    stored = CalendarSource.get_by_id(source.id)
    assert stored.last_error == result.error and stored.last_error_at == later
    assert scripted.seen, "the server was asked"
