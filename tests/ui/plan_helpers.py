"""Helpers for the tests that edit a plan from the window (the graph, the outline, the
step menu and the step details): a running two-step task, its latest plan, a node's
check circle and a click on it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.plan import store as plans
from app.states import PlanStatus
from app.tasks.store import NewTask, add_task
from models import Plan
from tests.ui.plan.test_view import at, step
from ui.plan.look import GLYPH_AT
from ui.plan.view import PlanView


def running_task(origin: str = "assistant") -> int:
    """Buy milk: two user steps, approved and running, written by the assistant."""
    task_id = add_task(NewTask(title="Buy milk")).id
    data: dict[str, Any] = {"schema_version": 1, "origin": origin, "title": "Buy milk",
                            "objective": "", "steps": [step("s1", "Go to the shop"),
                                                       step("s2", "Pay", "s1")]}
    plans.save_plan(task_id, data, author="assistant")
    if latest(task_id).status == PlanStatus.PENDING:  # a checklist starts by itself
        plans.plan_action(task_id, "approve")
    return task_id


def latest(task_id: int) -> Plan:
    """The task's latest plan revision (there must be one)."""
    plan = plans.latest_plan(task_id)
    assert plan is not None
    return plan


def glyph(view: PlanView, step_id: str) -> QPoint:
    """Where the step's check circle is in the view's viewport."""
    return at(view, view.scene.nodes[step_id].mapToScene(GLYPH_AT))


def click_check_circle(view: PlanView, step_id: str) -> None:
    """One left click on the step's check circle in the graph."""
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, glyph(view, step_id))
