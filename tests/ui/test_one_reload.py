"""Issue 10 item 2, window side: one change made in the window is one list reload —
the view that reloaded for its own change skips the store's notice of it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.events import Kind
from tests.ui.test_main_window import listed, open_window
from ui.context import WindowContext


def test_one_quick_add_is_exactly_one_list_reload(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    qtbot.wait_until(lambda: not window.tasks._reload_timer.isActive())
    notices: list[int] = []
    ctx.bridge.changed.connect(
        lambda kind, task_id, _d: notices.append(task_id) if kind == Kind.TASK_ADDED else None)
    before = window.tasks.reloads
    window.quick_add.title.setText("Buy milk")
    QTest.keyClick(window.quick_add.title, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: len(listed(window)) == 1 and len(notices) == 1)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert not window.tasks._reload_timer.isActive()  # no second reload pending
    assert window.tasks.reloads - before == 1
    assert ctx.selection.task_id == listed(window)[0]


def test_a_change_from_elsewhere_still_reloads_the_list(ctx: WindowContext,
                                                        qtbot: QtBot) -> None:
    from app.tasks import NewTask, add_task

    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    add_task(NewTask(title="Added by the CLI"))
    qtbot.wait_until(lambda: len(listed(window)) == 1)


def test_changes_that_keep_coming_still_reload_the_list(ctx: WindowContext, qtbot: QtBot,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An assistant run changes a task every few milliseconds: the list reloads at least
    every RELOAD_MAX_WAIT_S meanwhile instead of waiting for a pause that never comes."""
    from PySide6.QtCore import QTimer

    import ui.task_list

    monkeypatch.setattr(ui.task_list, "RELOAD_MAX_WAIT_S", 0.3)
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: not window.tasks._reload_timer.isActive())
    before = window.tasks.reloads
    storm = QTimer()
    storm.timeout.connect(lambda: ctx.bridge.changed.emit(Kind.TASK_CHANGED, 1, ""))
    storm.start(20)  # far inside the 150 ms debounce
    try:
        qtbot.wait_until(lambda: window.tasks.reloads > before, timeout=2000)
    finally:
        storm.stop()
