"""The plan as an outline (ui.plan.outline): the steps with their status (or why there
are none), the selection followed, and a step renamed in place in the tree."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from tests.ui.plan_helpers import latest, running_task
from ui.shared.context import WindowContext


def test_the_outline_renames_a_step_in_place(ctx: WindowContext, qtbot: QtBot) -> None:
    from ui.plan.outline import PlanOutline

    task_id = running_task()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    outline.tree.setFocus()
    outline.tree.setCurrentIndex(outline.items["s2"].index())
    QTest.keyClick(outline.tree, Qt.Key.Key_F2)
    editor = outline.tree.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.setText("Pay at the till")
    with qtbot.wait_signal(outline.step_actions.editor.edit_saved, timeout=5000):
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert plans.spec_of(latest(task_id)).step("s2").title == "Pay at the till"
    qtbot.wait_until(lambda: outline.items["s2"].text() == "Pay at the till")


def test_the_outline_lists_the_steps_with_their_status_and_says_when_there_is_none(
        ctx: WindowContext, qtbot: QtBot, qtmodeltester: Any) -> None:
    from tests.ui.async_helpers import planned_task
    from ui.plan.outline import PlanOutline, StepIdRole
    from ui.words import labels

    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    outline.show_task(0)
    assert outline.empty.isVisible() and outline.empty.text() == "No task selected"
    bare = add_task(NewTask(title="Call the bank")).id
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(bare)
    assert outline.empty.text() == "No plan yet" and outline.model.rowCount() == 0
    task_id = planned_task()
    plans.step_action(task_id, "dates", "done")
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    qtmodeltester.check(outline.model)
    model = outline.model
    rows = [(model.item(r).data(StepIdRole), model.item(r).text(), model.item(r, 1).text())
            for r in range(model.rowCount())]
    assert rows == [("dates", "Pick two dates", labels.step_status("completed")),
                    ("draft", "Draft the invitation", labels.step_status("pending"))]
    assert rows[0][2] != rows[1][2]
    assert not outline.empty.isVisible()
    assert not model.item(0, 1).isEditable() and model.item(0).isEditable()
    ctx.selection.select_task(task_id)
    ctx.selection.select_step("draft")
    assert outline.tree.currentIndex() == outline.items["draft"].index()
