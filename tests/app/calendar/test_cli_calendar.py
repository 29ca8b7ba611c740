"""``stepwise calendar …``: add, list, sync, events, free and remove, with their errors.

The commands sync against the real clock, so the calendars here are written relative
to today (in the test zone, Asia/Shanghai).
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app.calendar import cache
from app.dates.when import local_zone
from tests.app.calendar.radicale_server import Radicale, put_calendar
from tests.app.calendar.servers import ScriptedServer
from tests.app.calendar.support import run_cli

Capsys = pytest.CaptureFixture[str]


def tomorrow() -> date:
    return datetime.now(local_zone()).date() + timedelta(days=1)


def stamp(day: date, hour: int, minute: int = 0) -> str:
    return f"{day:%Y%m%d}T{hour:02d}{minute:02d}00"


def calendar_text() -> str:
    return wrap("".join(event_texts()))


def wrap(body: str) -> str:
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n{body}END:VCALENDAR\r\n"


def event_texts() -> list[str]:
    day = tomorrow()
    events = [
        ("meet", "Team meeting", f";TZID=Asia/Shanghai:{stamp(day, 10)}",
         f";TZID=Asia/Shanghai:{stamp(day, 11, 30)}", ""),
        ("lunch", "Lunch", f";TZID=Asia/Shanghai:{stamp(day, 12)}",
         f";TZID=Asia/Shanghai:{stamp(day, 13)}", "TRANSP:TRANSPARENT\r\n"),
        ("trip", "Trip", f";VALUE=DATE:{day + timedelta(days=1):%Y%m%d}",
         f";VALUE=DATE:{day + timedelta(days=2):%Y%m%d}", "TRANSP:OPAQUE\r\n"),
    ]
    return [f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART{start}\r\n"
            f"DTEND{end}\r\nSUMMARY:{summary}\r\n{extra}END:VEVENT\r\n"
            for uid, summary, start, end, extra in events]


@pytest.fixture
def ics(data_dir: Path, tmp_path: Path) -> Path:
    path = tmp_path / "work.ics"
    path.write_text(calendar_text(), encoding="utf-8")
    return path


def test_add_list_events_free_and_remove(ics: Path, capsys: Capsys) -> None:
    added = run_cli(capsys, "calendar", "add", "ics", str(ics), "--name", "Work")
    assert (added.code, added.out) == (0, "calendar 1: Work (3 events)\n")
    listed = run_cli(capsys, "calendar", "list", "--json")
    [row] = json.loads(listed.out)
    assert (row["name"], row["kind"], row["events"], row["last_error"]) == (
        "Work", "ics_file", 3, None)
    assert row["location"] == str(ics.resolve())
    day = tomorrow()
    span = ("--from", day.isoformat(), "--to", (day + timedelta(days=1)).isoformat())
    shown = run_cli(capsys, "calendar", "events", *span)
    lines = shown.out.splitlines()
    assert lines[0].startswith(f"{day:%a %m-%d} 10:00–11:30") and "Team meeting  [Work]" in \
        lines[0]
    assert "Lunch  (free)  [Work]" in lines[1]
    assert f"{day + timedelta(days=1):%a %m-%d} all day" in lines[2] and "Trip" in lines[2]
    as_json = json.loads(run_cli(capsys, "calendar", "events", *span, "--json").out)
    assert [(e["summary"], e["all_day"], e["busy"]) for e in as_json] == [
        ("Team meeting", False, True), ("Lunch", False, False), ("Trip", True, True)]
    free = json.loads(run_cli(capsys, "calendar", "free", "--from", day.isoformat(),
                              "--to", day.isoformat(), "--json").out)
    assert [b["events"] for b in free["busy"]] == [["Team meeting"]]
    assert len(free["free"]) == 2  # 09:00–10:00 and 11:30–18:00
    text = run_cli(capsys, "calendar", "free", "--from", day.isoformat(), "--to",
                   day.isoformat()).out
    assert "10:00–11:30" in text and "Team meeting" in text and "11:30–18:00" in text
    removed = run_cli(capsys, "calendar", "remove", "1")
    assert removed.out == "removed calendar 1 (Work)\n"
    assert run_cli(capsys, "calendar", "list").out.startswith("no calendars")


def test_adding_a_bad_file_stores_nothing(data_dir: Path, tmp_path: Path,
                                          capsys: Capsys) -> None:
    broken = tmp_path / "broken.ics"
    broken.write_text("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", encoding="utf-8")
    result = run_cli(capsys, "calendar", "add", "ics", str(broken))
    assert result.code == 2 and "the file is cut short" in result.err
    missing = run_cli(capsys, "calendar", "add", "ics", str(tmp_path / "nope.ics"))
    assert missing.code == 2 and "there is no calendar file at" in missing.err
    assert json.loads(run_cli(capsys, "calendar", "list", "--json").out) == []


def test_adding_twice_is_refused(ics: Path, capsys: Capsys) -> None:
    assert run_cli(capsys, "calendar", "add", "ics", str(ics)).code == 0
    again = run_cli(capsys, "calendar", "add", "ics", str(ics))
    assert again.code == 1 and "is already calendar 1 (work)" in again.err


def test_sync_reports_each_calendar_and_fails_when_one_does(
        ics: Path, scripted: ScriptedServer, capsys: Capsys) -> None:
    scripted.body = calendar_text()
    assert run_cli(capsys, "calendar", "add", "ics", str(ics)).code == 0
    assert run_cli(capsys, "calendar", "add", "ics", scripted.url + "feed.ics").code == 0
    fine = run_cli(capsys, "calendar", "sync")
    assert fine.code == 0
    feed = f"{urlsplit(scripted.url).netloc} feed"  # the default name of a URL
    assert fine.out.splitlines() == ["work: 3 events", f"{feed}: unchanged, 3 events"]
    scripted.mode = "500"
    failed = run_cli(capsys, "calendar", "sync", "--force")
    assert failed.code == 1
    assert f"{feed}: failed (3 cached events kept): " in failed.err
    assert "answered HTTP 500" in failed.err
    listed = run_cli(capsys, "calendar", "list").out
    assert "failed at" in listed and "answered HTTP 500" in listed


def test_add_caldav_discovers_the_calendars(data_dir: Path, radicale: Radicale,
                                            capsys: Capsys, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    put_calendar(radicale.url, "dora", "pw", "work", "Work", [wrap(e) for e in event_texts()])
    put_calendar(radicale.url, "dora", "pw", "home", "Home", [])
    no_user = run_cli(capsys, "calendar", "add", "caldav", radicale.url)
    assert no_user.code == 1 and "--user USER --password-env VAR" in no_user.err
    unset = run_cli(capsys, "calendar", "add", "caldav", radicale.url, "--user", "dora",
                    "--password-env", "STEPWISE_TEST_PW")
    assert unset.code == 1 and "STEPWISE_TEST_PW is empty or unset" in unset.err
    monkeypatch.setenv("STEPWISE_TEST_PW", "pw")
    added = run_cli(capsys, "calendar", "add", "caldav", radicale.url, "--user", "dora",
                    "--password-env", "STEPWISE_TEST_PW", "--name", "Dora")
    assert added.code == 0
    assert sorted(line.split(": ", 1)[1] for line in added.out.splitlines()) == [
        "Dora: Home (0 events)", "Dora: Work (3 events)"]
    assert "kept for this run only" in added.err
    assert run_cli(capsys, "calendar", "sync").code == 0  # the session still has it
    from app.config import secrets

    secrets._session.clear()  # a later run: no keyring, so the password must be given
    forgot = run_cli(capsys, "calendar", "sync")
    assert forgot.code == 1 and "--password-env VAR" in forgot.err
    given = run_cli(capsys, "calendar", "sync", "--password-env", "STEPWISE_TEST_PW")
    assert given.code == 0
    assert sorted(s.username for s in cache.sources()) == ["dora", "dora"]


def test_events_needs_a_range_that_ends_after_it_starts(data_dir: Path, capsys: Capsys) -> None:
    result = run_cli(capsys, "calendar", "events", "--from", "2026-12-05", "--to", "2026-12-01")
    assert result.code == 1 and "is not after --from" in result.err
    phrase = run_cli(capsys, "calendar", "events", "--from", "the day the music died")
    assert phrase.code == 2 and "could not understand" in phrase.err


def test_credentials_in_a_caldav_url_are_used_never_stored_or_printed(
        data_dir: Path, radicale: Radicale, capsys: Capsys) -> None:
    put_calendar(radicale.url, "erin", "pw9", "work", "Work", [wrap(e) for e in event_texts()])
    with_creds = radicale.url.replace("http://", "http://erin:pw9@")
    added = run_cli(capsys, "calendar", "add", "caldav", with_creds)
    assert added.code == 0, added.err
    listed = run_cli(capsys, "calendar", "list", "--json").out
    assert "pw9" not in listed + added.out + added.err
    assert [s.username for s in cache.sources()] == ["erin"]
    assert all("@" not in s.location for s in cache.sources())


def test_an_ics_url_with_a_password_is_refused_with_a_way_out(data_dir: Path,
                                                              capsys: Capsys) -> None:
    refused = run_cli(capsys, "calendar", "add", "ics", "https://me:secret@cal.example.org/a.ics")
    assert refused.code == 1 and "holds a user name or password" in refused.err
    assert "secret" not in refused.err and cache.sources() == []
