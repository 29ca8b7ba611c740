"""Deleting a task from the window, undoably: the task goes to the trash in a worker,
the window says so ("Ctrl+Z brings it back"), and undo puts back every row that belonged
to it (``app.tasks.store.delete_task`` / ``restore_task``). The texts keep the list's
translation context ("TaskListPanel"), where they were first written.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from app.tasks import store as tasks
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread

translate = QCoreApplication.translate


class DeleteTask(QUndoCommand):
    """Deleting a task; undo puts back every row that belonged to it."""

    def __init__(self, ctx: WindowContext, task_id: int, title: str,
                 snapshot: dict[str, Any]) -> None:
        super().__init__(translate("TaskListPanel", "delete “%1”")
                         .replace("%1", title))
        self.ctx, self.task_id, self.snapshot = ctx, task_id, snapshot
        self.show_on_redo = False  # redo deletes it again: nothing to show
        self.window_wide = True  # the task is gone from view: the window's undo stack
        self._first = True

    def redo(self) -> None:
        if self._first:  # already deleted when the command was pushed
            self._first = False
            return
        self.ctx.writes.start(lambda: in_thread(tasks.delete_task, self.task_id),
                              translate("TaskListPanel", "Deleting"), self._deleted)

    def undo(self) -> None:
        self.ctx.writes.start(lambda: in_thread(tasks.restore_task, self.snapshot),
                              translate("TaskListPanel", "Restoring a task"), self._restored)

    def _deleted(self, snapshot: dict[str, Any]) -> None:
        self.snapshot = snapshot  # as it was when deleted again (a sync may have edited it)

    def _restored(self, task_id: int) -> None:
        self.task_id = task_id  # a restore never overwrites: a taken id gives a new one


def delete_task(ctx: WindowContext, task_id: int) -> None:
    """Delete a task (in a worker); once deleted, Ctrl+Z brings it back."""
    title = tasks.get_task(task_id).title

    def deleted(snapshot: dict[str, Any]) -> None:
        ctx.undo.push(DeleteTask(ctx, task_id, title, snapshot))
        ctx.selection.select_task(0)
        ctx.status.info.emit(translate("TaskListPanel", "Deleted “%1” — Ctrl+Z brings it back")
                             .replace("%1", title))

    ctx.runner.start(in_thread(tasks.delete_task, task_id),
                     translate("TaskListPanel", "Deleting"), deleted)
