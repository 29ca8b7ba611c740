"""The step panel: details as plain text, and buttons that make only legal moves."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from models import Step
from tests.ui.async_helpers import planned_task, two_step_plan
from ui.shared.context import WindowContext
from ui.step.panel import StepPanel


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> StepPanel:
    widget = StepPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(360, 640)
    widget.show()
    return widget


def step_status(task_id: int, step_id: str) -> str:
    return str(plans.spec_of(plans.latest_plan_or_fail(task_id)).step(step_id).status)


def enabled(panel: StepPanel) -> set[str]:
    return {action for action, button in panel.buttons.items() if button.isEnabled()}


def select(ctx: WindowContext, task_id: int, step_id: str) -> None:
    ctx.selection.select_task(task_id)
    ctx.selection.select_step(step_id)


def test_no_selected_step_shows_the_empty_state(panel: StepPanel, ctx: WindowContext) -> None:
    empty = panel.findChild(QLabel, "emptyState")
    assert empty is not None and empty.isVisible()
    select(ctx, planned_task(), "dates")
    assert not empty.isVisible() and panel.title.text() == "Pick two dates"
    ctx.selection.select_step("")
    assert empty.isVisible()


def test_details_show_every_field(panel: StepPanel, ctx: WindowContext) -> None:
    select(ctx, planned_task(), "draft")
    fields = {key: panel.form._text(key) if key in ("worker",) else label.text()
              for key, label in panel.fields.items()}
    assert panel.form.target.currentText() == "assistant writes a draft"
    instructions = panel.form.inputs.line("assistant.write", "instructions")
    assert instructions.isVisible() and instructions.text() == "a short invitation"
    assert fields["waiting_for"] == "“Pick two dates”" and fields["attempts"] == "0"
    assert fields["worker"] == "You" and fields["title"] == "Draft the invitation"
    assert panel.chip.text() == "pending"
    shown = [w.text() for w in panel.findChildren(QLabel) if w.isVisible()]
    assert not {"draft", "dates", "me", "Step", "Inputs", "Inputs (JSON)"} & set(shown), shown


def test_start_then_done_with_a_result(panel: StepPanel, ctx: WindowContext,
                                       qtbot: QtBot) -> None:
    task_id = planned_task()
    select(ctx, task_id, "dates")
    assert enabled(panel) == {"start", "done", "fail", "skip"}
    qtbot.mouseClick(panel.buttons["start"], Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: step_status(task_id, "dates") == "in_progress")
    qtbot.wait_until(lambda: enabled(panel) == {"done", "fail", "skip"})
    qtbot.mouseClick(panel.buttons["done"], Qt.MouseButton.LeftButton)
    assert panel.prompt.isVisible() and panel.confirm.isEnabled()  # a result is optional
    qtbot.keyClicks(panel.note, "Dec 3 or Dec 10")
    qtbot.keyClick(panel.note, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert step_status(task_id, "dates") == "completed"
    assert panel.result_box.toPlainText() == "Dec 3 or Dec 10"
    assert enabled(panel) == set() and panel.chip.text() == "completed"


def test_a_waiting_step_moves_too(panel: StepPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = planned_task()
    select(ctx, task_id, "draft")  # it waits for "dates": the person may do it first
    assert enabled(panel) == {"start", "done", "fail", "skip"}
    qtbot.mouseClick(panel.buttons["skip"], Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: not ctx.runner.running)  # the write and its done callback
    assert step_status(task_id, "draft") == "skipped" and panel.chip.text() == "skipped"
    assert enabled(panel) == {"done"}  # done after all: the person's later word


def test_fail_needs_a_reason_and_retry_resumes(panel: StepPanel, ctx: WindowContext,
                                               qtbot: QtBot) -> None:
    task_id = planned_task()
    select(ctx, task_id, "dates")
    qtbot.mouseClick(panel.buttons["fail"], Qt.MouseButton.LeftButton)
    assert not panel.confirm.isEnabled()
    qtbot.keyClicks(panel.note, "nobody answered")
    qtbot.mouseClick(panel.confirm, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: step_status(task_id, "dates") == "failed")
    assert plans.latest_plan_or_fail(task_id).status == "paused"
    qtbot.wait_until(lambda: panel.error_box.toPlainText() == "nobody answered")
    qtbot.wait_until(lambda: enabled(panel) == {"retry", "skip", "done"})  # while paused
    qtbot.mouseClick(panel.buttons["retry"], Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert step_status(task_id, "dates") == "pending"
    assert plans.latest_plan_or_fail(task_id).status == "in_progress"
    assert panel.fields["attempts"].text() == "1"


def test_steps_move_before_approval(panel: StepPanel, ctx: WindowContext) -> None:
    select(ctx, planned_task(approve=False), "dates")
    assert panel.view is not None and panel.view.plan_status == "pending"
    assert enabled(panel) == {"start", "done", "fail", "skip"}  # the person's own word


def test_a_group_has_no_buttons(panel: StepPanel, ctx: WindowContext) -> None:
    plan = two_step_plan()
    plan["steps"] = [{"id": "venue", "title": "Venue", "target": None},
                     {"id": "book", "title": "Book it", "parent": "venue"}]
    select(ctx, planned_task(plan), "venue")
    assert panel.form.target.currentText() == "group of steps" and enabled(panel) == set()
    assert not panel.form.target.isEnabled() and not panel.form.inputs.isVisible()


def test_model_text_is_shown_literally(panel: StepPanel, ctx: WindowContext,
                                       qtbot: QtBot) -> None:
    task_id = planned_task()
    plans.step_action(task_id, "dates", "done", result="<b>bold</b> & <i>x</i>")
    Step.update(title="<h1>Big</h1>").where(Step.step_id == "dates").execute()
    select(ctx, task_id, "dates")
    assert panel.result_box.toPlainText() == "<b>bold</b> & <i>x</i>"
    assert isinstance(panel.result_box, QPlainTextEdit) and panel.result_box.isReadOnly()
    labels = panel.findChildren(QLabel)
    assert panel.title.text() == "<h1>Big</h1>"
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels
               if label.objectName() in ("title", "objective", "inputs", "done_when"))


def test_a_refused_move_is_told_inline_and_on_the_status_line(
        panel: StepPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = planned_task()
    select(ctx, task_id, "dates")
    # Another program finishes the step without this window hearing of it.
    Step.update(status="completed").where(Step.step_id == "dates").execute()
    with qtbot.wait_signal(ctx.status.error, timeout=5000) as blocker:
        qtbot.mouseClick(panel.buttons["start"], Qt.MouseButton.LeftButton)
    assert "cannot go from completed to in_progress" in blocker.args[0]
    assert panel.message.isVisible() and panel.message.text() == blocker.args[0]
    assert enabled(panel) == set() and panel.chip.text() == "completed"  # read again


def test_changes_made_elsewhere_show_up(panel: StepPanel, ctx: WindowContext,
                                        qtbot: QtBot) -> None:
    task_id = planned_task()
    select(ctx, task_id, "dates")
    plans.step_action(task_id, "dates", "start")
    qtbot.wait_until(lambda: panel.chip.text() == "in progress")
