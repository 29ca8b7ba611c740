"""VALARMs made or removed on another device, read back into Stepwise reminders.

A VALARM (an absolute TRIGGER, or one relative to DUE or DTSTART) that the last agreed
copy did not have, and whose time no reminder of that task or step already has,
becomes a reminder of kind ``remote``; one the other device removed takes its pending
``remote`` reminder with it. Stepwise's own VALARMs come back at the times of its own
reminders, so a round trip adds nothing. An alarm whose time has passed is left out:
the other device has already reminded; so is one dismissed or snoozed there.

An alarm of Stepwise's that the other device deleted dismisses its reminder here (it is
not deleted: an automatic reminder would be made again, and pushed again), so a deleted
alarm stays deleted. An alarm the other device dismissed (RFC 9074 ACKNOWLEDGED)
dismisses the reminder here that it is (by the VALARM's UID, ``records.alarm_uid``, or by
its time); one it snoozed (a snooze alarm, RFC 9074 §6) snoozes it here until the same
time.

A phone item can carry thousands of VALARMs: at most ``MAX_REMOTE_ALARMS`` of them (the
soonest) are made reminders of an item, and the task's work log says how many were
kept ("kept 10 of 5,000 alarms").
"""

from __future__ import annotations

from datetime import datetime

from icalendar import Todo

from app.events import Change, Kind, events
from app.ical import uids
from app.ical.values import Reminder as Alarm
from app.ical.values import alarms_of, text_of
from app.plan import store as plans
from app.reminders import store as reminders
from app.sync import records
from app.tasks.store import log
from models import Reminder, Step, Task
from models.tables import utc_now

KIND = "remote"
MAX_REMOTE_ALARMS = 10  # remote reminders of one task or step; the soonest are kept


def merge(task: Task, step_uid: str | None, base: Todo | None, remote: Todo) -> int:
    """Bring one VTODO's alarms into the reminders of its task or step (inside the
    caller's transaction); returns how many reminders were added, removed, dismissed or
    snoozed.

    Args:
        task: the task the VTODO belongs to.
        step_uid: the step's UID, or None for the task's own VTODO.
        base: the copy both sides last agreed on (None: never seen before).
        remote: what the server holds now.
    """
    before = alarms_of(base) if base is not None else []
    now = alarms_of(remote)
    if not before and not now:
        return 0  # most items: no alarm on either side, nothing to look up
    step = None if step_uid is None else _step(task, step_uid)
    if step_uid is not None and step is None:
        return 0  # the step is not in the plan here (refused, or deleted since)
    step_pk = None if step is None else int(step.id)
    rows = list(Reminder.select().where(Reminder.task == task.id, Reminder.step == step_pk))
    answered = _answered(task, step, rows, before, now) + _deleted(task, step, rows, before, now)
    have = {row.snoozed_until or row.fire_at for row in rows} | {row.fire_at for row in rows}
    was = {alarm.fire_at for alarm in before}
    still = {alarm.fire_at for alarm in now}
    gone = [row.id for row in rows if row.kind == KIND and row.fired_at is None
            and row.fire_at in was - still]
    if gone:
        Reminder.delete().where(Reminder.id.in_(gone)).execute()
    known = was | have
    fresh = {a.fire_at: a.text for a in now if a.fire_at not in known
             and a.fire_at > utc_now() and a.acknowledged_at is None and a.snoozed_until is None}
    fresh = _capped(task, step, fresh, sum(r.kind == KIND for r in rows) - len(gone))
    for at, text in fresh.items():
        Reminder.create(task=task.id, step=step_pk, kind=KIND, fire_at=at,
                        text=text or _text(task, remote))
    if gone or fresh:
        events.emit(Change(Kind.REMINDERS_SCHEDULED, task.id))
    return len(gone) + len(fresh) + answered


