"""What the step panel reads beside ``app.plan.step_view.read_step`` to say things in the
person's words: the titles of the plan's steps (for "waits for" and "text from the
step"), and where a message step's message stands in the outbox. A few rows each.
``panel_facts`` reads all the panel shows at once: on the GUI thread when a step is
selected, in a worker after a change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from app.plan.step_view import StepView, read_step
from app.states import StepStatus
from models import Contact, OutboxMessage, Plan, Step
from ui.step.schedule import Facts, schedule_facts


def step_titles(task_id: int, revision: int) -> dict[str, str]:
    """The titles of the steps of one revision of the task's plan, by step id, in plan
    order (a step without a title is named by its id)."""
    query = (Step.select(Step.step_id, Step.title).join(Plan)
             .where((Plan.task == task_id) & (Plan.revision == revision))
             .order_by(Step.position).tuples())
    rows = cast(list[tuple[Any, ...]], list(query))
    return {str(sid): str(title or sid) for sid, title in rows}


def message_state(task_id: int, step_id: str) -> tuple[str, str] | None:
    """The outbox status and the contact's name of the step's latest message (None:
    it has none)."""
    query = (OutboxMessage.select(OutboxMessage.status, Contact.name)
             .join(Step).join(Plan).switch(OutboxMessage).join(Contact)
             .where((Plan.task == task_id) & (Step.step_id == step_id))
             .order_by(OutboxMessage.id.desc()).limit(1).tuples())
    rows = cast(list[tuple[Any, ...]], list(query))
    return (str(rows[0][0]), str(rows[0][1])) if rows else None


@dataclass(frozen=True)
class PanelFacts:
    """Everything the step panel shows of one step (None: no such step)."""

    view: StepView | None
    titles: dict[str, str]
    message: tuple[str, str] | None
    schedule: Facts


def panel_facts(task_id: int, step_id: str) -> PanelFacts:
    """The panel's reads of one step, together (any thread)."""
    view = read_step(task_id, step_id) if task_id and step_id else None
    if view is None:
        return PanelFacts(None, {}, None, (None, []))
    message = None if view.step.target != "message.post" \
        or view.step.status == StepStatus.COMPLETED else message_state(task_id, step_id)
    return PanelFacts(view, step_titles(task_id, view.revision), message,
                      schedule_facts(task_id, step_id))
