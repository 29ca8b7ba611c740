"""The first push into an empty task list as one write of the whole list (app.sync.whole),
against a real Radicale (behind a fault proxy) and a real Xandikos (which refuses it)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app.calendar.errors import CalendarError
from app.config import settings
from app.plan import store as plans
from app.sync import accounts, loop, whole
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount, SyncItem
from tests.app.sync.dav_servers import FaultProxy, Phone, Xandikos

pytestmark = pytest.mark.timeout(120)
TASKS, STEPS = 4, 2  # 12 VTODOs
_count = iter(range(1, 10_000))


@pytest.fixture(autouse=True)
def _few_tasks_suffice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whole, "MIN_TASKS", 2)


@pytest.fixture
def account(db: Path, proxy: FaultProxy) -> SyncAccount:
    _fill()
    return accounts.add_account(f"{proxy.url}/ann/whole{next(_count)}/", "ann", None)[0]


def _fill() -> None:
    settings.put("assistant.auto_accept", True)
    steps = [{"id": f"s{n}", "title": f"Step {n}", "target": "user",
              "depends_on": [f"s{n - 1}"] if n > 1 else []} for n in range(1, STEPS + 1)]
    for i in range(TASKS):
        task = tasks.add_task(tasks.NewTask(title=f"Task {i}"))
        plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                                  "title": f"Plan {i}", "objective": "", "steps": steps})


def _server_uids(url: str) -> list[str]:
    phone = Phone(url)
    try:
        return sorted(phone.todos())
    finally:
        phone.client.close()


def _puts(proxy: FaultProxy) -> list[str]:
    return [path for method, path, _ in proxy.seen if method == "PUT"]


def test_a_first_sync_into_an_empty_list_is_one_write_of_the_whole_list(
        account: SyncAccount, proxy: FaultProxy) -> None:
    seen: list[tuple[str, int, int]] = []
    report = loop.run(account.id, progress=lambda *args: seen.append(args))
    assert _puts(proxy) == [urlsplit(account.url).path]
    assert report.pushed == TASKS * (1 + STEPS) and not report.skipped
    assert len(_server_uids(account.url)) == TASKS * (1 + STEPS)
    assert SyncItem.select().where(SyncItem.etag.is_null()).count() == 0
    assert seen[-1] == ("push", TASKS, TASKS) and ("prepare", 1, TASKS) in seen
    again = loop.run(account.id)
    assert (again.pushed, again.pulled, again.merged, again.created) == (0, 0, 0, 0)
    assert len(_puts(proxy)) == 1


def test_the_whole_write_keeps_the_list_a_task_list(account: SyncAccount) -> None:
    loop.run(account.id)
    phone = Phone(account.url)
    try:
        assert phone.calendar.get_supported_components() == ["VTODO"]
        assert phone.calendar.get_display_name() == "Stepwise"
    finally:
        phone.client.close()


def test_a_list_written_to_before_the_whole_write_gets_items_one_by_one(
        account: SyncAccount, proxy: FaultProxy) -> None:
    proxy.faults.append(("PUT", 412, "X-WR-CALNAME"))  # another client wrote in between
    report = loop.run(account.id)
    assert len(_puts(proxy)) == 1 + TASKS * (1 + STEPS)
    assert report.pushed == TASKS * (1 + STEPS)
    assert len(_server_uids(account.url)) == TASKS * (1 + STEPS)


def test_a_list_that_holds_an_item_is_never_written_whole(
        account: SyncAccount, proxy: FaultProxy) -> None:
    loop.run(account.id)  # makes the list; Stepwise's items go in too
    SyncItem.delete().execute()  # a second device: the list is not empty for it
    SyncAccount.update(sync_token=None).execute()
    proxy.seen.clear()
    loop.run(account.id)
    assert not any(path.endswith("/") for path in _puts(proxy))
    assert len(_server_uids(account.url)) == TASKS * (1 + STEPS)


def test_a_whole_write_whose_answer_was_lost_is_not_made_twice(
        account: SyncAccount, proxy: FaultProxy) -> None:
    proxy.faults.append(("PUT", -2, "X-WR-CALNAME"))
    with pytest.raises(CalendarError):
        loop.run(account.id)
    report = loop.run(account.id)
    assert (report.pushed, report.created) == (0, 0)
    assert len(_server_uids(account.url)) == TASKS * (1 + STEPS)
    assert Task.select().count() == TASKS
    assert loop.run(account.id).pushed == 0


def test_a_refused_sync_token_falls_back_to_a_full_listing(
        account: SyncAccount) -> None:
    loop.run(account.id)
    unknown = "http://radicale.org/ns/sync/" + "0" * 64
    SyncAccount.update(sync_token=unknown).execute()
    report = loop.run(account.id)
    assert (report.pushed, report.pulled, report.trashed) == (0, 0, 0)
    assert SyncAccount.get_by_id(account.id).sync_token not in (None, unknown)


def test_xandikos_refuses_the_whole_write_and_gets_items_one_by_one(
        db: Path, tmp_path: Path) -> None:
    _fill()
    with Xandikos(tmp_path / "xandikos") as server:
        url = server.url + "user/calendars/tasks/"
        account = accounts.add_account(url, "", None)[0]
        report = loop.run(account.id)
        assert report.pushed == TASKS * (1 + STEPS)
        assert len(_server_uids(url)) == TASKS * (1 + STEPS)
        assert loop.run(account.id).pushed == 0


def test_a_renamed_task_writes_only_its_own_item_not_its_unchanged_steps(
        db: Path, proxy: FaultProxy) -> None:
    settings.put("assistant.auto_accept", True)
    task = tasks.add_task(tasks.NewTask(title="One"))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "P", "objective": "", "steps": [
                                  {"id": "a", "title": "A", "target": "user"},
                                  {"id": "b", "title": "B", "target": "user",
                                   "depends_on": ["a"]}]})
    account = accounts.add_account(f"{proxy.url}/ann/whole{next(_count)}/", "ann", None)[0]
    assert loop.run(account.id).pushed == 3  # one task: item by item
    tasks.update_task(task.id, title="One renamed")
    assert loop.run(account.id).pushed == 1


class _SlowClient:
    """A stand-in for the caldav client that notes the timeout each request had."""

    def __init__(self) -> None:
        self.timeout: int | None = 10
        self.seen: list[int | None] = []

    def request(self, url: str, method: str, body: str, headers: dict[str, str]) -> object:
        self.seen.append(self.timeout)
        return type("Answer", (), {"status": 201 if method == "PUT" else 501})()


def test_requests_on_the_whole_list_get_time_in_proportion_to_its_size() -> None:
    from app.calendar.dav import Account
    from app.sync.dav import Dav

    dav = Dav(Account("http://127.0.0.1:9/ann/tasks/", "", "", 10))
    dav.client.close()
    fake = _SlowClient()
    dav.client = fake  # type: ignore[assignment]
    assert dav.changes("token", 6_000) is None and fake.seen[-1] == 10  # nothing written
    assert dav.put_all("x" * 3_000_000, '"etag"', 6_000)
    assert fake.seen[-1] == 90 and fake.timeout == 10  # 30 s + 20 s a megabyte, then back
    assert dav.changes(None, 6_000) is None and fake.seen[-1] == 150  # 30 s + 20 ms an item
    assert dav.changes("token") is None and fake.seen[-1] == 150  # the 6,000 just written
