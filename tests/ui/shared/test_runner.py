"""The window's background work (ui.shared.runner): a result reaches ``done`` on the GUI thread,
a known error is told as ``failed``, a bug as ``crashed`` with its traceback, busy is said
while anything runs, and ``cancel_all`` stops everything; an ``Op`` has its own failure
path, and the changes its work makes carry its initiator."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from app.errors import KnownError
from app.events import Change, Kind, events
from models import atomic
from tests.ui.async_helpers import process_until_done
from ui.shared.bridge import CoreBridge
from ui.shared.runner import Op, TaskRunner, in_thread, started_by


@pytest.fixture
def runner(loop: qasync.QEventLoop) -> TaskRunner:
    return TaskRunner()


def test_a_result_reaches_done_and_busy_goes_on_and_off(runner: TaskRunner,
                                                        qtbot: QtBot) -> None:
    busy: list[bool] = []
    got: list[int] = []
    runner.busy_changed.connect(busy.append)

    async def work() -> int:
        return 42

    task = runner.start(work(), "counting", got.append)
    assert runner.running == ["counting"]
    process_until_done([task])
    qtbot.wait_until(lambda: got == [42])
    assert busy == [True, False] and runner.running == []


def test_a_known_error_is_failed_and_a_bug_is_crashed(runner: TaskRunner,
                                                      qtbot: QtBot) -> None:
    failed: list[tuple[str, str]] = []
    crashed: list[tuple[str, str]] = []
    runner.failed.connect(lambda what, text: failed.append((what, text)))
    runner.crashed.connect(lambda what, text: crashed.append((what, text)))

    async def refused() -> None:
        raise KnownError("the server is down")

    async def broken() -> None:
        raise ZeroDivisionError("boom")

    process_until_done([runner.start(refused(), "asking"), runner.start(broken(), "adding")])
    qtbot.wait_until(lambda: bool(failed and crashed))
    assert failed == [("asking", "the server is down")]
    assert crashed[0][0] == "adding" and "ZeroDivisionError: boom" in crashed[0][1]
    assert "Traceback" in crashed[0][1]


def test_cancel_all_stops_every_task_and_nothing_is_reported(runner: TaskRunner,
                                                             qtbot: QtBot) -> None:
    told: list[object] = []
    runner.failed.connect(lambda *a: told.append(a))
    runner.crashed.connect(lambda *a: told.append(a))

    async def forever() -> None:
        await asyncio.Event().wait()

    tasks = [runner.start(forever(), f"waiting {n}", told.append) for n in range(3)]
    stopping = asyncio.ensure_future(runner.cancel_all())
    process_until_done([stopping, *tasks])
    assert all(t.cancelled() for t in tasks) and told == [] and runner.running == []


def test_in_thread_runs_off_the_gui_thread(runner: TaskRunner, qtbot: QtBot) -> None:
    got: list[int] = []
    task = runner.start(in_thread(threading.get_ident), "reading", got.append)
    process_until_done([task])
    qtbot.wait_until(lambda: bool(got))
    assert got[0] != threading.get_ident()


def test_an_op_has_its_own_failure_path(runner: TaskRunner, qtbot: QtBot) -> None:
    failed: list[tuple[str, str]] = []
    refusals: list[str] = []
    runner.failed.connect(lambda what, text: failed.append((what, text)))

    async def refused() -> int:
        raise KnownError("that name is taken")

    task = Op(runner, refused(), "renaming").success(lambda _: None).failure(
        refusals.append).run()
    process_until_done([task])
    qtbot.wait_until(lambda: bool(refusals))
    assert refusals == ["that name is taken"] and failed == []  # told where it was asked


def test_the_changes_an_op_makes_carry_its_initiator(runner: TaskRunner, qtbot: QtBot,
                                                     db: Path) -> None:
    bridge = CoreBridge(poll_ms=60_000)
    heard: list[tuple[str, int]] = []
    bridge.changed.connect(lambda changes: heard.extend((c.detail, changes.initiator)
                                                        for c in changes))
    view, other = QObject(), QObject()

    def save(detail: str) -> str:
        with atomic():
            events.emit(Change(Kind.TASK_CHANGED, 1, detail))
        return detail

    got: list[str] = []
    tasks = [Op(runner, in_thread(save, "mine"), "saving").success(got.append).run(view),
             runner.start(in_thread(save, "anyone's"), "saving", got.append)]
    process_until_done(tasks)
    qtbot.wait_until(lambda: len(heard) == 2 and len(got) == 2)
    mine = dict(heard)
    assert started_by(view, mine["mine"]) and not started_by(other, mine["mine"])
    assert mine["anyone's"] == 0 and not started_by(view, 0)
    bridge.close()


def test_writes_in_order_run_one_after_another(runner: TaskRunner, qtbot: QtBot) -> None:
    import time

    from ui.shared.runner import InOrder

    order, done = InOrder(runner), []

    def write(name: str, pause: float) -> str:
        time.sleep(pause)  # the first is the slower: in the pool it would finish last
        done.append(name)
        return name

    order.start(lambda: in_thread(write, "undo", 0.2), "undoing")
    order.start(lambda: in_thread(write, "redo", 0.0), "redoing")
    qtbot.wait_until(lambda: len(done) == 2)
    assert done == ["undo", "redo"]


def test_closed_view_dropped(runner: TaskRunner, qtbot: QtBot) -> None:
    """A view closed (deleted) while its work ran is not called back: no RuntimeError on
    a deleted C++ object; a live view still is."""
    from shiboken6 import delete

    called: list[str] = []

    class View(QObject):
        def show(self, value: int) -> None:
            called.append(f"show {value}")
            self.setObjectName(str(value))  # a deleted view raises here

        def tell(self, text: str) -> None:
            called.append(f"tell {text}")
            self.setObjectName(text)

    gone, alive = View(), View()
    failed: list[str] = []
    runner.failed.connect(lambda what, text: failed.append(text))

    async def answer() -> int:
        await asyncio.sleep(0.05)
        return 7

    async def refused() -> int:
        await asyncio.sleep(0.05)
        raise KnownError("no")

    tasks = [Op(runner, answer(), "reading").success(gone.show).run(),
             Op(runner, refused(), "saving").success(gone.show).failure(gone.tell).run(),
             Op(runner, answer(), "reading").success(alive.show).run()]
    delete(gone)
    process_until_done(tasks)
    qtbot.wait_until(lambda: alive.objectName() == "7")
    assert called == ["show 7"]  # the live view's only
    assert failed == []  # a closed view's refusal is not sent to the status line either
