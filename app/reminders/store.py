"""Reminders: rows with a UTC fire time, fired exactly once by a wall-clock tick.

Automatic reminders come from a task's times and its plan's step due times (kinds
``start``, ``due`` and ``step_due``); ``reminder.set`` steps add their own (kind
``step``), which scheduling never touches. A start reminder fires at the start time;
due reminders fire ``reminders.lead_minutes`` before the due time; an all-day start or due
reminds at ``reminders.all_day_at`` on its day.

``tick(now)`` compares the wall clock with the stored fire times, so a suspend, a clock
change or a restart loses nothing: every reminder whose time has passed is returned
once, all together, and marked presented (``fired_at``) in the same transaction that
selects it. It then stays in the reminder list until acknowledged (``done``), also
across restarts. ``snooze`` puts it back to fire again later.

Scheduling is no listener: each use case that can move a task's times calls
``schedule_for_task`` (an import or a replaced database ``schedule_all``) inside its
own transaction, so the reminders commit or roll back with the change itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

import peewee

from app.errors import NotFound, Refused
from app.events import Change, Kind, events
from app.reminders.snooze import snooze_until as snooze_until
from app.reminders.wanted import PLAN_WITH_REMINDERS as PLAN_WITH_REMINDERS
from app.reminders.wanted import all_step_dues, reminders_for, timing_now
from app.states import OPEN_TASK, PlanStatus
from models import Plan, Reminder, Step, Task, atomic
from models.fields import format_utc
from models.prepared import by_id
from models.tables import utc_now

AUTO_KINDS = ("start", "due", "step_due")


@dataclass(frozen=True)
class ReminderView:
    """A reminder as plain data (what the window, the tray and the CLI show)."""

    id: int
    task_id: int | None
    step_pk: int | None
    kind: str
    text: str
    fire_at: datetime
    fired_at: datetime | None
    snoozed_until: datetime | None
    acknowledged_at: datetime | None

    @property
    def state(self) -> str:
        """``waiting`` (not yet fired), ``snoozed``, ``fired`` (in the list) or ``done``."""
        if self.acknowledged_at is not None:
            return "done"
        if self.fired_at is not None:
            return "fired"
        return "snoozed" if self.snoozed_until is not None else "waiting"

    def to_json(self) -> dict[str, object]:
        """The ``--json`` form: ids, text, state and UTC ISO times."""
        return {
            "id": self.id, "task": self.task_id, "step": self.step_pk, "kind": self.kind,
            "text": self.text, "state": self.state, "fire_at": _text(self.fire_at),
            "fired_at": _text(self.fired_at), "snoozed_until": _text(self.snoozed_until),
        }


def _text(value: datetime | None) -> str | None:
    return None if value is None else format_utc(value)


def _view(row: Reminder) -> ReminderView:
    return ReminderView(row.id, row.task_id, row.step_id,  # type: ignore[attr-defined]
                        row.kind, row.text, row.fire_at, row.fired_at, row.snoozed_until,
                        row.acknowledged_at)


# --- scheduling ------------------------------------------------------------------------------

def schedule_new_task(task: Task, *, now: datetime | None = None) -> None:
    """``schedule_for_task`` for a task just created in the caller's transaction: it has
    no steps and no reminders yet, so only its start and due can want one (an import of
    100,000 tasks asks this for each)."""
    now = now or utc_now()
    wanted = reminders_for(task, timing_now(), now, step_dues=[])
    if wanted:
        Reminder.insert_many([
            {"task": task.id, "step": w.step_pk, "kind": w.kind, "text": w.text,
             "fire_at": w.fire_at} for w in wanted]).execute()
    events.emit(Change(Kind.REMINDERS_SCHEDULED, task.id))


def schedule_for_task(task_id: int, *, now: datetime | None = None) -> list[ReminderView]:
    """Make a task's automatic reminders match its times, in one transaction.

    Pending automatic reminders that no longer match are deleted; matching ones stay as
    they are (a snooze survives an unrelated edit); missing ones are added. Fired
    reminders and ``reminder.set`` ones (kind ``step``) are never touched, so calling
    this again never fires anything twice. A reminder whose start or due time has
    already passed is not made; one whose lead time has passed fires at the next tick.
    A task that is no longer open keeps none.

    Each use case that can move a task's times or status calls it inside its own
    transaction (task edits, plan saves and moves, step moves, a recurring task rolling
    forward, an assistant stage), so the reminders commit with the change.

    Returns:
        The task's pending automatic reminders afterwards.

    Raises:
        NotFound: no such task.
    """
    now = now or utc_now()
    timing = timing_now()
    with atomic():
        task = by_id(Task, task_id)
        if task is None:
            raise NotFound(f"there is no task {task_id}")
        covered = [r.fire_at for r in Reminder.select(Reminder.fire_at).where(
            (Reminder.task == task_id) & (Reminder.kind == "step"))]
        wanted = {w.key(): w for w in reminders_for(task, timing, now, covered=covered)}
        existing = list(Reminder.select().where(
            (Reminder.task == task_id) & Reminder.kind.in_(AUTO_KINDS)))
        have = {_key(r) for r in existing}
        for row in existing:  # a renamed task or step: the reminder says the new title
            if row.fired_at is None and _key(row) in wanted and \
                    row.text != wanted[_key(row)].text:
                Reminder.update(text=wanted[_key(row)].text).where(Reminder.id == row.id).execute()
        stale = [r.id for r in existing if r.fired_at is None and _key(r) not in wanted]
        if stale:
            Reminder.delete().where(Reminder.id.in_(stale)).execute()
        for key, item in wanted.items():
            if key not in have:
                Reminder.create(task=task_id, step=item.step_pk, kind=item.kind,
                                text=item.text, fire_at=item.fire_at)
        pending = list(Reminder.select().where(
            (Reminder.task == task_id) & Reminder.kind.in_(AUTO_KINDS)
            & Reminder.fired_at.is_null()).order_by(Reminder.fire_at, Reminder.id))
    events.emit(Change(Kind.REMINDERS_SCHEDULED, task_id))
    return [_view(r) for r in pending]


STEP_ACTIONS_THAT_MOVE = frozenset({"done", "skip"})
"""``done`` and ``skip`` end a step's due reminder (and may finish the plan, rolling a
recurring task on); ``start``, ``fail`` and ``retry`` leave every reminder as it was."""


def after_step(plan: Plan, step: Step, action: str) -> None:
    """The scheduling step of a step action, inside its transaction (``plan`` and ``step``
    as the action left them). Only a change that can move a reminder pays for it: a
    step with a due time done or skipped, or the plan finished (the task is done or
    rolled on to its next time)."""
    if action in STEP_ACTIONS_THAT_MOVE and (step.due_at is not None
                                             or plan.status == PlanStatus.COMPLETED):
        schedule_for_task(plan.task_id)


def schedule_if_present(task_id: int) -> None:
    """``schedule_for_task`` for a task that may have been deleted meanwhile (after an
    assistant stage, which can run while the user deletes the task)."""
    with atomic():
        if Task.select(Task.id).where(Task.id == task_id).exists():
            schedule_for_task(task_id)


def _key(row: Reminder) -> tuple[str, int | None, str]:
    return row.kind, row.step_id, format_utc(row.fire_at)  # type: ignore[attr-defined]


def schedule_all(*, now: datetime | None = None) -> int:
    """Schedule every open task (after an import, or once at start); returns how many.

    One transaction, with the tasks, their reminders and their plans' step due times
    each read once, so a 10,000-task import is scheduled in well under a second. It
    does the same as ``schedule_for_task`` for each task.
    """
    now = now or utc_now()
    timing = timing_now()
    with atomic():
        tasks = list(Task.select(Task.id, Task.title, Task.status, Task.start_at, Task.due_at,
                                 Task.all_day, Task.timezone)
                     .where(Task.status.in_(tuple(OPEN_TASK))))
        existing: dict[int, list[Reminder]] = {}
        for row in Reminder.select().where(Reminder.kind.in_(AUTO_KINDS)
                                           & Reminder.task.is_null(False)):
            existing.setdefault(int(row.task_id), []).append(row)  # type: ignore[attr-defined]
        steps = all_step_dues(now)
        covered: dict[int, list[datetime]] = {}
        for row in Reminder.select(Reminder.task, Reminder.fire_at).where(
                (Reminder.kind == "step") & Reminder.task.is_null(False)):
            covered.setdefault(int(row.task_id), []).append(row.fire_at)  # type: ignore[attr-defined]
        stale: list[int] = []
        fresh: list[dict[str, object]] = []
        for task in tasks:
            wanted = {w.key(): w for w in reminders_for(task, timing, now, steps.get(task.id, []),
                                                  covered.get(task.id, []))}
            have = existing.get(task.id, [])
            stale += [r.id for r in have if r.fired_at is None and _key(r) not in wanted]
            known = {_key(r) for r in have}
            fresh += [{"task": task.id, "step": w.step_pk, "kind": w.kind, "text": w.text,
                       "fire_at": w.fire_at} for k, w in wanted.items() if k not in known]
        for start in range(0, len(stale), 500):
            Reminder.delete().where(Reminder.id.in_(stale[start:start + 500])).execute()
        for start in range(0, len(fresh), 200):
            Reminder.insert_many(fresh[start:start + 200]).execute()
    events.emit(Change(Kind.REMINDERS_SCHEDULED, None))
    return len(tasks)


def _due(now_text: str) -> peewee.ModelSelect[Reminder]:
    """Due, unfired, unacknowledged and not snoozed past now; ``fire_at`` leads the index."""
    return Reminder.select().where(
        (Reminder.fire_at <= now_text) & Reminder.fired_at.is_null()
        & Reminder.acknowledged_at.is_null()
        & (Reminder.snoozed_until.is_null() | (Reminder.snoozed_until <= now_text)))


def tick(now: datetime | None = None) -> list[ReminderView]:
    """Fire every reminder whose time has passed, exactly once.

    Selects them and marks them presented in one write transaction (a second process
    ticking at the same moment gets none of them), and returns them together, oldest
    first, so the caller queues one notification (a summary when there are several).
    They stay in ``reminder_list()`` until acknowledged.

    Args:
        now: the wall-clock instant (aware); not a monotonic timer.
    """
    now = now or utc_now()
    now_text = format_utc(now)
    if not _due(now_text).exists():  # the usual case: one indexed read, no write lock
        return []
    with atomic():
        rows = list(_due(now_text).order_by(Reminder.fire_at, Reminder.id))
        if rows:
            Reminder.update(fired_at=now, snoozed_until=None).where(
                Reminder.id.in_([r.id for r in rows])).execute()
    fired = [replace(_view(r), fired_at=now, snoozed_until=None) for r in rows]
    if fired:
        events.emit(Change(Kind.REMINDERS_FIRED, None, str(len(fired))))
    return fired


def summary(fired: Iterable[ReminderView]) -> str:
    """One line for a notification: the reminder's text, or a count and the texts."""
    texts = [r.text for r in fired]
    if len(texts) <= 1:
        return texts[0] if texts else ""
    shown = "; ".join(texts[:3])
    more = f"; and {len(texts) - 3} more" if len(texts) > 3 else ""
    return f"{len(texts)} reminders: {shown}{more}"


