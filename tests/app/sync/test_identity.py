"""``app.sync.identity`` against real Radicale and Xandikos: a task list deleted or
recreated on the server stops the sync with a question and trashes nothing; the
answers make it again, keep both, or forget the account."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.calendar.dav import Account
from app.sync import identity, loop
from app.sync.dav import Dav
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount, SyncItem, Trash
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(180)


def _three_synced(task_list: str) -> None:
    for title in ("Call Bob", "Pay rent", "Book dentist"):
        tasks.add_task(tasks.NewTask(title=title))
    sync_url(task_list)


def _titles(phone: Phone) -> list[str]:
    return sorted(str(o.icalendar_component["summary"]) for o in phone.todos().values())


def _account() -> SyncAccount:
    return SyncAccount.get()


def test_a_deleted_list_stops_the_sync_and_trashes_nothing(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).calendar.delete()
    with pytest.raises(identity.ListChanged, match="is gone from the server") as caught:
        sync_url(task_list)
    assert caught.value.code == "gone"
    assert "start-over" in str(caught.value)
    assert Task.select().count() == 3 and Trash.select().count() == 0
    assert _account().last_error is not None
    with pytest.raises(identity.ListChanged):
        sync_url(task_list)  # asked again, never decided for the person


def test_recreate_makes_the_list_again_from_this_devices_tasks(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).calendar.delete()
    with pytest.raises(identity.ListChanged):
        sync_url(task_list)
    identity.start_over(_account().id, "recreate")
    report = sync_url(task_list)
    assert report.pushed == 3 and report.trashed == 0
    assert _titles(phone(task_list)) == ["Book dentist", "Call Bob", "Pay rent"]
    assert sync_url(task_list).as_json() == loop.Report().as_json()


def test_a_list_replaced_at_the_same_address_asks_and_keep_both_keeps_both(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).calendar.delete()
    fresh = Dav(Account(task_list, "ann", "", 10))
    fresh.make_collection()
    fresh.close()
    phone(task_list).add("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\n"
                         "BEGIN:VTODO\r\nUID:new-list-1\r\nDTSTAMP:20261201T090000Z\r\n"
                         "SUMMARY:Water plants\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    with pytest.raises(identity.ListChanged, match="reset, recreated or replaced") as caught:
        sync_url(task_list)
    assert caught.value.code == "replaced"
    assert Task.select().count() == 3 and Trash.select().count() == 0
    identity.start_over(_account().id, "keep-both")
    report = sync_url(task_list)
    assert report.trashed == 0 and report.created == 1
    assert sorted(t.title for t in Task.select()) == [
        "Book dentist", "Call Bob", "Pay rent", "Water plants"]
    assert _titles(phone(task_list)) == ["Book dentist", "Call Bob", "Pay rent",
                                         "Water plants"]


def test_forget_removes_the_account_and_keeps_every_task(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).calendar.delete()
    with pytest.raises(identity.ListChanged):
        sync_url(task_list)
    identity.start_over(_account().id, "forget")
    assert SyncAccount.select().count() == 0 and SyncItem.select().count() == 0
    assert Task.select().count() == 3


def test_deletions_item_by_item_still_go_to_the_trash(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).delete("Call Bob")
    assert sync_url(task_list).trashed == 1
    assert Task.select().count() == 2


def test_the_origin_of_a_token_is_its_kind_not_its_state() -> None:
    assert identity.origin("http://radicale.org/ns/sync/3f2a") == "http://radicale.org/ns/sync/"
    assert identity.origin("http://radicale.org/ns/sync/77") == identity.origin(
        "http://radicale.org/ns/sync/3f2b")
    assert identity.origin("42") == "number"
    assert identity.origin("abc") == "opaque"


def test_an_unknown_choice_is_refused(db: Path) -> None:
    from app.errors import KnownError
    from app.sync import accounts

    account = accounts.add_account("http://127.0.0.1:9/x/", "ann", None)[0]
    with pytest.raises(KnownError, match="not one of"):
        identity.start_over(account.id, "merge")


def test_an_expired_token_on_the_same_list_is_no_question(
        db: Path, task_list: str, phone: Phones) -> None:
    _three_synced(task_list)
    phone(task_list).delete("Pay rent")
    SyncAccount.update(sync_token="http://radicale.org/ns/sync/expired").execute()
    report = sync_url(task_list)  # the server refuses the token: a whole listing
    assert report.trashed == 1
    assert sorted(t.title for t in Task.select()) == ["Book dentist", "Call Bob"]
