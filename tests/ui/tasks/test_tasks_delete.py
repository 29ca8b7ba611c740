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


def test_redo_after_a_restore_under_a_new_id_deletes_that_task_only(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Buy milk")).id
    delete_task(ctx, task_id)
    qtbot.wait_until(lambda: ctx.undo.canUndo())
    other = add_task(NewTask(title="Written since", detail="notes")).id
    Task.update(id=task_id).where(Task.id == other).execute()  # the freed id is reused
    ctx.undo.undo()
    qtbot.wait_until(lambda: Task.select().where(Task.title == "Buy milk").exists())
    back = Task.get(Task.title == "Buy milk").id
    assert back != task_id and Task.get_by_id(task_id).title == "Written since"
    ctx.undo.redo()
    qtbot.wait_until(lambda: not Task.select().where(Task.id == back).exists())
    assert Task.get_by_id(task_id).detail == "notes"
