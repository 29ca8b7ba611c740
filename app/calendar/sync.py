"""Syncing calendar sources: one, all, or those due, as coroutines and blocking wrappers.

A sync fetches (file, URL or CalDAV, all off the loop), expands the window
[now - PAST_DAYS, now + AHEAD_DAYS) in a thread or the worker process, and replaces the
source's cache in one transaction. A known failure (a malformed file, 401, 500, a
timeout, broken XML) is recorded on the source with its time and the last good cache
stays; the result says what happened. Bugs propagate.

An ``.ics`` URL is fetched conditionally: a 304 keeps the cache as it is, so the window
it was expanded for does not move until the feed changes or a sync is forced
(``force=True``; the window forces one when it starts).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from app.calendar import cache, dav
from app.calendar.errors import NoPassword
from app.calendar.expand import Expanded
from app.calendar.fetch import Fetched, fetch_url, read_file
from app.calendar.worker import expand_async
from app.errors import KnownError
from app.events import Change, Kind, events
from models import CalendarSource
from models.tables import utc_now

PAST_DAYS = 31
AHEAD_DAYS = 366
TIMEOUT_S = 20.0


@dataclass(frozen=True)
class SyncResult:
    """What one source's sync did.

    Attributes:
        events: the events cached for the source afterwards.
        not_modified: the server answered 304; the cache was kept.
        failure: the known error that stopped the sync (its text is ``error``).
    """

    source_id: int
    name: str
    events: int
    not_modified: bool = False
    failure: KnownError | None = None
    warnings: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when the sync worked (a 304 included)."""
        return self.failure is None

    @property
    def error(self) -> str | None:
        """The failure's message, or None."""
        return None if self.failure is None else str(self.failure)


def window(now: datetime) -> tuple[datetime, datetime]:
    """The span a sync expands: from PAST_DAYS ago to AHEAD_DAYS ahead."""
    return now - timedelta(days=PAST_DAYS), now + timedelta(days=AHEAD_DAYS)


def local_key() -> str:
    """The local zone's IANA key (what floating times and unknown zones are read in)."""
    from app.dates.when import local_zone

    return str(getattr(local_zone(), "key", None) or "UTC")


async def sync_source(source_id: int, *, now: datetime | None = None,
                      password: str | None = None, force: bool = False,
                      timeout: float = TIMEOUT_S) -> SyncResult:
    """Sync one source.

    Args:
        source_id: the source's id.
        now: the current instant (aware; tests pass their own).
        password: for a CalDAV source whose password is not in the keyring.
        force: fetch even an unchanged ``.ics`` URL (no conditional request).
        timeout: seconds to wait for each read from a server.

    Raises:
        NotFound: no such source.
    """
    source = cache.get_source(source_id)
    now = now or utc_now()
    start, end = window(now)
    try:
        fetched = await _fetch(source, start, end, password=password, force=force,
                               timeout=timeout)
        if fetched.texts is None:
            cache.keep_events(source.id, etag=fetched.etag,
                              last_modified=fetched.last_modified, at=now)
            return _done(source, cache.event_count(source.id), not_modified=True)
        expanded = await expand_async(fetched.texts, start, end, local_key())
    except KnownError as exc:
        cache.record_failure(source.id, str(exc), now)
        return SyncResult(source.id, source.name, cache.event_count(source.id), failure=exc)
    count = cache.replace_events(source.id, expanded.rows, etag=fetched.etag,
                                 last_modified=fetched.last_modified, at=now)
    return _done(source, count, warnings=(*fetched.warnings, *expanded.warnings))


async def read_new(kind: str, location: str, *, now: datetime, timeout: float = TIMEOUT_S
                   ) -> tuple[Fetched, Expanded]:
    """Fetch and expand an ``.ics`` file or URL that is not a source yet, for its window.

    Raises:
        KnownError: the file or URL cannot be read, or is not iCalendar.
    """
    unsaved = CalendarSource(name="", kind=kind, location=location)
    start, end = window(now)
    fetched = await _fetch(unsaved, start, end, password=None, force=True, timeout=timeout)
    assert fetched.texts is not None  # unconditional: never 304
    return fetched, await expand_async(fetched.texts, start, end, local_key())


