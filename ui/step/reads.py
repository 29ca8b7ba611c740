"""What the step panel reads beside ``app.plan.step_view.read_step`` to say things in the
person's words: the titles of the plan's steps (for "waits for" and "text from the
step"), and where a message step's message stands in the outbox. A few rows each, read on
the GUI thread as ``read_step`` is.
"""

from __future__ import annotations

from typing import Any, cast

from models import Contact, OutboxMessage, Plan, Step


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
