"""Adding calendar sources: an ``.ics`` file or URL, or the calendars of a CalDAV account.

A source is kept only if its first sync works, so a typo never leaves a broken entry
behind: the error says what was wrong and nothing is stored. An ``.ics`` file or URL is
read and expanded before anything is stored, then stored with its events in one
transaction, so even a process killed while it parses leaves no half-added source. A
CalDAV password goes to the keyring; without one it is kept for this session only and
``Added`` says so.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from app.calendar import cache, dav
from app.calendar.errors import CalendarError
from app.calendar.fetch import is_url, normal_url
from app.calendar.sync import TIMEOUT_S, SyncResult, password_account, read_new, sync_source
from app.config import urls
from app.errors import BadFile, Refused
from app.events import Change, Kind, events
from models import CalendarSource
from models.tables import utc_now


@dataclass(frozen=True)
class Added:
    """The sources added, their first syncs, and where a CalDAV password was kept."""

    sources: list[CalendarSource]
    results: list[SyncResult]
    password_kept: str = ""  # "keyring", "session" or "" (no password involved)


def _not_published(location: str) -> None:
    """Refuse the file Stepwise publishes its schedule to (``app.publish``)."""
    from models.tables import PublishTarget

    if PublishTarget.select().where(PublishTarget.location == location).exists():
        raise _published(location)


def _published(location: str) -> Refused:
    """The refusal of a calendar Stepwise publishes to: it is never read back as busy."""
    return Refused(f"{location} is the calendar Stepwise publishes its schedule to; it is "
                   "never read back as busy time")


def _published_urls() -> set[str]:
    """The CalDAV calendars Stepwise publishes its schedule to (``app.publish``)."""
    from models.tables import PublishTarget

    return {str(row.location) for row in PublishTarget.select(PublishTarget.location).where(
        PublishTarget.kind == "caldav")}


async def add_ics(location: str, name: str | None = None, *, now: datetime | None = None,
                  timeout: float = TIMEOUT_S) -> Added:
    """Add an ``.ics`` file or URL and sync it.

    Raises:
        BadFile: the file is missing or not iCalendar.
        Refused: the same file or URL is already a source.
        CalendarError: the URL could not be read.
    """
    if is_url(location):
        if any(urls.split(location)[1:]):
            raise Refused(f"{urls.shown(location)} holds a user name or password; "
                          "Stepwise does not keep passwords in addresses: use the "
                          "calendar's private address without them, or add it as caldav "
                          "with --user and --password-env")
        kind, place = "ics_url", location.strip()
        default = _url_name(normal_url(place))
    else:
        path = Path(location).expanduser()
        if not path.is_file():
            raise BadFile(f"there is no calendar file at {path}")
        kind, place, default = "ics_file", str(path.resolve()), path.stem
        _not_published(place)
    _refuse_duplicate(kind, place, None)
    now = now or utc_now()
    fetched, expanded = await read_new(kind, place, now=now, timeout=timeout)
    source = cache.add_source(name or default, kind, place, rows=expanded.rows,
                              etag=fetched.etag, last_modified=fetched.last_modified, at=now)
    events.emit(Change(Kind.CALENDAR_SYNCED, None, source.name))
    return Added([source], [SyncResult(source.id, source.name, len(expanded.rows),
                                       warnings=(*fetched.warnings, *expanded.warnings))])


async def add_caldav(url: str, user: str, password: str, name: str | None = None, *,
                     now: datetime | None = None, timeout: float = TIMEOUT_S,
                     insecure: bool = False) -> Added:
    """Discover the account's calendars and add the one at ``url``, or all of them.

    Args:
        url: the server, the account, or one calendar collection.
        user: the user name.
        password: the password (kept in the keyring, or for this session).
        name: the source's name (a prefix when several calendars are added).
        now: the current instant.
        timeout: seconds to wait for each server read.
        insecure: a password may go over plain http to another machine.

    Raises:
        Cleartext: a password over plain http to another machine, not ``insecure``.
        CalendarError: discovery failed, or the account has no calendar with events.
        Refused: every calendar found is already a source.
    """
    urls.cleartext(url, password or urls.split(url)[2], insecure=insecure)
    url, in_user, in_password = urls.split(url)
    user, password = user or in_user, password or in_password
    found = await dav.discover(dav.Account(url, user, password, timeout))
    if not found:
        raise CalendarError(f"{user!r} has no calendar with events at {url}")
    published = _published_urls()

    def ours(calendar: dav.Found) -> bool:
        return any(_same_url(calendar.url, target) for target in published)

    if any(_same_url(f.url, url) for f in found if ours(f)):
        raise _published(url)
    found = [f for f in found if not ours(f)]  # Stepwise's own: never busy time
    chosen = [f for f in found if _same_url(f.url, url)] or found
    fresh = [f for f in chosen if cache.find_source("caldav", f.url, user) is None]
    if not fresh:
        raise Refused(f"{_names(chosen)} {'is' if len(chosen) == 1 else 'are'} already added; "
                      "`stepwise calendar list` shows them")
    kept = _keep_password(user, url, password)
    sources: list[CalendarSource] = []
    results: list[SyncResult] = []
    for calendar in fresh:
        label = calendar.name if not name else name if len(fresh) == 1 else \
            f"{name}: {calendar.name}"
        source = cache.add_source(label, "caldav", calendar.url, user)
        try:
            results.append(await _first_sync(source, now=now, password=password,
                                             timeout=timeout))
        except BaseException:
            for added in sources:
                cache.remove_source(added.id)
            raise
        sources.append(source)
    return Added(sources, results, kept)


async def _first_sync(source: CalendarSource, *, now: datetime | None, timeout: float,
                      password: str | None = None) -> SyncResult:
    """Sync a new source; on failure remove it again and raise the failure."""
    try:
        result = await sync_source(source.id, now=now, password=password, timeout=timeout)
    except BaseException:
        cache.remove_source(source.id)
        raise
    if result.failure is not None:
        cache.remove_source(source.id)
        raise result.failure
    return result


def _refuse_duplicate(kind: str, location: str, username: str | None) -> None:
    existing = cache.find_source(kind, location, username)
    if existing is not None:
        raise Refused(f"{location} is already calendar {existing.id} ({existing.name})")


def _keep_password(user: str, url: str, password: str) -> str:
    from app.config import secrets

    return "keyring" if secrets.set_key(password_account(user, url), password) else "session"


def _same_url(a: str, b: str) -> bool:
    first, second = urlsplit(a), urlsplit(b)
    return (first.netloc.lower() == second.netloc.lower()
            and first.path.rstrip("/") == second.path.rstrip("/"))


def _names(found: list[dav.Found]) -> str:
    return ", ".join(repr(f.name) for f in found)


def _url_name(url: str) -> str:
    parts = urlsplit(url)
    stem = parts.path.rstrip("/").rsplit("/", 1)[-1].removesuffix(".ics")
    return f"{parts.netloc} {stem}".strip() if stem else parts.netloc or url


def add_ics_blocking(location: str, name: str | None = None, *,
                     timeout: float = TIMEOUT_S) -> Added:
    """``add_ics`` for the command line (runs its own event loop)."""
    return asyncio.run(add_ics(location, name, timeout=timeout))


def add_caldav_blocking(url: str, user: str, password: str, name: str | None = None, *,
                        timeout: float = TIMEOUT_S, insecure: bool = False) -> Added:
    """``add_caldav`` for the command line (runs its own event loop)."""
    return asyncio.run(add_caldav(url, user, password, name, timeout=timeout,
                                  insecure=insecure))
