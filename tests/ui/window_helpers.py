"""Helpers for the tests of the main window and the first frame: the window opened and
exposed, the tasks it lists, a few numbered tasks, the first frame shown."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task
from ui.shared.context import WindowContext
from ui.window import app as gui
from ui.window.first_frame import FirstFrame
from ui.window.main import MainWindow

# STEPWISE_SHOTS=DIR keeps the windows' screenshots there.
SHOTS = Path(os.environ.get("STEPWISE_SHOTS", "")) if os.environ.get("STEPWISE_SHOTS") else None


def open_window(ctx: WindowContext, qtbot: QtBot) -> MainWindow:
    """The main window at 1400 × 860, shown and exposed."""
    window = MainWindow(ctx)
    qtbot.add_widget(window)
    window.resize(1400, 860)
    window.show()
    qtbot.wait_exposed(window)
    return window


def listed(window: MainWindow) -> list[int]:
    """The ids of the tasks the window's list shows, in its order."""
    model = window.tasks.model
    return [model.task_id(row) for row in range(model.rowCount())]


def numbered_tasks(count: int) -> list[int]:
    """``count`` tasks, Task 0, Task 1, …, with priorities 1 to 4 in turn; their ids."""
    return [add_task(NewTask(title=f"Task {n}", priority=1 + n % 4)).id for n in range(count)]


def first_frame_of(qtbot: QtBot, qapp: QApplication) -> FirstFrame:
    """The first frame the app shows before the store loads."""
    frame = gui.first_frame(qapp)
    qtbot.add_widget(frame)
    return frame
