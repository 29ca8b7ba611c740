"""Issue 10 item 2, window side: one change made in the window is one list reload —
the view that reloaded for its own change skips the store's notice of it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.events import Kind
from tests.ui.window.test_window_main import listed, open_window
from ui.shared.context import WindowContext


def test_one_quick_add_is_exactly_one_list_reload(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    qtbot.wait_until(lambda: not window.tasks._reload_timer.isActive())
    notices: list[int] = []
    ctx.bridge.changed.connect(
        lambda changes: notices.extend(c.task_id for c in changes.of(Kind.TASK_ADDED)))
    before = window.tasks.reloads
    window.quick_add.title.setText("Buy milk")
    QTest.keyClick(window.quick_add.title, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: len(listed(window)) == 1 and len(notices) == 1)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert not window.tasks._reload_timer.isActive()  # no second reload pending
    assert window.tasks.reloads - before == 1
    assert ctx.selection.task_id == listed(window)[0]


def test_adding_the_sample_tasks_is_exactly_one_list_reload(ctx: WindowContext,
                                                            qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.centre.currentWidget() is window.welcome)
    qtbot.wait_until(lambda: not window.tasks._reload_timer.isActive())
    before = window.tasks.reloads
    qtbot.mouseClick(window.welcome.english, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: len(listed(window)) == 4)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert not window.tasks._reload_timer.isActive()  # the notices of the add were skipped
    assert window.tasks.reloads - before == 1


def test_a_change_from_elsewhere_still_reloads_the_list(ctx: WindowContext,
                                                        qtbot: QtBot) -> None:
    from app.tasks.store import NewTask, add_task

    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    add_task(NewTask(title="Added by the CLI"))
    qtbot.wait_until(lambda: len(listed(window)) == 1)

