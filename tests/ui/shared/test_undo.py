"""Issue 11, undo a person can predict: one undo stack per task; Undo acts on the task in
view and names it; a deleted task's undo stays offered from the window's own stack."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ui.shared.selection import Selection
from ui.shared.undo import WINDOW, TaskUndo


class Edit(QUndoCommand):
    def __init__(self, task_id: int, text: str, log: list[str],
                 window_wide: bool = False) -> None:
        super().__init__(text)
        self.task_id, self.log, self.window_wide = task_id, log, window_wide

    def redo(self) -> None:
        self.log.append(f"do {self.text()}")

    def undo(self) -> None:
        self.log.append(f"undo {self.text()}")


def make() -> tuple[TaskUndo, Selection, list[str]]:
    selection = Selection()
    return TaskUndo(selection), selection, []


def test_ctrl_z_with_buy_milk_selected_never_undoes_another_tasks_edit() -> None:
    undo, selection, log = make()
    selection.select_task(1)
    undo.push(Edit(1, "Add step in “Team offsite”", log))
    selection.select_task(2)
    assert not undo.canUndo() and undo.undoText() == ""
    undo.undo()
    assert log == ["do Add step in “Team offsite”"]
    undo.push(Edit(2, "Rename in “Buy milk”", log))
    assert undo.undoText() == "Rename in “Buy milk”"
    selection.select_task(1)
    assert undo.undoText() == "Add step in “Team offsite”"
    undo.undo()
    assert log[-1] == "undo Add step in “Team offsite”"
    selection.select_task(2)
    assert undo.canUndo() and undo.undoText() == "Rename in “Buy milk”"  # untouched


def test_a_deleted_tasks_undo_is_on_the_windows_stack() -> None:
    undo, selection, log = make()
    selection.select_task(3)
    undo.push(Edit(3, "delete “Old”", log, window_wide=True))
    selection.select_task(0)
    assert undo.activeStack() is undo.stack_for(WINDOW)
    assert undo.undoText() == "delete “Old”"
    selection.select_task(4)  # a task with nothing of its own to undo
    assert undo.undoText() == "delete “Old”"
    undo.push(Edit(4, "Tick “Milk”", log))
    assert undo.undoText() == "Tick “Milk”"


def test_what_you_just_did_is_what_undo_offers_until_you_select_another_task() -> None:
    undo, selection, log = make()
    selection.select_task(1)
    undo.push(Edit(1, "Add step in “Team offsite”", log))
    undo.push(Edit(0, "Move “Draft” in the calendar", log))  # no task in view
    assert undo.undoText() == "Move “Draft” in the calendar"
    undo.undo()
    assert undo.redoText() == "Move “Draft” in the calendar"  # redo stays with it
    undo.redo()
    selection.select_task(2)
    selection.select_task(1)
    assert undo.undoText() == "Add step in “Team offsite”"
