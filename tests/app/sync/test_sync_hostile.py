"""A hostile or broken server during a sync (a loopback proxy in front of a real Radicale):
garbage, an HTML page, an entity bomb, XXE, a dribbled body or header, an endless body,
a redirect to another host, a Bearer challenge. Each ends the run in bounded time with a
known error that says what happened, every local task stays, nothing goes to the trash,
and the next clean sync works."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from app.calendar.errors import (
    BadResponse,
    CalendarError,
    Redirected,
    Unreachable,
    UnsupportedAuth,
)
from app.sync import accounts, loop
from app.sync import dav as sync_dav
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount, Trash
from tests.app.sync.dav_servers import Fault, FaultProxy

pytestmark = pytest.mark.timeout(120)

TIMEOUT_S = 3.0
_count = iter(range(1, 10_000))

# fault, the request it answers (method, needle), the error, what its message says
CASES = [
    (Fault.GARBAGE, "REPORT", "sync-collection", BadResponse, "something that is not HTTP"),
    (Fault.NOT_XML, "REPORT", "sync-collection", BadResponse, "not CalDAV"),
    (Fault.HTML, "PROPFIND", "depth=0", BadResponse, "an HTML page, not CalDAV"),
    (Fault.BOMB, "REPORT", "sync-collection", BadResponse, r"document type \(DTD\)"),
    (Fault.XXE, "REPORT", "sync-collection", BadResponse, r"document type \(DTD\)"),
    (Fault.DRIBBLE_BODY, "REPORT", "sync-collection", Unreachable,
     r"did not finish its answer within 3 s \(\d+ bytes came\)"),
    (Fault.ENDLESS, "REPORT", "sync-collection", BadResponse, "more than 64 MB"),
    (Fault.DRIBBLE_HEADER, "REPORT", "sync-collection", Unreachable,
     "did not answer within 3 s"),
    (Fault.REDIRECT, "REPORT", "sync-collection", Redirected,
     r"redirected to another server \(localhost:\d+\)"),
    (Fault.BEARER, "PROPFIND", "depth=0", UnsupportedAuth, "asks for Bearer sign-in"),
]


@pytest.fixture
def account(db: Path, proxy: FaultProxy) -> SyncAccount:
    url = f"{proxy.url}/ann/hostile{next(_count)}/"
    return accounts.add_account(url, "ann", None)[0]


def _synced(account: SyncAccount) -> None:
    tasks.add_task(tasks.NewTask(title="Call Bob"))
    tasks.add_task(tasks.NewTask(title="Pay rent"))
    loop.run(account.id, timeout=TIMEOUT_S)


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize(("fault", "method", "needle", "error", "says"), CASES,
                         ids=[case[0].name.lower() for case in CASES])
def test_a_hostile_answer_ends_the_run_with_a_known_error(
        account: SyncAccount, proxy: FaultProxy, tmp_path: Path, fault: Fault, method: str,
        needle: str, error: type[CalendarError], says: str) -> None:
    _synced(account)
    proxy.secret = tmp_path / "secret.txt"
    proxy.secret.write_text("TOP-SECRET-42")
    proxy.seen.clear()
    proxy.faults.append((method, fault, needle))
    started, peak = time.monotonic(), _peak_rss_mb()
    with pytest.raises(error, match=says) as raised:
        loop.run(account.id, timeout=TIMEOUT_S)
    elapsed = time.monotonic() - started
    assert elapsed < TIMEOUT_S * 3 + 5
    assert _peak_rss_mb() - peak < 200
    assert "could not connect" not in str(raised.value)
    assert "TOP-SECRET" not in str(raised.value)
    assert [status for _m, _p, status in proxy.seen].count(fault) == 1  # tried once
    assert Task.select().count() == 2 and Trash.select().count() == 0
    assert "TOP-SECRET" not in (SyncAccount.get_by_id(account.id).last_error or "")
    report = loop.run(account.id, timeout=TIMEOUT_S)
    assert (report.trashed, report.pushed) == (0, 0)
    assert Task.select().count() == 2 and SyncAccount.get_by_id(account.id).last_error is None


def test_a_redirect_on_the_same_server_is_followed(account: SyncAccount,
                                                   proxy: FaultProxy) -> None:
    _synced(account)
    proxy.faults.append(("REPORT", Fault.MOVED, "sync-collection"))
    assert loop.run(account.id, timeout=TIMEOUT_S).trashed == 0
    assert [s for m, _p, s in proxy.seen if m == "REPORT"][-2:] == [Fault.MOVED, 207]


def test_a_whole_listing_has_its_patience_and_no_more(
        account: SyncAccount, proxy: FaultProxy, monkeypatch: pytest.MonkeyPatch) -> None:
    _synced(account)
    monkeypatch.setattr(sync_dav, "WHOLE_BASE_S", 2.0)  # 2 s + 2 items x 0.02 s
    SyncAccount.update(sync_token=None).where(SyncAccount.id == account.id).execute()
    proxy.faults.append(("REPORT", Fault.DRIBBLE_BODY, "sync-collection"))
    started = time.monotonic()
    with pytest.raises(Unreachable, match=r"did not finish its answer within 2\.04 s"):
        loop.run(account.id, timeout=1)
    assert 2 <= time.monotonic() - started < 4
    assert Task.select().count() == 2 and Trash.select().count() == 0


def test_a_slow_whole_listing_within_its_patience_is_waited_for(
        account: SyncAccount, proxy: FaultProxy, monkeypatch: pytest.MonkeyPatch) -> None:
    _synced(account)
    monkeypatch.setattr(sync_dav, "WHOLE_BASE_S", 3.0)
    proxy.faults.append(("REPORT", Fault.SLOW, "sync-collection"))
    with pytest.raises(Unreachable, match="did not answer within 1 s"):
        loop.run(account.id, timeout=1)  # with a token: the account's timeout
    SyncAccount.update(sync_token=None).where(SyncAccount.id == account.id).execute()
    proxy.faults.append(("REPORT", Fault.SLOW, "sync-collection"))
    assert loop.run(account.id, timeout=1).trashed == 0  # 1.5 s of the 3.04 s it may take
