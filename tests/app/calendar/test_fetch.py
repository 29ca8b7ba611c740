"""app.calendar.fetch: an .ics file or URL read within its bounds — conditional requests,
webcal addresses, every failure a known error naming what to do."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from app.calendar.errors import (
    AuthFailed,
    BadResponse,
    MalformedCalendar,
    ServerFailed,
    Unreachable,
)
from app.calendar.fetch import decode, fetch_url, is_url, normal_url, read_file
from app.errors import BadFile
from tests.app.calendar.servers import ScriptedServer

ICS = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"


@pytest.mark.parametrize("location, url", [("https://x/c.ics", True), ("WEBCAL://x", True),
                                           ("/home/me/c.ics", False), ("C:\\c.ics", False)])
def test_is_url(location: str, url: bool) -> None:
    assert is_url(location) is url


def test_webcal_becomes_https_and_the_rest_is_kept() -> None:
    assert normal_url("webcal://x/c.ics") == "https://x/c.ics"
    assert normal_url("http://x/c.ics") == "http://x/c.ics"


def test_decode_drops_the_bom_replaces_bad_bytes_and_refuses_empty() -> None:
    assert decode(b"\xef\xbb\xbfBEGIN\xff", "f") == "BEGIN\ufffd"
    with pytest.raises(MalformedCalendar, match="f is empty"):
        decode(b" \r\n", "f")


def test_read_file_warns_of_replaced_characters(tmp_path: Path) -> None:
    path = tmp_path / "c.ics"
    path.write_bytes(ICS.encode() + b"\xff")
    found = read_file(path)
    assert found.texts and found.texts[0].startswith("BEGIN:VCALENDAR")
    assert found.warnings == ["the calendar is not valid UTF-8; some characters were replaced"]


def test_read_file_refuses_missing_and_too_big(tmp_path: Path) -> None:
    with pytest.raises(BadFile, match="moved or deleted"):
        read_file(tmp_path / "gone.ics")
    big = tmp_path / "big.ics"
    big.write_text(ICS * 100)
    with pytest.raises(BadFile):
        read_file(big, max_bytes=100)


@pytest.mark.timeout(30)
def test_a_second_fetch_with_the_etag_is_not_modified(scripted: ScriptedServer) -> None:
    scripted.body = ICS
    first = asyncio.run(fetch_url(scripted.url + "c.ics"))
    assert first.texts == [ICS] and first.etag == scripted.etag and first.last_modified
    again = asyncio.run(fetch_url(scripted.url + "c.ics", etag=first.etag))
    assert again.texts is None and scripted.seen[-1].status == 304


@pytest.mark.timeout(30)
@pytest.mark.parametrize("mode, error", [("401", AuthFailed), ("500", ServerFailed)])
def test_error_statuses_are_known_errors(scripted: ScriptedServer, mode: str,
                                         error: type[Exception]) -> None:
    scripted.mode = mode
    with pytest.raises(error):
        asyncio.run(fetch_url(scripted.url + "c.ics"))


@pytest.mark.timeout(30)
def test_a_body_past_its_bound_is_not_read(scripted: ScriptedServer) -> None:
    scripted.body = ICS * 1000
    with pytest.raises(BadResponse, match="bigger than"):
        asyncio.run(fetch_url(scripted.url + "c.ics", max_bytes=1000))


@pytest.mark.timeout(30)
def test_a_hanging_server_is_unreachable_after_the_timeout(scripted: ScriptedServer) -> None:
    scripted.mode = "hang"
    with pytest.raises(Unreachable, match="did not answer within 0.2 s"):
        asyncio.run(fetch_url(scripted.url + "c.ics", timeout=0.2))


def test_a_closed_port_is_unreachable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(Unreachable, match="could not connect"):
        asyncio.run(fetch_url(f"http://127.0.0.1:{port}/c.ics", timeout=2))