def _done(source: CalendarSource, count: int, *, not_modified: bool = False,
          warnings: Sequence[str] = ()) -> SyncResult:
    events.emit(Change(Kind.CALENDAR_SYNCED, None, source.name))
    return SyncResult(source.id, source.name, count, not_modified=not_modified,
                      warnings=tuple(warnings))


async def _fetch(source: CalendarSource, start: datetime, end: datetime, *,
                 password: str | None, force: bool, timeout: float) -> Fetched:
    if source.kind == "ics_file":
        return await asyncio.to_thread(read_file, source.location)
    if source.kind == "ics_url":
        etag, modified = (None, None) if force else (source.etag, source.last_modified)
        return await fetch_url(source.location, etag, modified, timeout=timeout)
    account = dav.Account(source.location, source.username or "",
                          password or stored_password(source), timeout)
    return Fetched(await dav.fetch(account, start, end))


def password_account(username: str, url: str) -> str:
    """The keyring entry of a CalDAV account: one per user and server."""
    from urllib.parse import urlsplit

    from app.config import secrets

    parts = urlsplit(url)
    return secrets.account_for("caldav", f"{username}@{parts.scheme}://{parts.netloc}")


def stored_password(source: CalendarSource) -> str:
    """The CalDAV password kept in the keyring (or for this session).

    Raises:
        NoPassword: none is kept.
    """
    from app.config import secrets

    found = secrets.get_key(password_account(source.username or "", source.location))
    if not found:
        where = ("the keyring has none" if secrets.persistent() else
                 "there is no keyring on this system")
        raise NoPassword(
            f"no password for {source.username!r} at {source.location}: {where}; give it "
            "with `stepwise calendar sync --password-env VAR`")
    return found


async def sync_all(*, now: datetime | None = None, password: str | None = None,
                   force: bool = False, timeout: float = TIMEOUT_S) -> list[SyncResult]:
    """Sync every enabled source, concurrently; one result per source."""
    return await _sync_many([s.id for s in cache.sources(enabled_only=True)], now=now,
                            password=password, force=force, timeout=timeout)


async def sync_due(now: datetime, every_minutes: int, *, timeout: float = TIMEOUT_S
                   ) -> list[SyncResult]:
    """Sync the enabled sources not synced (or tried) within ``every_minutes``.

    The periodic sync: a failed source is tried again once a period, not at every call.
    """
    since = now - timedelta(minutes=every_minutes)
    due = [s.id for s in cache.sources(enabled_only=True) if _is_due(s, since)]
    return await _sync_many(due, now=now, password=None, force=False, timeout=timeout)


def _is_due(source: CalendarSource, since: datetime) -> bool:
    last = max((t for t in (source.last_synced_at, source.last_error_at) if t is not None),
               default=None)
    return last is None or last <= since


async def _sync_many(source_ids: list[int], *, now: datetime | None, password: str | None,
                     force: bool, timeout: float) -> list[SyncResult]:
    jobs = [sync_source(source_id, now=now, password=password, force=force, timeout=timeout)
            for source_id in source_ids]
    return list(await asyncio.gather(*jobs))


def sync_all_blocking(*, password: str | None = None, force: bool = False,
                      timeout: float = TIMEOUT_S) -> list[SyncResult]:
    """``sync_all`` for the command line (runs its own event loop)."""
    return asyncio.run(sync_all(password=password, force=force, timeout=timeout))


def sync_source_blocking(source_id: int, *, password: str | None = None, force: bool = False,
                         timeout: float = TIMEOUT_S) -> SyncResult:
    """``sync_source`` for the command line (runs its own event loop)."""
    return asyncio.run(sync_source(source_id, password=password, force=force, timeout=timeout))
