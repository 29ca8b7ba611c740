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
from app.sync.dav import Dav
from models.tables import SyncAccount, SyncItem

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


def _ask(account: SyncAccount, what: str) -> str:
    return (f"The task list {account.url} {what}. Nothing was changed here. Choose: "
            f"`stepwise sync start-over {account.id} recreate` (put this device's tasks "
            f"there again), `… keep-both` (keep these tasks and take the list's items as "
            f"they are now) or `stepwise sync remove {account.id}` (forget the account)")