def reminder_list() -> list[ReminderView]:
    """Fired reminders not yet acknowledged (the window's reminder list), oldest first."""
    rows = Reminder.select().where(
        Reminder.fired_at.is_null(False) & Reminder.acknowledged_at.is_null()
    ).order_by(Reminder.fired_at, Reminder.fire_at, Reminder.id)
    return [_view(r) for r in rows]


def upcoming(limit: int = 20) -> list[ReminderView]:
    """Reminders still to fire (snoozed ones at their new time), soonest first."""
    rows = Reminder.select().where(
        Reminder.fired_at.is_null() & Reminder.acknowledged_at.is_null()
    ).order_by(peewee.fn.COALESCE(Reminder.snoozed_until, Reminder.fire_at), Reminder.id)
    return [_view(r) for r in rows.limit(limit)]


# --- acting on one ---------------------------------------------------------------------------

def acknowledge(reminder_id: int, *, now: datetime | None = None) -> ReminderView:
    """Take a reminder off the list (it will not fire, or fire again).

    Raises:
        NotFound: no such reminder.
    """
    now = now or utc_now()
    with atomic():
        row = _get(reminder_id)
        if row.acknowledged_at is None:
            row.acknowledged_at = now
            row.save()
    events.emit(Change(Kind.REMINDER_CHANGED, row.task_id))  # type: ignore[attr-defined]
    return _view(row)


