"""Reading iCalendar text from a file or an ``.ics`` URL, with clear errors.

URLs are fetched with httpx2 under a per-read timeout and an overall deadline, with a
size cap, and as conditional requests: the ETag and Last-Modified of the last good
fetch go out as If-None-Match and If-Modified-Since, and a 304 keeps the cache.
``webcal://`` is read as ``https://``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx2

from app.calendar.errors import (
    AuthFailed,
    BadResponse,
    MalformedCalendar,
    ServerFailed,
    Unreachable,
)
from app.errors import BadFile
from app.files import read_capped

MAX_BYTES = 64 * 1024 * 1024
TIMEOUT_S = 20.0
DEADLINE_FACTOR = 3  # the whole fetch may take this many read timeouts
SNIPPET = 200


@dataclass(frozen=True)
class Fetched:
    """What a fetch brought: the texts, or None when the server said 304 Not Modified."""

    texts: list[str] | None
    etag: str | None = None
    last_modified: str | None = None
    warnings: list[str] = field(default_factory=list)


def is_url(location: str) -> bool:
    """True for http, https and webcal addresses."""
    return urlsplit(location).scheme.lower() in ("http", "https", "webcal")


def normal_url(location: str) -> str:
    """``webcal://`` as ``https://``; other addresses as given."""
    parts = urlsplit(location)
    if parts.scheme.lower() == "webcal":
        return "https://" + location.split("://", 1)[1]
    return location


def read_file(path: str | Path, max_bytes: int = MAX_BYTES) -> Fetched:
    """The text of an ``.ics`` file.

    Raises:
        BadFile: missing, unreadable, a folder, empty or too big.
    """
    path = Path(path)
    data = read_capped(path, max_bytes, "an .ics calendar file", missing=" (moved or deleted?)")
    return Fetched([decode(data, str(path))], warnings=_decoding_warnings(data))


def decode(data: bytes, where: str) -> str:
    """UTF-8 text (a BOM is dropped); undecodable bytes are replaced, never fatal.

    Raises:
        MalformedCalendar: the data is empty.
    """
    if not data.strip():
        raise MalformedCalendar(f"{where} is empty: there is no calendar in it")
    return data.decode("utf-8-sig", errors="replace")


def _decoding_warnings(data: bytes) -> list[str]:
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return ["the calendar is not valid UTF-8; some characters were replaced"]
    return []


async def fetch_url(url: str, etag: str | None = None, last_modified: str | None = None, *,
                    timeout: float = TIMEOUT_S, max_bytes: int = MAX_BYTES) -> Fetched:
    """GET an ``.ics`` URL, conditionally when validators from the last fetch are given.

    Raises:
        Unreachable: no connection, or no complete answer in time.
        AuthFailed: 401 or 403.
        ServerFailed: any other error status.
        BadResponse: more than ``max_bytes``, or a broken HTTP answer.
    """
    url = normal_url(url)
    headers = {"Accept": "text/calendar, */*;q=0.5", "User-Agent": "Stepwise calendar"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    try:
        async with asyncio.timeout(timeout * DEADLINE_FACTOR):
            async with httpx2.AsyncClient(timeout=httpx2.Timeout(timeout),
                                          follow_redirects=True) as client:
                return await _get(client, url, headers, max_bytes)
    except (TimeoutError, httpx2.TimeoutException):
        raise Unreachable(f"{_host(url)} did not answer within {timeout:g} s; "
                          "the server may be down or slow, try again later") from None
    except httpx2.ConnectError as exc:
        raise Unreachable(f"could not connect to {_host(url)} ({exc}); check the address "
                          "and your network") from None
    except (httpx2.InvalidURL, httpx2.UnsupportedProtocol) as exc:
        raise BadFile(f"{url!r} is not a calendar address ({exc})") from None
    except httpx2.HTTPError as exc:
        raise BadResponse(f"{_host(url)} sent a broken answer: {exc}") from None


async def _get(client: httpx2.AsyncClient, url: str, headers: dict[str, str],
               max_bytes: int) -> Fetched:
    async with client.stream("GET", url, headers=headers) as response:
        if response.status_code == 304:
            return Fetched(None, response.headers.get("ETag"),
                           response.headers.get("Last-Modified"))
        _check_status(response.status_code, url, response.reason_phrase)
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > max_bytes:
                raise BadResponse(f"the calendar at {_host(url)} is bigger than "
                                  f"{max_bytes // 2**20} MB; it was not read")
        data = bytes(body)
        return Fetched([decode(data, url)], response.headers.get("ETag"),
                       response.headers.get("Last-Modified"), _decoding_warnings(data))


def _check_status(status: int, url: str, reason: str) -> None:
    if status < 400:
        return
    if status in (401, 403):
        raise AuthFailed(f"{_host(url)} refused access (HTTP {status} {reason}); check that "
                         "the address is the calendar's private or public link")
    if status == 404:
        raise ServerFailed(f"there is no calendar at {url} (HTTP 404); check the address")
    raise ServerFailed(f"{_host(url)} answered HTTP {status} {reason}; the server has a "
                       "problem, try again later")


def _host(url: str) -> str:
    return urlsplit(url).netloc or url
