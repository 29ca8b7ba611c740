"""The selected task and step: one source of truth for every panel and the undo stack."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Selection(QObject):
    """The selected task and step, one source of truth for every panel."""

    task_selected = Signal(int)  # 0: none
    step_selected = Signal(int, str)  # task id, step id ("" : none)

    def __init__(self) -> None:
        super().__init__()
        self.task_id = 0
        self.step_id = ""

    def select_task(self, task_id: int) -> None:
        if task_id != self.task_id:
            self.task_id, self.step_id = task_id, ""
            self.task_selected.emit(task_id)
            self.step_selected.emit(task_id, "")

    def select_step(self, step_id: str) -> None:
        if step_id != self.step_id:
            self.step_id = step_id
            self.step_selected.emit(self.task_id, step_id)
