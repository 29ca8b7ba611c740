"""The sync line in the status bar (ui.sync.status), against a real Radicale on loopback:
the last sync in local time; progress, and Cancel stopping a first sync between tasks
with the next completing without duplicates; a failing server told plainly with nothing
here changed; a conflict said and a click opening the chooser."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.sync import accounts
from app.tasks import store as tasks
from models import Task
from tests.app.calendar.radicale_server import Radicale, free_port
from tests.app.sync.dav_servers import Phone
from tests.ui.sync_helpers import (
    server_titles,
    synced,
)
from ui.shared.context import WindowContext
from ui.sync.status import SyncStatus
from ui.sync.worker import SyncWorker

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("no_keyring")]
# Fewer than app.sync.whole.MIN_TASKS: a first push item by item, cancellable between tasks
# (a whole-collection write is one request; its preparation is cancellable instead).
TASKS = 15


def test_the_status_bar_shows_the_last_sync_in_local_time(
        worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    from datetime import UTC, datetime, timedelta

    from ui.words.dates import short_when

    status = SyncStatus(worker)
    qtbot.add_widget(status)
    tasks.add_task(tasks.NewTask(title="Call the bank"))
    accounts.add_account(server.url + "ann/tasks/", "", None)
    assert status.label.text() == ""  # no sync yet: nothing to say
    outcome = synced(qtbot, worker, worker.sync_now)
    assert outcome.at is not None
    assert abs(datetime.now(UTC) - outcome.at) < timedelta(minutes=1)
    clock = short_when(outcome.at)  # local time, today: the clock alone
    assert ":" in clock and " " not in clock.replace(" AM", "").replace(" PM", "")
    assert status.label.text() == f"Synced {clock}"
    assert status.cancel_button.isHidden()


def test_the_status_bar_shows_progress_and_cancel_stops_a_first_sync(
        worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    url = server.url + "ann/tasks/"
    for n in range(TASKS):
        tasks.add_task(tasks.NewTask(title=f"Task {n:02d}"))
    accounts.add_account(url, "", None)
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    status.show()
    seen: list[str] = []
    clicked = threading.Event()

    def in_sync_thread(phase: str, done: int, _total: int) -> None:
        if phase == "push" and done == 3:  # held here until the GUI thread pressed Cancel
            assert clicked.wait(30)

    def on_progress(phase: str, done: int, _total: int) -> None:
        seen.append(status.label.text())
        if phase == "push" and done == 3:
            assert status.cancel_button.isVisible()
            status.cancel_button.click()
            seen.append(status.label.text())
            clicked.set()

    worker.sync_progressed.connect(on_progress)  # first: posted before the thread waits
    worker.sync_progressed.connect(in_sync_thread, Qt.ConnectionType.DirectConnection)
    outcome = synced(qtbot, worker, worker.sync_now)
    assert outcome.state == "cancelled"
    assert any(t.startswith("Syncing… ") and t.endswith(f"/{TASKS}") for t in seen), seen
    assert status.label.text() == "Sync stopped"
    first = server_titles(url)
    assert 3 <= len(first) < TASKS  # stopped between tasks, after the ones it had sent
    assert "Stopping the sync…" in seen
    worker.sync_progressed.disconnect(on_progress)
    worker.sync_progressed.disconnect(in_sync_thread)
    assert synced(qtbot, worker, worker.sync_now).state == "ok"
    assert server_titles(url) == [f"Task {n:02d}" for n in range(TASKS)]  # no duplicates
    assert Task.select().count() == TASKS


def test_a_failing_server_is_told_plainly_and_nothing_here_changes(
        ctx: WindowContext, worker: SyncWorker, qtbot: QtBot) -> None:
    import socket

    task = tasks.add_task(tasks.NewTask(title="Water the plants"))
    before = tasks.get_task(task.id)
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    with socket.socket() as held:  # a closed port no other server can take meanwhile
        held.bind(("127.0.0.1", free_port()))
        accounts.add_account(f"http://127.0.0.1:{held.getsockname()[1]}/ann/tasks/", "", None)
        outcome = synced(qtbot, worker, worker.sync_now)
    assert (outcome.state, outcome.error) == ("failed", "Unreachable")
    assert status.label.text() == ("Sync failed: the server could not be reached (check the "
                                   "address and the network) — click for details")
    assert "Nothing here was changed" in status.details()
    after = tasks.get_task(task.id)
    assert (after.title, after.status, after.updated_at) == (
        before.title, before.status, before.updated_at)
    assert Task.select().count() == 1


def test_the_main_window_has_the_sync_line_in_its_status_bar(
        ctx: WindowContext, qtbot: QtBot) -> None:
    from ui.window.main import MainWindow

    window = MainWindow(ctx)
    qtbot.add_widget(window)
    assert window.sync_status.parent() is window.statusBar() or \
        window.sync_status in window.statusBar().findChildren(SyncStatus)
    assert window.sync.runs == 0 and not window.sync.running  # inert until started


def test_a_sync_with_a_conflict_says_so_and_a_click_opens_the_chooser(
        ctx: WindowContext, worker: SyncWorker, qtbot: QtBot, server: Radicale,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.sync import loop
    from ui.sync import conflicts as conflicts_dialog

    url = server.url + "ann/tasks/"
    task = tasks.add_task(tasks.NewTask(title="Team offsite"))
    loop.run(accounts.add_account(url, "", None)[0].id)
    tasks.update_task(task.id, title="Offsite (here)")
    phone = Phone(url)
    try:
        phone.edit("Team offsite", summary="Offsite (phone)")  # 5 s newer: it wins
    finally:
        phone.client.close()
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    outcome = synced(qtbot, worker, worker.sync_now)
    assert outcome.conflicts == 1
    assert status.label.text().startswith("1 conflict needs attention · Synced ")
    opened: list[int | None] = []
    monkeypatch.setattr(conflicts_dialog, "open_conflicts",
                        lambda _ctx, task_id, _reload, _parent: opened.append(task_id))
    qtbot.mouseClick(status, Qt.MouseButton.LeftButton)
    assert opened == [None]  # every task's conflicts
