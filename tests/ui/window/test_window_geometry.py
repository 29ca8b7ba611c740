"""The window comes back as it was left: maximised stays maximised (through the first
frame, and after a close to the tray), and the layout is kept for the size of the screen
it is on (the offscreen screen of the tests is 800 px: a normal size is clamped to it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from ui.shared.context import WindowContext
from ui.window.first_frame import FirstFrame
from ui.window.main import MainWindow


@pytest.fixture
def settings_dir(tmp_path: Path) -> Iterator[Path]:
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    yield tmp_path


def opened(ctx: WindowContext, qtbot: QtBot) -> MainWindow:
    window = MainWindow(ctx)
    qtbot.add_widget(window)
    return window


def test_a_maximised_window_opens_maximised(ctx: WindowContext, qtbot: QtBot,
                                            settings_dir: Path) -> None:
    first = opened(ctx, qtbot)
    first.showMaximized()
    qtbot.wait_until(first.isMaximized)
    first._save_geometry()
    first.hide()
    frame = FirstFrame([])  # the next start: the first frame, then the window
    qtbot.add_widget(frame)
    frame.show()
    qtbot.wait_until(frame.isMaximized)
    again = opened(ctx, qtbot)
    again.restoreGeometry(frame.saveGeometry())  # as ui.window.app.hand_over does
    again.show()
    qtbot.wait_until(again.isMaximized)


def test_a_window_hidden_to_the_tray_keeps_maximised(ctx: WindowContext, qtbot: QtBot,
                                                     settings_dir: Path) -> None:
    from PySide6.QtCore import Qt

    first = opened(ctx, qtbot)
    first.keep_in_tray = True
    first.showMaximized()
    qtbot.wait_until(first.isMaximized)
    first.close()  # to the tray: saved while still shown
    assert not first.isVisible()
    first.setWindowState(Qt.WindowState.WindowNoState)  # what a window manager may do
    first._save_geometry()  # Quit from the tray, later
    again = opened(ctx, qtbot)
    again.show()
    qtbot.wait_until(again.isMaximized)


def test_the_layout_is_kept_for_the_screens_size(ctx: WindowContext, qtbot: QtBot,
                                                 settings_dir: Path) -> None:
    first = opened(ctx, qtbot)
    first.show()
    qtbot.wait_exposed(first)
    first._save_geometry()
    first.hide()
    screen = first.screen().availableGeometry().size()
    store = QSettings("stepwise", "window")
    assert store.value(f"layout/{screen.width()}x{screen.height()}/split") is not None
    assert str(store.value("maximized")).lower() == "false"
    assert store.value(f"{first._layout_key()}/split") == first.split.saveState()
    again = opened(ctx, qtbot)
    again.show()
    qtbot.wait_exposed(again)
    assert not again.isMaximized()