def done(reminder_id: int, *, now: datetime | None = None) -> ReminderView:
    """The user's "done" on a reminder: acknowledges it. A step reminder's step is not
    completed by this (steps move through ``stepwise step`` and the plan view only)."""
    return acknowledge(reminder_id, now=now)


def snooze(reminder_id: int, until: datetime, *, now: datetime | None = None) -> ReminderView:
    """Fire the reminder again at ``until`` (it leaves the list until then).

    Raises:
        NotFound: no such reminder.
        Refused: ``until`` is not in the future, or the reminder was acknowledged.
    """
    now = now or utc_now()
    if until <= now:
        raise Refused(f"snooze until a time in the future, not {format_utc(until)}")
    with atomic():
        row = _get(reminder_id)
        if row.acknowledged_at is not None:
            raise Refused(f"reminder {reminder_id} is already done")
        row.snoozed_until, row.fired_at = until, None
        row.save()
    events.emit(Change(Kind.REMINDER_CHANGED, row.task_id))  # type: ignore[attr-defined]
    return _view(row)


def _get(reminder_id: int) -> Reminder:
    row = Reminder.get_or_none(Reminder.id == reminder_id)
    if row is None:
        raise NotFound(f"there is no reminder {reminder_id}; `stepwise reminders list` shows "
                       "them")
    return row
