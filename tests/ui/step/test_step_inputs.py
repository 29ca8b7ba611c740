"""A step's inputs as labelled fields (ui.step.inputs): a reminder's time in the window's
format and its text, edited and saved as the capability takes them; a target whose
inputs are missing says what to fill in and saves nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.async_helpers import planned_task, two_step_plan
from tests.ui.plan_helpers import latest
from tests.ui.step.test_form import step_panel_on
from ui.plan.edits import PlanEditor
from ui.shared.context import WindowContext


def reminder_plan() -> dict[str, Any]:
    plan = two_step_plan()
    plan["steps"].append({"id": "nudge", "title": "Remind me to post it", "target":
                          "reminder.set", "depends_on": ["dates"],
                          "inputs": {"at": "2026-12-24T10:00:00Z", "text": "Post the invite"}})
    return plan


def test_a_reminder_shows_its_time_and_text_as_fields(ctx: WindowContext,
                                                      qtbot: QtBot) -> None:
    task_id = planned_task(reminder_plan())
    panel = step_panel_on(ctx, qtbot, task_id, "nudge")
    inputs = panel.form.inputs
    at, text = inputs.line("reminder.set", "at"), inputs.line("reminder.set", "text")
    assert at.isVisible() and text.isVisible()
    assert at.text() == "Thu 24 Dec 18:00"  # 10:00 UTC in Shanghai, as the window writes it
    assert text.text() == "Post the invite"
    assert not inputs.line("assistant.write", "instructions").isVisible()
    captions = {w.text() for w in panel.findChildren(QLabel) if w.isVisible()}
    assert {"Time", "Text", "Kind of step"} <= captions and "Inputs (JSON)" not in captions
    text.setText("Post the invitation today")
    text.textEdited.emit(text.text())
    with qtbot.wait_signal(PlanEditor.of(ctx).edit_saved, timeout=5000):
        panel.form.save()
    step = plans.spec_of(latest(task_id)).step("nudge")
    assert step.inputs == {"at": "2026-12-24T10:00:00Z", "text": "Post the invitation today"}


def test_a_target_without_its_inputs_says_what_to_fill_in(ctx: WindowContext,
                                                          qtbot: QtBot) -> None:
    task_id = planned_task()
    panel = step_panel_on(ctx, qtbot, task_id, "dates")
    form = panel.form
    form.target.setCurrentIndex(form.target.findData("reminder.set"))
    form.save()
    assert form.problem.isVisible() and form.problem.text() == (
        "Fill in Time, Text to save this step")
    assert latest(task_id).revision == 1
    form.inputs.line("reminder.set", "at").setText("2026-12-24 18:00")
    form.inputs.line("reminder.set", "text").setText("Call the venue")
    with qtbot.wait_signal(PlanEditor.of(ctx).edit_saved, timeout=5000):
        form.save()
    step = plans.spec_of(latest(task_id)).step("dates")
    assert step.target == "reminder.set"
    assert step.inputs == {"at": "2026-12-24T10:00:00Z", "text": "Call the venue"}
    assert not form.problem.isVisible()


def test_times_are_read_back_as_the_window_writes_them() -> None:
    from ui.step.inputs import read_time, time_text

    shown = time_text("2026-12-24T10:00:00Z")
    assert read_time(shown) == "2026-12-24T10:00:00Z"  # the English form, read back
    assert read_time("2026年12月24日 周四 18:00") == "2026-12-24T10:00:00Z"
