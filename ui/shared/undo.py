"""Undo a person can predict: one undo stack per task, and undo applies to the task in view.

``TaskUndo`` is the window's ``ctx.undo``: a ``QUndoGroup`` whose active stack is the
selected task's, so Ctrl+Z with "Buy milk" selected never undoes "Add step" in another
task. A command goes on the stack of the task it changes (its ``task_id``), and that
stack is active right after it (what you just did is what Undo offers, wherever you did
it); selecting a task makes its stack active again. A command that belongs to no task
in view (deleting a task: it is gone from the list; moving a calendar block) goes on
the window's own stack, ``WINDOW``, which is also what Undo offers while the selected
task has nothing to undo. With no task selected, the stack used last stays active.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack

from ui.shared.selection import Selection

WINDOW = 0  # the stack of commands that belong to no task in view


def task_of(command: QUndoCommand) -> int:
    """The task a command changes (commands carry ``task_id``; 0 when one does not)."""
    return int(getattr(command, "task_id", 0) or 0)


def stack_key(command: QUndoCommand) -> int:
    """Which stack ``command`` goes on: its task's, or the window's for a task deleted."""
    return WINDOW if getattr(command, "window_wide", False) else task_of(command)


class TaskUndo(QUndoGroup):
    """The window's undo: one ``QUndoStack`` per task, the task in view's active."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.selection = selection
        self._stacks: dict[int, QUndoStack] = {}
        self._recent = WINDOW
        self.setActiveStack(self.stack_for(WINDOW))
        selection.task_selected.connect(self._on_selection_task_selected)

    def stack_for(self, key: int) -> QUndoStack:
        """The stack of task ``key`` (``WINDOW``: the window's own), made on first use."""
        stack = self._stacks.get(key)
        if stack is None:
            stack = self._stacks[key] = QUndoStack(self)
            self.addStack(stack)
        return stack

    def push(self, command: QUndoCommand) -> None:
        """Push ``command`` on its task's stack (it is done, or redone, now) and make that
        stack the active one."""
        self._recent = stack_key(command)
        stack = self.stack_for(self._recent)
        stack.push(command)
        if stack is not self.activeStack():
            self.setActiveStack(stack)

    def choose(self) -> None:
        """Make the selected task's stack active (the window's while it has nothing)."""
        selected = self.selection.task_id
        key = selected or self._recent
        stack = self.stack_for(key)
        window = self.stack_for(WINDOW)
        if key != WINDOW and not stack.canUndo() and not stack.canRedo() and (
                window.canUndo() or window.canRedo()):
            stack = window
        if stack is not self.activeStack():
            self.setActiveStack(stack)

    def _on_selection_task_selected(self, _task_id: int) -> None:
        self.choose()

    # --- the active stack, as ``UndoActions`` and tests read a stack -----------------------

    def stack(self) -> QUndoStack:
        active = self.activeStack()
        return active if active is not None else self.stack_for(WINDOW)

    def index(self) -> int:
        return self.stack().index()

    def count(self) -> int:
        return self.stack().count()

    def command(self, index: int) -> QUndoCommand | None:
        return self.stack().command(index)
