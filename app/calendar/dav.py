"""CalDAV collections through the ``caldav`` library: discovery and fetching events.

The library is synchronous, so every call here runs in a thread (``asyncio.to_thread``),
never on the event loop. Its requests go through the bounded client (``app.net.session``
in place of its niquests session): each has the account's timeout as its deadline and a
byte cap, whatever the server sends. Whatever goes wrong comes back as a
CalendarError subclass whose message names the server and what to check; the password
never appears in a message. ``classify`` also sorts the errors of the bounded HTTP client
(``app.net.bounded``) that task sync uses.
"""

from __future__ import annotations

import asyncio
import os
import re
import traceback
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from app.calendar.errors import (
    AuthFailed,
    BadResponse,
    CalendarError,
    Redirected,
    ServerFailed,
    Unreachable,
    UnsupportedAuth,
)
from app.net import bounded, session

TIMEOUT_S = 20.0
_STATUS = re.compile(r"\b([45]\d\d) ([A-Za-z][A-Za-z -]*[a-z])")
# the known error each failure of the bounded client stands for (its message is kept)
NET_ERRORS: dict[type[bounded.NetError], type[CalendarError]] = {
    bounded.TooSlow: Unreachable,
    bounded.NoConnection: Unreachable,
    bounded.TooBig: BadResponse,
    bounded.NotHttp: BadResponse,
    bounded.RedirectRefused: Redirected,
    bounded.UnsupportedScheme: UnsupportedAuth,
}


@dataclass(frozen=True)
class Account:
    """Where and as whom to connect."""

    url: str
    user: str
    password: str
    timeout: float = TIMEOUT_S


@dataclass(frozen=True)
class Found:
    """A calendar the account can read: its display name and collection URL."""

    name: str
    url: str


async def discover(account: Account) -> list[Found]:
    """The account's calendars (those that hold events), found from its principal.

    Raises:
        CalendarError: the server could not be reached, refused the account, or failed.
    """
    return await asyncio.to_thread(_guarded, _discover, account)


async def fetch(account: Account, start: datetime, end: datetime) -> list[str]:
    """The iCalendar text of every event resource of the collection at ``account.url``
    with an occurrence in [start, end) (the server filters; recurring series come whole).

    Raises:
        CalendarError: the server could not be reached, refused the account, or failed.
    """
    return await asyncio.to_thread(_guarded, _fetch, account, start, end)


def _client(account: Account) -> Any:
    from caldav.davclient import DAVClient

    # the library's hint says int; its session (ours) takes a float
    client = DAVClient(url=account.url, username=account.user, password=account.password,
                       timeout=account.timeout, enable_rfc6764=False)  # type: ignore[arg-type]
    client.session.close()
    client.session = session.Session(bounded.Client(  # type: ignore[assignment]
        account.url, account.user, account.password, account.timeout))
    return client


def _discover(account: Account) -> list[Found]:
    with _client(account) as client:
        calendars = client.get_principal().get_calendars()
        found = []
        for calendar in calendars:
            if "VEVENT" not in _components(calendar):
                continue
            url = str(calendar.url)
            found.append(Found(calendar.get_display_name() or _last_segment(url), url))
        return found


def _components(calendar: Any) -> list[str]:
    """The component types a collection accepts (all of them if the server does not say)."""
    try:
        return [str(c) for c in calendar.get_supported_components()]
    except Exception:  # noqa: BLE001 - a server that cannot say is assumed to hold events
        return ["VEVENT"]


def _fetch(account: Account, start: datetime, end: datetime) -> list[str]:
    with _client(account) as client:
        calendar = client.calendar(url=account.url)
        events = calendar.search(event=True, start=start, end=end, expand=False)
        return [str(event.data) for event in events if event.data]


def _guarded(fn: Any, account: Account, *args: Any) -> Any:
    """Call ``fn`` and turn the library's and the network's errors into CalendarErrors."""
    try:
        return fn(account, *args)
    except CalendarError:
        raise
    except Exception as exc:  # noqa: BLE001 - sorted into known errors; the rest re-raised
        known = classify(exc, account)
        if known is None:
            raise
        raise known from exc


def classify(exc: BaseException, account: Account) -> CalendarError | None:
    """The known error an exception from caldav, niquests or ``app.net.bounded`` stands
    for, or None (a bug)."""
    from caldav.lib import error

    host = urlsplit(account.url).netloc or account.url
    name = type(exc).__name__
    if isinstance(exc, bounded.NetError):
        return NET_ERRORS.get(type(exc), CalendarError)(str(exc))
    if isinstance(exc, error.AuthorizationError):
        return refused(account)
    if isinstance(exc, NotImplementedError) and "authentication" in str(exc):
        return UnsupportedAuth(f"{host} asks for a sign-in Stepwise does not do (it signs in "
                               "with Basic or Digest: a user name and a password); use an "
                               "app password or another address of the server that takes one")
    if "Timeout" in name or isinstance(exc, TimeoutError):
        return Unreachable(f"{host} did not answer within {account.timeout:g} s; the server "
                           "may be down or slow, try again later")
    if "ConnectionError" in name or isinstance(exc, ConnectionError):
        return Unreachable(f"could not connect to {host}; check the address and your network")
    if name == "XMLSyntaxError" or "xml" in str(exc).lower():  # lxml's, via caldav
        return BadResponse(f"{host} sent an answer that is not valid CalDAV XML ({_short(exc)}); "
                           "is this the address of a CalDAV server?")
    if isinstance(exc, error.DAVError):
        status = _STATUS.search(str(exc))
        if status:
            return ServerFailed(f"{host} answered HTTP {status.group(1)} {status.group(2)} to "
                                "a CalDAV request; the server has a problem, try again later")
        return ServerFailed(f"{host} failed a CalDAV request ({_short(exc)}); check the "
                            "address, or try again later")
    if _raised_in_library(exc):  # the library tripped over an answer it did not expect
        return BadResponse(f"{host} sent an answer that is not CalDAV ({type(exc).__name__}: "
                           f"{_short(exc)}); is this the address of a CalDAV calendar?")
    return None


def refused(account: Account) -> AuthFailed:
    """The server refused the account (HTTP 401 or 403)."""
    host = urlsplit(account.url).netloc or account.url
    if not account.password:  # still AuthFailed: a 403 to a stale sync token is one too
        return AuthFailed(f"no password is kept for this account: {host} refused user "
                          f"{account.user!r} (HTTP 401/403); give it with --password-env VAR "
                          "or in Settings → Sync")
    return AuthFailed(f"{host} refused user {account.user!r} (HTTP 401/403); check the "
                      "user name and the password")


def _raised_in_library(exc: BaseException) -> bool:
    frames = traceback.extract_tb(exc.__traceback__)
    return any(f"{os.sep}caldav{os.sep}" in frame.filename for frame in frames)


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200] + ("…" if len(text) > 200 else "")


def _last_segment(url: str) -> str:
    return urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1] or url
