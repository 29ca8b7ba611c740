"""The window entry point: `stepwise` with no command opens a window."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ui.app import PlaceholderWindow


def test_placeholder_window_shows_the_commands(qtbot: QtBot) -> None:
    window = PlaceholderWindow()
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    assert window.windowTitle() == "Stepwise"
    assert "stepwise add" in window.centralWidget().text()
