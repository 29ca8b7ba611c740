"""The command palette (ui.style.palette): typing filters the window's commands (case and
accelerators aside, keys shown), Enter runs the one chosen, nothing when none matches."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.config import settings
from tests.ui.window_helpers import open_window
from ui.shared.context import WindowContext
from ui.style.palette import CommandPalette


def test_the_command_palette_runs_a_command(ctx: WindowContext, qtbot: QtBot,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    window = open_window(ctx, qtbot)
    palette = CommandPalette(window.commands, window)
    qtbot.add_widget(palette)
    palette.show()
    qtbot.keyClicks(palette.filter, "pause the assist")
    assert palette.list.count() == 1
    QTest.keyClick(palette.filter, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: settings.get("assistant.paused") is True)


def test_the_filter_ignores_case_and_accelerators_and_shows_keys(qtbot: QtBot) -> None:
    from PySide6.QtGui import QAction, QKeySequence

    fired: list[str] = []
    save, quit_, blank = QAction("&Save plan"), QAction("Quit"), QAction("")
    save.setShortcut(QKeySequence("Ctrl+S"))
    save.triggered.connect(lambda: fired.append("save"))
    quit_.triggered.connect(lambda: fired.append("quit"))
    palette = CommandPalette([save, quit_, blank])
    qtbot.add_widget(palette)
    assert palette.list.count() == 2  # a separator-like action without text is left out
    qtbot.keyClicks(palette.filter, "SAVE")
    assert [palette.list.item(i).text() for i in range(palette.list.count())] == [
        "Save plan    Ctrl+S"]
    QTest.keyClick(palette.filter, Qt.Key.Key_Return)
    assert fired == ["save"] and palette.result() == palette.DialogCode.Accepted


def test_enter_with_nothing_matching_runs_nothing(qtbot: QtBot) -> None:
    from PySide6.QtGui import QAction

    fired: list[str] = []
    only = QAction("Quit")
    only.triggered.connect(lambda: fired.append("quit"))
    palette = CommandPalette([only])
    qtbot.add_widget(palette)
    qtbot.keyClicks(palette.filter, "zzz")
    assert palette.list.count() == 0
    QTest.keyClick(palette.filter, Qt.Key.Key_Return)
    assert fired == []
