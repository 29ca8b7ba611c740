"""app.calendar.sources: adding an .ics file or URL or a CalDAV account, synced at once,
refused twice, and never left half-added. (Named test_calendar_sources: ui/calendar has a
sources module too. CalDAV that works: test_caldav, against Radicale.)"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.calendar import cache, sources
from app.calendar.errors import AuthFailed, MalformedCalendar
from app.errors import BadFile, Refused
from tests.app.calendar.servers import ScriptedServer

NOW = datetime.now(UTC).replace(microsecond=0)


def ics() -> str:
    start = NOW + timedelta(days=1)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:1\r\n"
            f"DTSTAMP:20260101T000000Z\r\nDTSTART:{start:%Y%m%dT%H%M%SZ}\r\n"
            f"DTEND:{start + timedelta(hours=1):%Y%m%dT%H%M%SZ}\r\nSUMMARY:Dentist\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n")


def test_a_file_is_added_with_its_events_named_by_its_stem(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "family.ics"
    path.write_text(ics(), encoding="utf-8")
    added = sources.add_ics_blocking(str(path))
    assert [s.name for s in added.sources] == ["family"] and added.results[0].events == 1
    assert added.password_kept == ""
    with pytest.raises(Refused, match="already calendar"):
        sources.add_ics_blocking(str(path), "again")


def test_a_missing_or_broken_file_adds_nothing(db: Path, tmp_path: Path) -> None:
    with pytest.raises(BadFile, match="no calendar file"):
        sources.add_ics_blocking(str(tmp_path / "gone.ics"))
    broken = tmp_path / "broken.ics"
    broken.write_text("not a calendar", encoding="utf-8")
    with pytest.raises(MalformedCalendar):
        sources.add_ics_blocking(str(broken))
    assert cache.sources() == []


@pytest.mark.timeout(60)
def test_a_url_is_named_by_its_host_and_file(db: Path, scripted: ScriptedServer) -> None:
    scripted.body = ics()
    added = asyncio.run(sources.add_ics(scripted.url + "cal/work.ics"))
    host = scripted.url.split("//")[1].rstrip("/")
    assert added.sources[0].name == f"{host} work"
    assert added.sources[0].etag == scripted.etag


@pytest.mark.timeout(60)
def test_a_caldav_account_refused_by_its_server_adds_nothing(db: Path,
                                                             scripted: ScriptedServer) -> None:
    scripted.mode = "401"
    with pytest.raises(AuthFailed):
        sources.add_caldav_blocking(scripted.url, "ann", "pw", timeout=5)
    assert cache.sources() == []
