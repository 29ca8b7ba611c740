"""VALARMs made or removed on another device, read back into Stepwise reminders.

A VALARM (an absolute TRIGGER, or one relative to DUE or DTSTART) that the last agreed
copy did not have, and whose time no reminder of that task or step already has,
becomes a reminder of kind ``remote``; one the other device removed takes its pending
``remote`` reminder with it. Stepwise's own VALARMs come back at the times of its own
reminders, so a round trip adds nothing. An alarm whose time has passed is left out:
the other device has already reminded.
"""

from __future__ import annotations

from icalendar import Todo

from app.events import Change, Kind, events
from app.ical.values import alarms_of, text_of
from app.plan import store as plans
from app.sync import records
from models import Reminder, Step, Task
from models.tables import utc_now

KIND = "remote"


def merge(task: Task, step_uid: str | None, base: Todo | None, remote: Todo) -> int:
    """Bring one VTODO's alarms into the reminders of its task or step (inside the
    caller's transaction); returns how many reminders were added or removed.

    Args:
        task: the task the VTODO belongs to.
        step_uid: the step's UID, or None for the task's own VTODO.
        base: the copy both sides last agreed on (None: never seen before).
        remote: what the server holds now.
    """
    before = {at for at, _ in alarms_of(base)} if base is not None else set()
    now = {at: text for at, text in alarms_of(remote)}
    if not before and not now:
        return 0  # most items: no alarm on either side, nothing to look up
    step_pk = None if step_uid is None else _step_pk(task, step_uid)
    if step_uid is not None and step_pk is None:
        return 0  # the step is not in the plan here (refused, or deleted since)
    rows = list(Reminder.select().where(Reminder.task == task.id, Reminder.step == step_pk))
    have = {row.snoozed_until or row.fire_at for row in rows} | {row.fire_at for row in rows}
    gone = [row.id for row in rows if row.kind == KIND and row.fired_at is None
            and row.fire_at in before - set(now)]
    if gone:
        Reminder.delete().where(Reminder.id.in_(gone)).execute()
    fresh = [(at, text) for at, text in now.items()
             if at not in before and at not in have and at > utc_now()]
    for at, text in fresh:
        Reminder.create(task=task.id, step=step_pk, kind=KIND, fire_at=at,
                        text=text or _text(task, remote))
    if gone or fresh:
        events.emit(Change(Kind.REMINDERS_SCHEDULED, task.id))
    return len(gone) + len(fresh)


def _text(task: Task, todo: Todo) -> str:
    summary = text_of(todo, "summary")
    return f"Reminder: {summary}" + ("" if summary == task.title else f" ({task.title})")


def _step_pk(task: Task, step_uid: str) -> int | None:
    """The row of the step with this UID in the task's latest plan."""
    plan = plans.latest_plan(task.id)
    if plan is None:
        return None
    ids = {item.uid: item.step.id for item in records.items_of(task)[1]}
    if step_uid not in ids:
        return None
    row = Step.get_or_none(Step.plan == plan, Step.step_id == ids[step_uid])
    return None if row is None else int(row.id)


def first_seen(task_uid: str, step_uid: str | None, todo: Todo) -> int:
    """The alarms of a VTODO this device has never seen (a task or step made elsewhere)."""
    if not alarms_of(todo):
        return 0
    task = Task.get_or_none(Task.uid == task_uid)
    return 0 if task is None else merge(task, step_uid, None, todo)

