"""Doing a ready step through its capability, for real, behind each capability's guard.

Each doer returns a Done: completed with a result, failed with an error, or waiting
(a message awaiting approval). ``assistant.write`` needs the model and is done by the
loop; the others are done here without one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.errors import KnownError
from app.planspec import PlanSpec, PlanStep
from models import CalendarEvent, OutboxMessage, Reminder, Step, Task, atomic
from models.fields import format_utc, parse_utc

MAX_RESULT_CHARS = 20_000


@dataclass(frozen=True)
class Done:
    status: str  # "completed", "failed" or "waiting"
    result: str | None = None
    error: str | None = None


def do_file_write(task: Task, step: PlanStep, spec: PlanSpec) -> Done:
    from app.task_files import write_result

    source = step.inputs.get("from_step")
    if source is not None:
        try:
            content = spec.step(source).result
        except KeyError:
            return Done("failed", error=f"from_step {source!r} is not a step of this plan")
        if content is None:
            return Done("failed", error=f"step {source!r} has no result to write yet")
    else:
        content = step.inputs["content"]
    try:
        target = write_result(task.id, step.inputs["path"], content)
    except KnownError as exc:
        return Done("failed", error=str(exc))
    return Done("completed", result=f"wrote {target.name} ({len(content)} characters)")


def do_message(task: Task, step: PlanStep, step_pk: int) -> Done:
    from app.outbox import find_contact

    contact = find_contact(step.inputs["to"])
    if contact is None:
        return Done("failed", error=f"{step.inputs['to']!r} is not in your contacts; add them "
                    "with `stepwise contacts add NAME ADDRESS` to allow messages to them")
    with atomic():
        exists = OutboxMessage.select().where((OutboxMessage.step == step_pk) & (
            OutboxMessage.status.in_(("pending", "approved")))).exists()
        if not exists:
            OutboxMessage.create(task=task, step=step_pk, contact=contact,
                                 text=step.inputs["text"])
    return Done("waiting", result=f"waiting for your approval to message {contact.name}")


def do_reminder(task: Task, step: PlanStep, step_pk: int, now: datetime) -> Done:
    try:
        at = parse_utc(step.inputs["at"])
    except ValueError:
        return Done("failed", error=f"{step.inputs['at']!r} is not an ISO 8601 time with a zone")
    if at <= now:
        return Done("failed", error=f"the reminder time {step.inputs['at']} has passed")
    opens = task.start_at
    closes = task.expires_at or task.due_at
    if closes is not None and at > closes:
        return Done("failed", error="the reminder falls after the task's window closes")
    if opens is not None and at < opens and (closes is None or opens < closes):
        at = opens  # never remind before the task may start
    with atomic():
        Reminder.create(task=task, step=step_pk, kind="step", text=step.inputs["text"],
                        fire_at=at)
    return Done("completed", result=f"reminder set for {at.astimezone():%Y-%m-%d %H:%M}")


def do_calendar(step: PlanStep) -> Done:
    try:
        start, end = parse_utc(step.inputs["from"]), parse_utc(step.inputs["to"])
    except ValueError:
        return Done("failed", error="calendar.read takes ISO 8601 times with a zone")
    overlaps = (CalendarEvent.start < format_utc(end)) & (CalendarEvent.end > format_utc(start))
    rows = CalendarEvent.select().where(overlaps).order_by(CalendarEvent.start).limit(200)
    lines = [f"{e.start} – {e.end}: {e.summary}" for e in rows]
    return Done("completed", result="\n".join(lines) or "no events in that range")


def clip(text: str) -> str:
    return text if len(text) <= MAX_RESULT_CHARS else text[:MAX_RESULT_CHARS] + " …"


def step_pk(plan_id: int, step_id: str) -> int:
    return int(Step.get((Step.plan == plan_id) & (Step.step_id == step_id)).id)
