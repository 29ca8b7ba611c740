"""Whether the task list at an account's address is still the one this device synced.

A list deleted by an admin, reset with its server, or replaced by a new account's list
at the same address must never look like "every item was deleted elsewhere": that
would send every local task to the trash. Before each sync the list is looked at: a
list that is gone while this device has synced items, one that is no longer a
calendar collection, or one whose listing no longer holds any item this device knew
(after the server refused the stored sync token) stops the sync with a question
(``ListChanged``) that ``start_over`` or ``accounts.remove_account`` answers. A list
that was never synced is made when it is missing.
"""

from __future__ import annotations

from app.calendar.errors import CalendarError
from app.sync.dav import Dav, Listing
from models import atomic
from models.tables import SyncAccount, SyncItem

MANY = 3  # synced tasks all gone from a whole listing at once: asked, never trashed

CHOICES = ("recreate", "forget", "keep-both")


class ListChanged(CalendarError):
    """The task list is gone or is another list now; the person chooses what to do.

    ``code`` names the case: ``gone`` (nothing at the address), ``kind`` (not a task
    list), ``replaced`` (none of the items this device synced are there)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def synced_before(account: SyncAccount) -> bool:
    return bool(account.sync_token) or SyncItem.select().where(
        SyncItem.account == account).exists()


def check(account: SyncAccount, dav: Dav) -> None:
    """Make a never-synced list that is missing; refuse a list that changed identity.

    Raises:
        ListChanged: the list is gone, not a task list, or another list now.
    """
    kinds = dav.kinds()
    if kinds is None:
        if synced_before(account):
            raise ListChanged(_ask(account, "is gone from the server"), "gone")
        dav.make_collection()
        return
    if "calendar" not in kinds:
        raise ListChanged(f"{account.url} is not a CalDAV task list (the server calls it "
                          f"{', '.join(sorted(kinds)) or 'a plain resource'}); nothing "
                          "was synced — check the address (stepwise sync list)", "kind")


def origin(token: str) -> str:
    """The part of a sync token that names the server's kind of token, not the state
    (``http://radicale.org/ns/sync/`` of ``http://radicale.org/ns/sync/3f2a…``)."""
    head, slash, _ = token.rpartition("/")
    return head + slash if slash else ("number" if token.isdigit() else "opaque")


def check_listing(account: SyncAccount, listing: Listing, token_refused: bool) -> None:
    """Refuse a whole listing that holds none of the items this device synced, when the
    server refused the stored token or when there were several tasks: the list is
    another one now (recreated, reset, a new account at the same address).

    Raises:
        ListChanged: with the person's choices.
    """
    rows = list(SyncItem.select(SyncItem.href, SyncItem.uid, SyncItem.task_uid).where(
        SyncItem.account == account, SyncItem.state.is_null(True)))
    tasks = [r for r in rows if r.uid == r.task_uid]
    if not tasks or any(r.href in listing.etags for r in rows):
        return
    if token_refused or len(tasks) >= MANY:
        raise ListChanged(_ask(account, f"no longer holds any of the {len(tasks)} tasks "
                               "this device synced with it: it was reset, recreated or "
                               "replaced"), "replaced")


def start_over(account_id: int, choice: str) -> None:
    """Answer ``ListChanged``: forget what the account remembered of the old list (every
    local task stays as it is), so the next sync takes the list's items as they are and
    sends this device's tasks to it; ``recreate`` also makes the list when it is gone.
    ``forget`` is ``accounts.remove_account``.

    Raises:
        KnownError: an unknown choice.
    """
    from app.errors import KnownError
    from app.sync import accounts

    if choice == "forget":
        accounts.remove_account(account_id)
        return
    if choice not in CHOICES:
        raise KnownError(f"{choice!r} is not one of {', '.join(CHOICES)}")
    account = accounts.get_account(account_id)
    with atomic():
        SyncItem.delete().where(SyncItem.account == account).execute()
        SyncAccount.update(sync_token=None, identity=None, last_error=None).where(
            SyncAccount.id == account.id).execute()


def asks(message: str | None) -> bool:
    """Whether a stored sync error is ``ListChanged``'s question (it names the answers)."""
    return message is not None and message.startswith("The task list ") \
        and "start-over" in message


def _ask(account: SyncAccount, what: str) -> str:
    return (f"The task list {account.url} {what}. Nothing was changed on this device. "
            f"Choose: `stepwise sync start-over {account.id} recreate` (make the list "
            f"again from this device's tasks), `stepwise sync start-over {account.id} "
            f"keep-both` (keep these tasks and take the list's items as they are now) or "
            f"`stepwise sync start-over {account.id} forget` (forget the account)")
