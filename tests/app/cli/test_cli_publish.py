"""``stepwise publish``: add, list, now, remove; a command's changes reach the file
before it ends; a bad CalDAV address or password variable is said (servers:
tests/app/publish/test_publish_caldav.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from icalendar import Calendar

Cli = Callable[..., Any]


def _starts(path: Path) -> list[str]:
    cal = Calendar.from_ical(path.read_bytes())
    return [e.decoded("DTSTART").isoformat() for e in cal.walk("VEVENT")]


def test_publish_commands(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "plan.ics"
    assert cli("add", "Pay rent", "--due", "2030-01-10 18:00").code == 0
    added = cli("publish", "add", "ics", str(path), "--dues")
    assert added.code == 0 and "1 event" in added.out and str(path) in added.out
    assert _starts(path) == ["2030-01-10T18:00:00+08:00"]
    assert cli("edit", "1", "--due", "2030-01-12 09:30").code == 0
    assert _starts(path) == ["2030-01-12T09:30:00+08:00"]  # written as the edit ended
    listed = cli("publish", "list")
    assert listed.code == 0 and listed.out.startswith(f"1  {path}  (blocks, dues)")
    again = cli("publish", "now")
    assert again.code == 0 and "1 event" in again.out
    removed = cli("publish", "remove", "1")
    assert removed.code == 0 and "the file stays" in removed.out and path.exists()
    assert "published nowhere" in cli("publish", "list").out
    assert cli("publish", "remove", "1").code == 1


def test_caldav_refusals(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    done = cli("publish", "add", "caldav", "ftp://dav.example.com/cal/")
    assert done.code == 1 and "not an http(s) address" in done.err
    done = cli("publish", "add", "caldav", "http://dav.example.com/cal/", "--user", "ann",
               "--password-env", "NO_SUCH_VARIABLE_HERE")
    assert done.code == 1 and "NO_SUCH_VARIABLE_HERE" in done.err
    monkeypatch.setenv("PW", "secret")
    done = cli("publish", "add", "caldav", "http://dav.example.com/cal/", "--user", "ann",
               "--password-env", "PW")  # refused before any request: the password in clear
    assert done.code != 0 and "--insecure" in done.err
    assert "published nowhere" in cli("publish", "list").out


def test_refusal_said(cli: Cli, tmp_path: Path) -> None:
    done = cli("publish", "add", "ics", str(tmp_path / "plan.txt"))
    assert done.code == 1 and "does not end in .ics" in done.err
