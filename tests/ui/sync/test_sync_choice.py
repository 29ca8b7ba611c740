"""The question a gone or replaced task list asks in the window (ui.sync.choice), against
a real Radicale: the status bar says the sync stopped, a click asks, each answer is
carried out in a worker, and nothing here is trashed while the question waits. Items
from other devices that could not be read are counted in the status bar and listed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.sync import accounts, loop
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount, Trash
from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import Phone
from tests.ui.sync_helpers import server_titles, synced
from ui.shared.context import WindowContext
from ui.sync import choice
from ui.sync.status import SyncStatus
from ui.sync.worker import SyncWorker

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("no_keyring")]


def _gone(server: Radicale) -> str:
    url = server.url + "ann/tasks/"
    for title in ("Call Bob", "Pay rent"):
        tasks.add_task(tasks.NewTask(title=title))
    loop.run(accounts.add_account(url, "", None)[0].id)
    phone = Phone(url)
    try:
        phone.calendar.delete()
    finally:
        phone.client.close()
    return url


def _answer(label: str) -> None:
    """Click the button ``label`` of the message box once it is open."""
    def click() -> None:
        box = next((w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QMessageBox) and w.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, click)
            return
        button = next(b for b in box.buttons() if b.text() == label)
        button.click()
    QTimer.singleShot(20, click)


def test_a_gone_list_stops_the_sync_and_asks(ctx: WindowContext, worker: SyncWorker,
                                            qtbot: QtBot, server: Radicale) -> None:
    _gone(server)
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    outcome = synced(qtbot, worker, worker.sync_now)
    assert (outcome.state, outcome.error) == ("failed", "ListChanged")
    assert status.label.text() == ("Sync stopped: the task list on the server is gone or "
                                   "was replaced — click to choose what to do")
    assert Task.select().count() == 2 and Trash.select().count() == 0
    box, answers = choice.question(outcome, status)
    assert sorted(answers.values()) == ["forget", "keep-both", "recreate"]
    assert "start-over" in box.informativeText()
    box.deleteLater()


def test_make_the_list_again_puts_the_tasks_back(ctx: WindowContext, worker: SyncWorker,
                                                 qtbot: QtBot, server: Radicale) -> None:
    url = _gone(server)
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    synced(qtbot, worker, worker.sync_now)
    _answer("Make the list again")
    with qtbot.wait_signal(worker.sync_finished, timeout=30_000) as finished:
        qtbot.mouseClick(status, Qt.MouseButton.LeftButton)
    assert finished.args[0].state == "ok"
    assert server_titles(url) == ["Call Bob", "Pay rent"]
    assert Trash.select().count() == 0


def test_forget_the_account_keeps_every_task(ctx: WindowContext, worker: SyncWorker,
                                             qtbot: QtBot, server: Radicale) -> None:
    _gone(server)
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    synced(qtbot, worker, worker.sync_now)
    _answer("Forget the account")
    qtbot.mouseClick(status, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: SyncAccount.select().count() == 0)
    assert Task.select().count() == 2


def test_items_that_could_not_be_read_are_counted_and_listed(
        ctx: WindowContext, worker: SyncWorker, qtbot: QtBot, server: Radicale) -> None:
    url = server.url + "ann/tasks/"
    loop.run(accounts.add_account(url, "", None)[0].id)
    phone = Phone(url)
    try:
        phone.add("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\n"
                  "UID:odd\r\nDTSTAMP:20261201T090000Z\r\nSUMMARY:Dentist\r\n"
                  "DTSTART:20261210T100000Z\r\nDUE:20261201T100000Z\r\nEND:VTODO\r\n"
                  "END:VCALENDAR\r\n")
    finally:
        phone.client.close()
    status = SyncStatus(worker)
    qtbot.add_widget(status)
    outcome = synced(qtbot, worker, worker.sync_now)
    assert len(outcome.unreadable) == 1
    assert status.label.text().endswith(" · 1 item from other devices could not be read")
    assert "'Dentist'" in status.details() and "untouched" in status.details()
