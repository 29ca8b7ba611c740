"""What every part of the window shares (ui.shared.context): one selection of task and step
that says each change once, and a context whose parts are wired to each other."""

from __future__ import annotations

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from ui.shared.context import Selection, WindowContext


def test_selecting_a_task_clears_the_step_and_says_so_once() -> None:
    selection = Selection()
    tasks: list[int] = []
    steps: list[tuple[int, str]] = []
    selection.task_selected.connect(tasks.append)
    selection.step_selected.connect(lambda task_id, step_id: steps.append((task_id, step_id)))
    selection.select_task(3)
    selection.select_step("dates")
    selection.select_step("dates")  # the same again: nothing said
    selection.select_task(3)
    assert (selection.task_id, selection.step_id) == (3, "dates")
    selection.select_task(5)
    assert tasks == [3, 5]
    assert steps == [(3, ""), (3, "dates"), (5, "")]
    assert (selection.task_id, selection.step_id) == (5, "")


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
