"""One two-way sync of a sync account: pull the server's changes, then push ours.

Blocking (the ``caldav`` library is synchronous): the CLI calls ``run``; an event
loop calls ``run_async``, which keeps it in a worker thread. The listing is RFC 6578
``sync-collection`` from the stored token, falling back to an ETag listing; deletions
are believed only from a complete listing, so a 507 or a failed request deletes
nothing. The new token is stored after everything it covers was recorded.

A run can be stopped between items: ``cancelled`` is asked at each progress report
(push reports after each task's items are recorded, outside any transaction), and a
yes raises ``Cancelled``; the next run goes on from what was recorded.

What a run writes is initiated by ``app.events.SYNC``: a listener tells the sync's own
changes from a person's by that (the window syncs again after a person's, not after its
own).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime

from app.calendar.dav import TIMEOUT_S, Account
from app.calendar.errors import CalendarError
from app.errors import KnownError
from app.events import SYNC, initiated_by
from app.sync import accounts, adopt, identity, pull, push, refused
from app.sync.dav import Dav, Listing
from app.sync.report import Progress, Report
from models.tables import SyncAccount, SyncItem

MAX_ROUNDS = 100  # truncated sync-collection answers followed before giving up


class Cancelled(KnownError):
    """The sync was stopped between two items; everything recorded before stays."""


def run(account_id: int, password: str | None = None, *, timeout: float = TIMEOUT_S,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None) -> Report:
    """Sync one account.

    Raises:
        CalendarError: the server could not be reached, refused the account, or failed
            (what was recorded before stays; the next run goes on from there).
        Cancelled: ``cancelled`` said yes at a progress report (between items).
    """
    progress = _checked(progress, cancelled)
    account = accounts.get_account(account_id)
    dav = Dav(Account(account.url, account.user, accounts.password(account, password),
                      timeout))
    report = Report()
    with initiated_by(SYNC):
        try:
            identity.check(account, dav)
            _pull(account, dav, report, progress)
            push.push(account, dav, report, progress)
            if report.pushed or report.deleted:
                # A token that covers our own writes: a state-hash token (Xandikos's) would
                # otherwise come back unchanged after a remote delete, hiding the delete.
                _pull(accounts.get_account(account.id), dav, report, None)
        except CalendarError as exc:
            SyncAccount.update(last_error=str(exc)).where(SyncAccount.id == account.id).execute()
            raise
        finally:
            dav.close()
        SyncAccount.update(last_error=None, last_sync_at=datetime.now(UTC)).where(
            SyncAccount.id == account.id).execute()
    return report


async def run_async(account_id: int, password: str | None = None,
                    progress: Progress | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Report:
    """``run`` in a worker thread (DESIGN §11: never block the event loop)."""
    return await asyncio.to_thread(run, account_id, password, progress=progress,
                                   cancelled=cancelled)


def _checked(progress: Progress | None, cancelled: Callable[[], bool] | None
             ) -> Progress | None:
    """``progress`` followed by the cancel check (only ``progress`` when none is given)."""
    if cancelled is None:
        return progress

    def report(phase: str, done: int, total: int) -> None:
        if progress is not None:
            progress(phase, done, total)
        if cancelled():
            raise Cancelled("the sync was stopped; what was sent so far is kept")
    return report


def _pull(account: SyncAccount, dav: Dav, report: Report, progress: Progress | None) -> None:
    known = accounts.etags(account)
    listing = _listing(account, dav, known)
    changed = [href for href, etag in listing.etags.items()
               if href not in known or etag is None or known[href] != etag]
    if progress is not None:
        progress("pull", 0, len(changed))
    fetched, unread = pull.parse_all(dav.multiget(changed))
    refused.keep_unread(account, unread)
    adopt.own_steps(account, fetched)
    pull.pull(account, fetched, report)
    if listing.complete:
        gone = [h for h in listing.gone if h in known]
        pull.remove_gone(account, accounts.light_rows_at(account, SyncItem.href, gone), report)
    if listing.complete and listing.token:
        SyncAccount.update(sync_token=listing.token,
                           identity=identity.origin(listing.token)).where(
            SyncAccount.id == account.id).execute()
    report.unreadable = accounts.refused(account)


def _listing(account: SyncAccount, dav: Dav, known: dict[str, str | None]) -> Listing:
    """What changed since the stored token; with no token (or none taken) the whole
    list, whose complete form also names every known item no longer there.

    Raises:
        ListChanged: a whole listing holds none of the items this device synced while
            the server refused the stored token (or there are several): the list was
            reset or replaced, not emptied item by item.
    """
    token = account.sync_token
    listing = dav.changes(token, len(known))
    refused = listing is None and bool(token)
    if refused:
        token, listing = None, dav.changes(None, len(known))
    if listing is None:
        listing = dav.listing(len(known))
        listing.token = None
    else:
        listing = _follow(dav, listing)
    if listing.token and account.identity and identity.origin(listing.token) != account.identity:
        refused = True  # a token of another kind: the list is not the one synced before
    if not token and listing.complete:
        listing.gone = [href for href in known if href not in listing.etags]
        identity.check_listing(account, listing, refused)
    return listing


def _follow(dav: Dav, first: Listing) -> Listing:
    """A truncated sync-collection answer goes on from its token until it is complete."""
    listing = first
    for _ in range(MAX_ROUNDS):
        if listing.complete or not listing.token:
            return listing
        more = dav.changes(listing.token)
        if more is None or more.token == listing.token:
            return listing  # no progress: stays incomplete, nothing taken as deleted
        more.etags = {**listing.etags, **more.etags}
        more.gone = [*listing.gone, *more.gone]
        listing = more
    return listing
