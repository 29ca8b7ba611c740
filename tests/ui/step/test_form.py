"""The editable part of the step details (ui.step.form): an editing session saved as one
revision and one undo step, and a due time that cannot be read named with nothing saved."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan_helpers import latest, running_task
from ui.shared.context import WindowContext
from ui.step.panel import StepPanel


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
    from ui.plan.edits import PlanEditor

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
