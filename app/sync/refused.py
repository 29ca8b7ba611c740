"""Other devices' items Stepwise cannot take, kept as they are.

An item that cannot be read, or whose values the store refuses (a due before its
start, year 9999, a rule that never occurs, a tree deeper than 4), is recorded as a
``SyncItem`` with ``state`` "refused" and its ``reason``: never written over, never
deleted, not counted as this device's, listed for the person, and fetched again only
when it changes (then tried again as a new item).
"""

from __future__ import annotations

from app.calendar.errors import CalendarError
from app.errors import KnownError
from app.sync import accounts
from app.sync.items import Fetched, Unread, title
from models import atomic
from models.tables import SyncAccount, SyncItem

KEPT = "kept"  # SyncItem.state of another app's item kept as it is (not a failure: unlisted)
REFUSED = "refused"  # SyncItem.state of an item Stepwise could not take
# What one item's bad values raise on their way into the store (not the network's
# CalendarError nor the database's StoreError: those stop the run).
ITEM_ERRORS = (KnownError, ValueError, TypeError)


def keep_unread(account: SyncAccount, unread: list[Unread]) -> None:
    """Record items that cannot be read as refused: kept on the server, listed for the
    person, fetched again only when they change."""
    if not unread:
        return
    by_href = {row.href: row for row in accounts.light_rows_at(
        account, SyncItem.href, [u.href for u in unread])}
    with atomic():
        for one in unread:
            row = by_href.get(one.href)
            if row is not None:  # a known item another device broke: its base stays
                SyncItem.update(etag=one.etag, state=REFUSED, reason=one.reason).where(
                    SyncItem.id == row.id).execute()
            else:
                uid = f"href:{one.href}"
                accounts.record(account, uid, uid, None, one.href, one.etag, one.text,
                                state=REFUSED, reason=one.reason)


def refuse_all(account: SyncAccount, root: str, members: list[Fetched],
                exc: Exception) -> None:
    """Record every item of a tree that failed as refused, with what failed."""
    if isinstance(exc, CalendarError):
        raise exc
    with atomic():
        for member in members:
            refuse(account, member, root, f"{title(member.todo)}: {exc}")


def refuse(account: SyncAccount, member: Fetched, root: str, reason: str) -> None:
    accounts.record(account, member.uid, root, None, member.href, member.etag, member.text,
                    state=REFUSED, reason=reason)


def why(member: Fetched, skipped: list[str], taken: bool, root: Fetched) -> str:
    """Why an item was not taken: the import's own words when they name it."""
    named = title(member.todo)
    name = named.strip("'\"")[:40]
    for line in skipped:
        if name and name in line:
            return line
    if taken:
        return f"{named}: could not be taken as a step of its task"
    if member is not root:
        return f"{named}: its task {title(root.todo)} could not be taken"
    return skipped[0] if skipped else f"{named}: could not be taken"
