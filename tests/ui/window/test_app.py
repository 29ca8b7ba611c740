"""Start-up paints first and wires later (ui.window.app): the first paint comes before the store,
the loop and the assistant load; what the user does meanwhile reaches the main window;
a second launch is answered throughout; logging and the instance name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.tasks.store import list_rows
from tests.conftest import ROOT, stepwise_env
from tests.ui.window_helpers import first_frame_of, numbered_tasks
from ui.window import app as gui

HEAVY = ("peewee", "models", "qasync", "asyncio", "httpx2", "ui.window.main",
         "ui.shared.assistant", "ui.assistant.dock", "ui.calendar.panel", "ui.window.tray",
         "PySide6.QtNetwork", "platformdirs", "logging.handlers", "hashlib", "_hashlib",
         "ssl", "keyring")

PROBE = """
import json, sys
import PySide6.QtCore
from app.config import paths
from ui.window import app as gui
gui.setup_logging()
app = gui.make_application()
assert not gui.raise_running_instance()
frame = gui.first_frame(app)
gui.show_painted(app, frame)
rows = frame.table.model().rowCount()
loaded = sorted(set(sys.argv[1:]) & set(sys.modules))
qt_enums = "Qt" in vars(PySide6.QtCore)  # the namespace PySide6 builds on first use
from models import open_database
open_database(paths.db_path())
gui.apply_preferences(app)  # after the paint: asks the system, kept for the next start
print(json.dumps({"rows": rows, "loaded": loaded, "Qt": qt_enums}))
"""


@pytest.mark.timeout(90)
def test_first_paint_comes_before_the_store_loop_and_assistant_load(db: Path) -> None:
    """Nor log rotation (~7 ms), hashlib/OpenSSL (~5 ms), TLS, QtNetwork (no other
    instance's socket file), nor the ``Qt`` enums once a start has kept whether the
    system is dark (the first start asks it)."""
    numbered_tasks(3)
    env = stepwise_env(db.parent, QT_QPA_PLATFORM="offscreen",
                       XDG_CONFIG_HOME=str(db.parent / "config"))
    found = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", PROBE, *HEAVY], capture_output=True,
                              text=True, timeout=40, cwd=ROOT, env=env)
        assert done.returncode == 0, done.stderr
        found.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert found == [{"rows": 3, "loaded": [], "Qt": True},
                     {"rows": 3, "loaded": [], "Qt": False}]


class FakeTasks:
    def __init__(self) -> None:
        self.selected: list[int] = []

    def select_task(self, task_id: int) -> None:
        self.selected.append(task_id)


class FakeWindow:
    """What hand_over touches of the main window."""

    def __init__(self) -> None:
        self.tasks = FakeTasks()
        self.shown = False
        self.geometry = QByteArray()
        self.remember_geometry = True

    def restoreGeometry(self, saved: QByteArray) -> bool:  # noqa: N802 - Qt's name
        self.geometry = saved
        return True

    def show(self) -> None:
        self.shown = True


def test_row_chosen_in_the_first_frame_is_selected_in_the_window(
        db: Path, qtbot: QtBot, qapp: QApplication) -> None:
    ids = numbered_tasks(3)
    frame = first_frame_of(qtbot, qapp)
    frame.show()
    frame.table.selectRow(1)
    window = FakeWindow()
    assert gui.hand_over(frame, window)
    assert window.shown and not frame.isVisible()
    assert window.tasks.selected == [[row[0] for row in list_rows()][1]]
    assert window.tasks.selected[0] in ids
    assert window.geometry == frame.saveGeometry()


def test_first_frame_closed_before_ready_shuts_down_without_the_window(
        db: Path, qtbot: QtBot, qapp: QApplication) -> None:
    frame = first_frame_of(qtbot, qapp)
    frame.show()
    frame.close()
    window = FakeWindow()
    assert frame.closing and not frame.isVisible()
    assert not gui.hand_over(frame, window)
    assert not window.shown and not window.remember_geometry


def test_second_launch_during_start_up_raises_the_first_frame(
        db: Path, qtbot: QtBot, qapp: QApplication) -> None:
    frame = first_frame_of(qtbot, qapp)
    shown: list[object] = [frame]
    server = gui.listen_for_second_launch(lambda: shown[0])
    try:
        assert gui.raise_running_instance()
        qtbot.wait_until(frame.isVisible)
    finally:
        server.close()


@pytest.mark.timeout(90)
def test_start_up_paints_the_frame_then_the_window_lists_every_task(db: Path) -> None:
    """The sequence run_window follows (bench/window_probe.py start --wait-loaded):
    the frame's paint comes first, then the wired window's list loads all tasks."""
    numbered_tasks(4)
    probe = ROOT / "bench" / "window_probe.py"
    done = subprocess.run([sys.executable, str(probe), "start", str(db), "--wait-loaded"],
                          capture_output=True, text=True, timeout=80, cwd=db.parent,
                          env=stepwise_env(db.parent, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.strip().splitlines())
    painted = float(lines["painted"])
    loaded, count = lines["loaded"].split()
    later = dict(json.loads(lines["later"]))
    assert int(count) == 4
    assert painted < later["wired"] < later["shown"] <= float(loaded)


def test_the_log_rotates_once_the_window_is_wired(data_dir: Path) -> None:
    """Issue 15 cold start: a plain file handler until then (logging.handlers is not
    imported before the first paint), the same file after, rotating at LOG_BYTES."""
    import logging
    from logging.handlers import RotatingFileHandler

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        gui.setup_logging()
        plain = [h for h in root.handlers if h not in before]
        assert [type(h) for h in plain] == [logging.FileHandler]
        gui.rotate_logs()
        added = [h for h in root.handlers if h not in before]
        assert [type(h) for h in added] == [RotatingFileHandler]
        rotating, first = added[0], plain[0]
        assert isinstance(rotating, RotatingFileHandler)
        assert isinstance(first, logging.FileHandler)
        assert rotating.baseFilename == first.baseFilename
        assert rotating.maxBytes == gui.LOG_BYTES
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()


def test_each_database_has_its_own_instance_name(data_dir: Path) -> None:
    from app.config import paths

    paths.configure(db=str(data_dir / "one.db"))
    first = gui.instance_name()
    paths.configure(db=str(data_dir / "two.db"))
    assert gui.instance_name() != first and first.startswith("stepwise-")
    paths.configure(db=str(data_dir / "one.db"))
    assert gui.instance_name() == first
    paths.configure()  # as the fixture left it


def test_garbage_is_collected_between_events_only(qapp: QApplication, qtbot: QtBot) -> None:
    import gc
    import weakref

    from ui.window.app import collect_between_events

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    enabled = gc.isenabled()
    timer = collect_between_events(qapp)
    try:
        assert not gc.isenabled() and timer.isActive()  # never at an allocation
        left = Cycle()
        gone = weakref.ref(left)
        del left
        for _ in range(10):  # a tick collects the young, every tenth the older too
            timer.timeout.emit()
        qtbot.wait_until(lambda: gone() is None)
    finally:
        timer.stop()
        timer.deleteLater()
        if enabled:
            gc.enable()
