"""Issue 11, edit in place: a step dropped on itself, the details panel's editable fields,
and undoing a rename of a finished plan. (The graph's rename and check circle are in
test_graph_steps, the step menu in test_step_actions, the outline in test_plan_outline.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app import plans
from app.tasks import NewTask, add_task
from models import Plan
from tests.ui.test_plan_view import open_view, step
from ui.context import WindowContext
from ui.step_panel import StepPanel


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


def test_a_step_dropped_on_itself_does_nothing(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    view.scene.step_dropped.emit("s1", "s1")
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert latest(task_id).revision == 1 and not view.banner.isVisible()


def step_panel_on(ctx: WindowContext, qtbot: QtBot, task_id: int, step_id: str) -> StepPanel:
    """The step details panel, shown, with ``step_id`` of ``task_id`` selected."""
    panel = StepPanel(ctx)
    qtbot.add_widget(panel)
    panel.show()
    ctx.selection.select_task(task_id)
    ctx.selection.select_step(step_id)
    qtbot.wait_until(lambda: panel.view is not None)
    return panel


def test_the_details_panel_saves_an_editing_session_as_one_revision(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s2")
    form = panel.form
    assert not form.save_button.isEnabled()
    for key, text in (("title", "Pay at the till"), ("objective", "Milk paid for"),
                      ("worker", "Ann"), ("done_when", "receipt in hand"),
                      ("due", "2026-12-24 18:00")):
        form.fields[key].setText(text)
        form.fields[key].textEdited.emit(text)
    form.inputs_edit.setText("{}")
    assert form.save_button.isEnabled()
    from ui.plan_edits import PlanEditor

    with qtbot.wait_signal(PlanEditor.of(ctx).edit_saved, timeout=5000):
        qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    plan = latest(task_id)
    saved = plans.spec_of(plan).step("s2")
    assert (saved.title, saved.objective, saved.worker, saved.done_when) == (
        "Pay at the till", "Milk paid for", "Ann", "receipt in hand")
    assert saved.due is not None and saved.due.astimezone().hour == 18
    assert plan.revision == 2 and plan.origin == "user" and ctx.undo.count() == 1
    qtbot.wait_until(lambda: panel.title.text() == "Pay at the till")


def test_a_due_time_that_cannot_be_read_is_named_and_nothing_is_saved(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s1")
    panel.form.fields["due"].setText("when pigs fly")
    panel.form.save()
    assert panel.form.problem.isVisible() and panel.form.problem.text()
    assert latest(task_id).revision == 1 and ctx.undo.count() == 0


def test_undoing_a_rename_of_a_finished_plan_keeps_it_finished(db: Path) -> None:
    from functools import partial

    from app import plan_editing, step_edits
    from app.tasks import get_task

    task_id = running_task()
    saved = plan_editing.apply_edit(task_id, 1, partial(step_edits.rename_step, step_id="s1",
                                                        title="Go to the corner shop"))
    plans.step_action(task_id, "s1", "done")
    plans.step_action(task_id, "s2", "done")
    assert get_task(task_id).status == "done"
    plan_editing.restore(task_id, saved.before)  # Ctrl+Z after finishing the plan
    assert plans.spec_of(latest(task_id)).step("s1").title == "Go to the shop"
    assert latest(task_id).status == "completed" and get_task(task_id).status == "done"
    reopened = plan_editing.apply_edit(task_id, latest(task_id).revision,
                                       partial(plan_editing.add_step, title="Put it away"))
    assert latest(task_id).status == "in_progress" and reopened.revision == 4
    assert get_task(task_id).status == "in_progress"