def _capped(task: Task, step: Step | None, fresh: dict[datetime, str],
            remote: int) -> dict[datetime, str]:
    """The soonest of ``fresh`` that keep the item's ``remote`` reminders within
    ``MAX_REMOTE_ALARMS``; the work log says how many were kept when some were not."""
    room = max(0, MAX_REMOTE_ALARMS - remote)
    if len(fresh) <= room:
        return fresh
    kept = dict(sorted(fresh.items())[:room])
    where = "" if step is None else f" of step {step.step_id!r}"
    log(task.id, "sync", f"kept {len(kept):,} of {len(fresh):,} alarms{where} from another "
        f"device as reminders (at most {MAX_REMOTE_ALARMS} an item)", actor="sync")
    return kept


def _answered(task: Task, step: Step | None, rows: list[Reminder],
              before: list[Alarm], now: list[Alarm]) -> int:
    """Reminders here that the other device dismissed (ACKNOWLEDGED) or snoozed (a snooze
    alarm, RFC 9074 §6) since the agreed copy, answered here the same way."""
    then = {_key(alarm): alarm for alarm in before}
    count = 0
    for alarm in now:
        old = then.get(_key(alarm))
        row = next((r for r in rows if r.acknowledged_at is None
                    and _matches(task, step, r, alarm)), None)
        if row is None:
            continue
        if alarm.acknowledged_at is not None and (old is None or old.acknowledged_at is None):
            reminders.acknowledge(row.id, now=alarm.acknowledged_at)
            count += 1
        elif alarm.snoozed_until is not None and alarm.snoozed_until > utc_now() \
                and (old is None or old.snoozed_until != alarm.snoozed_until) \
                and row.snoozed_until != alarm.snoozed_until:
            reminders.snooze(row.id, alarm.snoozed_until)
            count += 1
    return count


def _deleted(task: Task, step: Step | None, rows: list[Reminder],
             before: list[Alarm], now: list[Alarm]) -> int:
    """Reminders here (not ``remote`` ones: those go) whose VALARM the agreed copy had
    and the other device deleted since, dismissed here."""
    times, uids_now = {b.fire_at for b in now}, {b.uid for b in now if b.uid}
    gone = [a for a in before if a.fire_at not in times and not (a.uid and a.uid in uids_now)]
    count = 0
    for row in rows:
        if row.kind != KIND and row.acknowledged_at is None and any(
                _matches(task, step, row, alarm) for alarm in gone):
            reminders.acknowledge(row.id)
            count += 1
    return count


def _key(alarm: Alarm) -> str:
    return alarm.uid or f"{alarm.fire_at:%Y%m%dT%H%M%SZ}"


def _matches(task: Task, step: Step | None, row: Reminder, alarm: Alarm) -> bool:
    """Whether the VALARM is this reminder's: its UID, or its time (another device's
    alarm at the time of a reminder here, which therefore was never made one)."""
    at = row.fire_at.replace(microsecond=0)
    return alarm.fire_at == at or alarm.uid == records.alarm_uid(
        uids.task_uid(task.uid, task.id), row.kind, None if step is None else step.step_id, at)


def _text(task: Task, todo: Todo) -> str:
    summary = text_of(todo, "summary")
    return f"Reminder: {summary}" + ("" if summary == task.title else f" ({task.title})")


def _step(task: Task, step_uid: str) -> Step | None:
    """The row of the step with this UID in the task's latest plan."""
    plan = plans.latest_plan(task.id)
    if plan is None:
        return None
    ids = {item.uid: item.step.id for item in records.items_of(task)[1]}
    if step_uid not in ids:
        return None
    row: Step | None = Step.get_or_none(Step.plan == plan, Step.step_id == ids[step_uid])
    return row


def first_seen(task_uid: str, step_uid: str | None, todo: Todo) -> int:
    """The alarms of a VTODO this device has never seen (a task or step made elsewhere)."""
    if not alarms_of(todo):
        return 0
    task = Task.get_or_none(Task.uid == task_uid)
    return 0 if task is None else merge(task, step_uid, None, todo)

