"""Deleting a task from the window (``ui.tasks.delete``): it goes, the window says how to
bring it back, and Ctrl+Z does."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task
from models import Task
from ui.shared.context import WindowContext
from ui.tasks.delete import delete_task


def test_a_deleted_task_comes_back_with_undo(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Buy milk")).id
    ctx.selection.select_task(task_id)
    told: list[str] = []
    ctx.status.info.connect(told.append)
    delete_task(ctx, task_id)
    qtbot.wait_until(lambda: ctx.undo.canUndo())
    assert Task.get_or_none(Task.id == task_id) is None
    assert told == ["Deleted “Buy milk” — Ctrl+Z brings it back"]
    assert ctx.selection.task_id == 0  # nothing deleted stays on show
    ctx.undo.undo()
    qtbot.wait_until(lambda: Task.get_or_none(Task.id == task_id) is not None)
