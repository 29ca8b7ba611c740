"""The plan as an outline (ui.plan_outline): a step renamed in place in the tree."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from app import plans
from app.tasks import NewTask, add_task
from models import Plan
from tests.ui.test_plan_view import step
from ui.context import WindowContext


def running_task(origin: str = "assistant") -> int:
    """Buy milk: two user steps, approved and running, written by the assistant."""
    task_id = add_task(NewTask(title="Buy milk")).id
    data: dict[str, Any] = {"schema_version": 1, "origin": origin, "title": "Buy milk",
                            "objective": "", "steps": [step("s1", "Go to the shop"),
                                                       step("s2", "Pay", "s1")]}
    plans.save_plan(task_id, data, author="assistant")
    plans.plan_action(task_id, "approve")
    return task_id


def latest(task_id: int) -> Plan:
    plan = plans.latest_plan(task_id)
    assert plan is not None
    return plan


def test_the_outline_renames_a_step_in_place(ctx: WindowContext, qtbot: QtBot) -> None:
    from ui.plan_outline import PlanOutline

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
