"""``app.sync.push``: local changes written to real Radicale and Xandikos servers on
loopback, only what changed, deletions with ``If-Match``, a 412 merged and retried."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.calendar.dav import Account
from app.ical import uids
from app.sync import accounts
from app.sync.dav import Dav
from app.sync.push import push
from app.sync.report import Report
from app.tasks import store as tasks
from models import database
from models.migrations import _made_here
from models.tables import SyncAccount, SyncItem
from tests.app.sync.loop_helpers import running_offsite

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def dav(task_list: str) -> Iterator[Dav]:
    client = Dav(Account(task_list, "ann", "", 10))
    client.make_collection()
    yield client
    client.close()


@pytest.fixture
def account(db: Path, dav: Dav) -> SyncAccount:
    return accounts.add_account(dav.url, "ann", None)[0]


def _pushed(account: SyncAccount, dav: Dav) -> Report:
    report = Report()
    push(account, dav, report, None)
    return report


def test_a_first_push_writes_each_item_once_and_a_second_nothing(
        account: SyncAccount, dav: Dav) -> None:
    running_offsite()
    seen: list[tuple[str, int, int]] = []
    report = Report()
    push(account, dav, report, lambda phase, done, total: seen.append((phase, done, total)))
    assert report.pushed == 3 and seen == [("push", 1, 1)]
    assert len(dav.listing().etags) == 3 and len(accounts.rows(account)) == 3
    assert _pushed(account, dav).as_json() == Report().as_json()


def test_a_rename_here_writes_only_the_task_item(account: SyncAccount, dav: Dav) -> None:
    task = running_offsite()
    _pushed(account, dav)
    tasks.update_task(task.id, title="Team offsite 2027")
    assert _pushed(account, dav).pushed == 1
    got = dav.get(dav.href_for(uids.task_uid(task.uid, task.id)))
    assert got is not None and "SUMMARY:Team offsite 2027" in got[1]


def test_a_task_deleted_here_is_deleted_on_the_server(account: SyncAccount, dav: Dav) -> None:
    task = running_offsite()
    _pushed(account, dav)
    tasks.delete_task(task.id)
    assert _pushed(account, dav).deleted == 3
    assert dav.listing().etags == {} and accounts.rows(account) == {}


def test_an_item_changed_on_the_server_is_merged_and_retried(
        account: SyncAccount, dav: Dav) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Ann"))
    _pushed(account, dav)
    href = dav.href_for(uids.task_uid(task.uid, task.id))
    got = dav.get(href)
    assert got is not None
    assert not dav.put(href, got[1].replace("Call Ann", "Call Ann at 5"), got[0]).conflict
    tasks.update_task(task.id, priority=1)
    report = _pushed(account, dav)
    assert (report.retry, report.pushed) == (1, 0)
    assert tasks.get_task(task.id).title == "Call Ann at 5"  # the server's change, merged
    assert _pushed(account, dav).pushed == 1
    got = dav.get(href)
    assert got is not None and "PRIORITY:1" in got[1] and "SUMMARY:Call Ann at 5" in got[1]


def test_items_created_by_a_push_are_made_here(account: SyncAccount, dav: Dav) -> None:
    running_offsite()
    _pushed(account, dav)
    assert [r.made_here for r in SyncItem.select()] == [True, True, True]


def test_migration_10_takes_own_tasks_and_derived_steps_as_made_here(
        account: SyncAccount, dav: Dav) -> None:
    task = running_offsite()
    other = tasks.add_task(tasks.NewTask(title="From the phone", creator="import"))
    _pushed(account, dav)
    SyncItem.update(made_here=False).execute()
    _made_here(database)
    made = {r.uid: r.made_here for r in SyncItem.select()}
    assert made.pop(other.uid) is False
    assert made.pop(task.uid) is True and all(made.values()) and len(made) == 2
