"""Server faults during a sync (a loopback proxy in front of a real Radicale): 412, 500,
507, a hang, a cut connection, a lost answer. A fault is a known error or a retry;
nothing is deleted because of it, nothing is lost, a rerun leaves no duplicates."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.calendar.errors import CalendarError, ServerFailed, Unreachable
from app.sync import accounts, loop
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount
from tests.app.sync.dav_servers import FaultProxy, Phone

pytestmark = pytest.mark.timeout(120)


_count = iter(range(1, 10_000))


@pytest.fixture
def account(db: Path, proxy: FaultProxy) -> SyncAccount:
    url = f"{proxy.url}/ann/faults{next(_count)}/"
    return accounts.add_account(url, "ann", None)[0]


def _sync(account: SyncAccount, timeout: float = 10) -> loop.Report:
    return loop.run(account.id, timeout=timeout)


def _server_titles(account: SyncAccount) -> list[str]:
    phone = Phone(account.url)
    try:
        return sorted(str(o.icalendar_component["summary"]) for o in phone.todos().values())
    finally:
        phone.client.close()


def _two_synced_tasks(account: SyncAccount) -> None:
    tasks.add_task(tasks.NewTask(title="Call Bob"))
    tasks.add_task(tasks.NewTask(title="Pay rent"))
    _sync(account)


def test_a_500_on_the_listing_is_a_known_error_and_deletes_nothing(
        account: SyncAccount, proxy: FaultProxy) -> None:
    _two_synced_tasks(account)
    proxy.faults.append(("REPORT", 500, "sync-collection"))
    with pytest.raises(ServerFailed, match="500"):
        _sync(account)
    assert Task.select().count() == 2
    assert SyncAccount.get_by_id(account.id).last_error is not None
    assert _sync(account).trashed == 0


def test_a_507_listing_is_not_taken_as_deletions(account: SyncAccount,
                                                 proxy: FaultProxy) -> None:
    _two_synced_tasks(account)
    proxy.faults += [("REPORT", 501, "sync-collection"), ("REPORT", 501, "sync-collection"),
                     ("PROPFIND", 507, "depth=1")]
    report = _sync(account)
    assert report.trashed == 0 and Task.select().count() == 2


def test_a_hanging_server_times_out(account: SyncAccount, proxy: FaultProxy) -> None:
    _two_synced_tasks(account)
    proxy.faults.append(("REPORT", -1, "sync-collection"))
    with pytest.raises(Unreachable, match="did not answer"):
        _sync(account, timeout=1)
    assert Task.select().count() == 2


def test_a_cut_connection_fails_the_run_and_the_rerun_finishes_it(
        account: SyncAccount, proxy: FaultProxy) -> None:
    tasks.add_task(tasks.NewTask(title="Call Bob"))
    tasks.add_task(tasks.NewTask(title="Pay rent"))
    proxy.faults.append(("PUT", 0, "depth=None"))
    with pytest.raises(CalendarError):
        _sync(account)
    _sync(account)
    assert _server_titles(account) == ["Call Bob", "Pay rent"]


def test_a_create_whose_answer_was_lost_is_not_made_twice(account: SyncAccount,
                                                          proxy: FaultProxy) -> None:
    tasks.add_task(tasks.NewTask(title="Call Bob"))
    proxy.faults.append(("PUT", -2, "Call Bob"))
    with pytest.raises(CalendarError):
        _sync(account)
    report = _sync(account)
    # the copy that did arrive is pulled as the task it is (its UID is ours), not re-made
    assert (report.pulled, report.pushed, report.created) == (1, 0, 0)
    assert _sync(account).pushed == 0
    assert _server_titles(account) == ["Call Bob"]
    assert Task.select().count() == 1


def test_a_412_on_an_update_fetches_merges_and_pushes_on_the_next_run(
        account: SyncAccount, proxy: FaultProxy) -> None:
    _two_synced_tasks(account)
    bob = Task.get(Task.title == "Call Bob")
    tasks.update_task(bob.id, title="Call Bob back")
    proxy.faults.append(("PUT", 412, "Call Bob back"))
    assert _sync(account).retry == 1
    assert _sync(account).pushed == 1
    assert _server_titles(account) == ["Call Bob back", "Pay rent"]
