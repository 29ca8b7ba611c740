"""The core's change notices as Qt signals (ui.shared.bridge): a change made in a worker thread
reaches ``changed`` on the GUI thread, after the hooks run in the emitting thread; a
commit by another process fires ``external_change``; closing stops both."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.events import Change, Kind, events
from ui.shared.bridge import CoreBridge


@pytest.fixture
def bridge(db: Path, qapp: QApplication) -> Iterator[CoreBridge]:
    made = CoreBridge(poll_ms=20)
    yield made
    made.close()


def test_a_change_in_a_worker_reaches_the_gui_thread_after_its_hooks(
        bridge: CoreBridge, qtbot: QtBot) -> None:
    heard: list[tuple[str, int, str, int]] = []
    hooks: list[int] = []
    bridge.changed.connect(lambda changes: heard.extend(
        (c.kind, c.task_id, c.detail, threading.get_ident()) for c in changes))
    remove = bridge.before_change(lambda: hooks.append(threading.get_ident()))
    worker = threading.Thread(target=events.emit,
                              args=(Change(Kind.TASK_CHANGED, 7, "title"),))
    with qtbot.wait_signal(bridge.changed, timeout=5000):
        worker.start()
        worker.join()
    assert heard == [("task_changed", 7, "title", threading.get_ident())]
    assert hooks == [worker.ident]
    remove()
    with qtbot.wait_signal(bridge.changed, timeout=5000):
        events.emit(Change(Kind.TASK_ADDED))
    assert heard[-1][:3] == ("task_added", None, "") and hooks == [worker.ident]


def test_a_commit_by_another_process_is_an_external_change(
        bridge: CoreBridge, db: Path, qtbot: QtBot) -> None:
    qtbot.wait_until(lambda: bridge._data_version is not None)  # the first poll: a baseline
    other = sqlite3.connect(db)
    try:
        with qtbot.wait_signal(bridge.external_change, timeout=5000):
            other.execute("CREATE TABLE IF NOT EXISTS scratch_w5 (x)")
            other.commit()
    finally:
        other.close()


def test_closing_stops_the_notices(db: Path, qapp: QApplication, qtbot: QtBot) -> None:
    bridge = CoreBridge(poll_ms=20)
    heard: list[str] = []
    bridge.changed.connect(lambda changes: heard.extend(c.kind for c in changes))
    bridge.close()
    events.emit(Change(Kind.TASK_ADDED))
    qapp.processEvents()
    assert heard == [] and not bridge._timer.isActive()
