"""Moving a node in the graph, undoable: the move is pinned at once (view state, not a
plan revision); undo pins the node back where it was, redo where it was left."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

Point = tuple[float, float]
Pin = Callable[[int, str, Point], None]  # pins a task's step at a point of its graph


class MoveNodeCommand(QUndoCommand):
    """One node dragged from ``before`` to ``after`` in task ``task_id``'s graph."""

    def __init__(self, pin: Pin, task_id: int, step_id: str, title: str,
                 before: Point, after: Point) -> None:
        super().__init__(QCoreApplication.translate("PlanView", "Move “%1”").replace(
            "%1", title))
        self.pin = pin
        self.task_id, self.step_id = task_id, step_id
        self.before, self.after = before, after
        self._first = True  # the drag already placed it

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self.pin(self.task_id, self.step_id, self.after)

    def undo(self) -> None:
        self.pin(self.task_id, self.step_id, self.before)
