"""What the step panel reads beside the step (ui.step.reads): the plan's step titles, and
a message step's message as the outbox has it — never "waiting for your approval" once
it was approved."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.agent import outbox
from models import Contact, OutboxMessage, Plan, Step
from tests.ui.async_helpers import planned_task, two_step_plan
from tests.ui.step.test_form import step_panel_on
from ui.shared.context import WindowContext
from ui.step.reads import message_state, step_titles


def message_plan() -> dict[str, Any]:
    plan = two_step_plan()
    plan["steps"].append({"id": "send", "title": "Send it to Ann", "target": "message.post",
                          "inputs": {"to": "Ann", "text": "Dates: 3 or 4 Dec?"}})
    return plan


def queue_message(task_id: int) -> int:
    contact = outbox.add_contact("Ann", "ann@example.org")
    row = Step.select().join(Plan).where((Plan.task == task_id) & (Step.step_id == "send")).get()
    Step.update(result="waiting for your approval to message Ann").where(
        Step.id == row.id).execute()
    return int(OutboxMessage.create(task=task_id, step=row.id, contact=contact.id,
                                    text="Dates: 3 or 4 Dec?").id)


def test_titles_and_the_message_state(ctx: WindowContext) -> None:
    task_id = planned_task(message_plan())
    assert step_titles(task_id, 1) == {"dates": "Pick two dates",
                                       "draft": "Draft the invitation", "send": "Send it to Ann"}
    assert message_state(task_id, "send") is None
    queue_message(task_id)
    assert message_state(task_id, "send") == ("pending", "Ann")
    assert Contact.select().count() == 1


def test_an_approved_message_no_longer_waits_for_approval(ctx: WindowContext,
                                                          qtbot: QtBot) -> None:
    task_id = planned_task(message_plan())
    message_id = queue_message(task_id)
    panel = step_panel_on(ctx, qtbot, task_id, "send")
    assert panel.result_box.toPlainText() == (
        "Waiting for your approval to message Ann (see the Outbox)")
    outbox.decide(message_id, True, transport=lambda *_: False)  # the mail client said no
    panel.refresh()
    text = panel.result_box.toPlainText()
    assert "waiting for your approval" not in text.lower()
    assert text == "You approved the message to Ann; it has not been sent yet (see the Outbox)"
