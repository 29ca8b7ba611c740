"""The window's Undo and Redo (ui.window.undo_actions): texts that name what they undo, enabled
only when there is something, their keys, and ``applied`` telling which task an undo or
redo changed — never for a push or for another task coming into view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence, QUndoCommand
from PySide6.QtWidgets import QApplication

from ui.shared.selection import Selection
from ui.shared.undo import TaskUndo
from ui.window.undo_actions import UndoActions


class Edit(QUndoCommand):
    def __init__(self, task_id: int, text: str) -> None:
        super().__init__(text)
        self.task_id = task_id


@pytest.fixture(autouse=True)
def _app(qapp: QApplication) -> QApplication:
    return qapp  # actions need the application


OWNERS: list[QObject] = []  # the actions' parent lives as long as the test module


def make() -> tuple[UndoActions, TaskUndo, Selection, list[tuple[int, str, bool]]]:
    owner = QObject()
    OWNERS.append(owner)
    selection = Selection()
    stack = TaskUndo(selection, owner)
    actions = UndoActions(stack, owner)
    applied: list[tuple[int, str, bool]] = []
    actions.applied.connect(lambda *args: applied.append(args))
    return actions, stack, selection, applied


def test_the_texts_name_what_would_be_undone_and_redone() -> None:
    actions, stack, selection, _ = make()
    selection.select_task(7)
    assert (actions.undo.text(), actions.undo.isEnabled()) == ("Undo", False)
    stack.push(Edit(7, "Add step in “Team offsite”"))
    assert actions.undo.text() == "Undo Add step in “Team offsite”"
    assert actions.undo.isEnabled() and not actions.redo.isEnabled()
    stack.undo()
    assert actions.redo.text() == "Redo Add step in “Team offsite”"
    assert actions.redo.isEnabled() and actions.undo.text() == "Undo"


def test_the_keys_are_ctrl_z_and_ctrl_shift_z_or_ctrl_y() -> None:
    actions, *_ = make()
    assert actions.undo.shortcut() == QKeySequence("Ctrl+Z")
    assert actions.redo.shortcuts() == [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]


def test_applied_names_the_task_of_an_undo_and_a_redo_but_not_a_push() -> None:
    actions, stack, selection, applied = make()
    selection.select_task(3)
    stack.push(Edit(3, "Rename in “Buy milk”"))
    assert applied == []
    actions.undo.trigger()
    actions.redo.trigger()
    assert applied == [(3, "Rename in “Buy milk”", True), (3, "Rename in “Buy milk”", False)]


def test_another_task_coming_into_view_is_not_an_undo() -> None:
    _actions, stack, selection, applied = make()
    selection.select_task(1)
    stack.push(Edit(1, "Add step in “A”"))
    stack.push(Edit(1, "Add step in “A” again"))
    selection.select_task(2)
    selection.select_task(1)
    assert applied == []


def test_a_command_that_hides_its_redo_is_told_only_on_undo() -> None:
    _actions, stack, selection, applied = make()
    selection.select_task(4)
    quiet = Edit(4, "Move “Pay”")
    quiet.show_on_redo = False  # type: ignore[attr-defined]
    stack.push(quiet)
    stack.undo()
    stack.redo()
    assert applied == [(4, "Move “Pay”", True)]
