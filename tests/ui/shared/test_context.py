"""What every part of the window shares (ui.shared.context): a context whose parts are
wired to each other."""

from __future__ import annotations

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from ui.shared.context import WindowContext


def test_the_context_parts_share_one_selection_and_runner(ctx: WindowContext,
                                                          qtbot: QtBot) -> None:
    assert ctx.undo.selection is ctx.selection
    assert ctx.assistant.runner is ctx.runner
    said: list[str] = []
    ctx.status.error.connect(said.append)
    ctx.status.error.emit("the disk is full")
    assert said == ["the disk is full"]


def test_create_parents_the_qt_parts_to_the_owner(ctx: WindowContext) -> None:
    owner = QObject()
    made = WindowContext.create(owner)
    try:
        assert made.runner.parent() is owner and made.bridge.parent() is owner
        assert made.undo.parent() is owner
    finally:
        made.assistant.stop()
        made.bridge.close()
