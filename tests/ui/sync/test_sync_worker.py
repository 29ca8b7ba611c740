"""Task sync in the background (ui.sync.worker), against a real Radicale on loopback: a
local edit starts one sync that pushes it; a sync's own changes start none and reach
the list."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.sync import accounts
from app.tasks import store as tasks
from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import Phone
from tests.ui.sync_helpers import (
    DEBOUNCE_MS,
    server_titles,
    synced,
)
from ui.shared.context import WindowContext
from ui.sync.worker import SyncWorker

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("no_keyring")]


def test_a_local_edit_starts_one_background_sync_that_pushes_it(
        worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    url = server.url + "ann/tasks/"
    task = tasks.add_task(tasks.NewTask(title="Renew passport"))
    accounts.add_account(url, "", None)
    synced(qtbot, worker, worker.start)  # shows the state read at start: no sync yet
    assert worker.runs == 0
    outcome = synced(qtbot, worker, lambda: tasks.update_task(task.id, title="Renew the passport"))
    assert outcome.state == "ok" and worker.runs == 1
    assert server_titles(url) == ["Renew the passport"]
    qtbot.wait(DEBOUNCE_MS * 4)  # long enough for a second sync to start, were one asked
    assert worker.runs == 1 and not worker.running


def test_changes_pulled_by_a_sync_start_no_sync_and_reach_the_list(
        ctx: WindowContext, worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    from ui.tasks.list_view import TaskListPanel

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
    outcome = synced(qtbot, worker, worker.sync_now)
    assert outcome.state == "ok" and outcome.changed
    assert tasks.get_task(task.id).title == "Book the big room"

    def listed() -> list[str]:
        model = panel.model
        return [str(model.data(model.index(r, 0))) for r in range(model.rowCount())]

    qtbot.wait_until(lambda: "Book the big room" in listed(), timeout=10_000)
    qtbot.wait(DEBOUNCE_MS * 4)
    assert worker.runs == 1  # the sync's own rename is not a local change
