"""Task sync in the background (ui.sync_worker), against a real Radicale on loopback: a
local edit starts one sync that pushes it; a sync's own changes start none and reach
the list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app import secrets, settings, tasks
from app.sync import accounts
from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import Phone
from ui.context import WindowContext
from ui.sync_worker import Outcome, SyncWorker

pytestmark = pytest.mark.timeout(120)
DEBOUNCE_MS = 150


@pytest.fixture(autouse=True)
def _no_keyring() -> Iterator[None]:
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets._session.clear()
    yield
    keyring.set_keyring(previous)
    secrets._session.clear()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Radicale]:
    with Radicale(tmp_path / "radicale") as running:
        yield running


@pytest.fixture
def worker(ctx: WindowContext, db: Path) -> Iterator[SyncWorker]:
    settings.put("sync.interval_minutes", 0)  # only the syncs a test asks for
    made = SyncWorker(ctx, debounce_ms=DEBOUNCE_MS, check_ms=3_600_000)
    yield made
    made.close()


def _synced(qtbot: QtBot, worker: SyncWorker, start: object = None,
            timeout: int = 60_000) -> Outcome:
    with qtbot.wait_signal(worker.sync_finished, timeout=timeout) as finished:
        if callable(start):
            start()
    outcome = finished.args[0]
    assert isinstance(outcome, Outcome)
    return outcome


def _server_titles(url: str) -> list[str]:
    phone = Phone(url)
    try:
        return sorted(str(o.icalendar_component.get("summary")) for o in phone.todos().values())
    finally:
        phone.client.close()


def test_a_local_edit_starts_one_background_sync_that_pushes_it(
        worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    url = server.url + "ann/tasks/"
    task = tasks.add_task(tasks.NewTask(title="Renew passport"))
    accounts.add_account(url, "", None)
    _synced(qtbot, worker, worker.start)  # shows the state read at start: no sync yet
    assert worker.runs == 0
    outcome = _synced(qtbot, worker, lambda: tasks.update_task(task.id, title="Renew the passport"))
    assert outcome.state == "ok" and worker.runs == 1
    assert _server_titles(url) == ["Renew the passport"]
    qtbot.wait(DEBOUNCE_MS * 4)  # long enough for a second sync to start, were one asked
    assert worker.runs == 1 and not worker.running


def test_changes_pulled_by_a_sync_start_no_sync_and_reach_the_list(
        ctx: WindowContext, worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    from ui.task_list import TaskListPanel

    url = server.url + "ann/tasks/"
    task = tasks.add_task(tasks.NewTask(title="Book a room"))
    account = accounts.add_account(url, "", None)[0]
    from app.sync import loop

    loop.run(account.id)
    panel = TaskListPanel(ctx)
    qtbot.add_widget(panel)
    worker.start()
    phone = Phone(url)
    try:
        phone.edit("Book a room", summary="Book the big room")
    finally:
        phone.client.close()
    outcome = _synced(qtbot, worker, worker.sync_now)
    assert outcome.state == "ok" and outcome.changed
    assert tasks.get_task(task.id).title == "Book the big room"

    def listed() -> list[str]:
        model = panel.model
        return [str(model.data(model.index(r, 0))) for r in range(model.rowCount())]

    qtbot.wait_until(lambda: "Book the big room" in listed(), timeout=10_000)
    qtbot.wait(DEBOUNCE_MS * 4)
    assert worker.runs == 1  # the sync's own rename is not a local change
