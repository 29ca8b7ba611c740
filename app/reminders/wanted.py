"""Which automatic reminders a task should have (``app.reminders.store`` keeps them so).

A start reminds at its time, a due ``reminders.lead_minutes`` before it, each open step
with a due time of an approved plan likewise; an all-day start or due (a date) reminds
at ``reminders.all_day_at`` on its day, in the task's zone, once when both fall on the
same day.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo

import peewee

from app.dates import days
from app.states import OPEN_TASK, SATISFIED_STEP, PlanStatus
from models import Plan, Step, Task
from models.fields import format_utc

PLAN_WITH_REMINDERS = (PlanStatus.IN_PROGRESS, PlanStatus.PAUSED)  # approved; a proposal: none


@dataclass(frozen=True)
class Wanted:
    kind: str
    step_pk: int | None
    fire_at: datetime
    text: str

    def key(self) -> tuple[str, int | None, str]:
        return self.kind, self.step_pk, format_utc(self.fire_at)


@dataclass(frozen=True)
class Timing:
    lead: timedelta  # before a due moment
    day_at: time  # on the day of an all-day start or due


def timing_now() -> Timing:
    from app.config import settings

    clock = str(settings.get("reminders.all_day_at"))
    try:
        day_at = time.fromisoformat(clock)
    except ValueError:
        day_at = time(9, 0)
    return Timing(timedelta(minutes=max(0, int(settings.get("reminders.lead_minutes")))),
                  day_at)


def reminders_for(task: Task, timing: Timing, now: datetime,
                  step_dues: list[tuple[int, str, datetime]] | None = None,
                  covered: Iterable[datetime] = ()) -> list[Wanted]:
    """The automatic reminders a task should have; ``covered``: its ``reminder.set`` times
    (a due time one of them already announces gets no second, automatic reminder).

    An all-day start or due reminds at ``reminders.all_day_at`` on its day (in the task's
    zone), once when both fall on the same day; its stand-in moment says when it is over.
    """
    if task.status not in OPEN_TASK:
        return []
    wanted = []
    all_day = set(task.all_day or ())
    where = days.zone(task.timezone) if all_day else None
    start_at, at = task.start_at, task.due_at
    start_fire = on_the_day(start_at, timing, where) if "start" in all_day else start_at
    due_fire = on_the_day(at, timing, where) if "due" in all_day else \
        None if at is None else at - timing.lead
    if start_at is not None and start_fire is not None and start_at > now \
            and not (due_fire == start_fire and at is not None):
        wanted.append(Wanted("start", None, start_fire, f"Start: {task.title}"))
    if at is not None and due_fire is not None and at > now \
            and not any(due_fire <= t <= at for t in covered):
        when = f"{at.astimezone(where):%a %m-%d}" if "due" in all_day else _local(at)
        wanted.append(Wanted("due", None, due_fire, f"Due {when}: {task.title}"))
    for step_pk, title, due in (open_step_dues(task.id, now) if step_dues is None else step_dues):
        if due == task.due_at:  # the task's own due reminder already says it
            continue
        wanted.append(Wanted("step_due", step_pk, due - timing.lead,
                              f"Step due {_local(due)}: {title} ({task.title})"))
    return wanted


def on_the_day(stand_in: datetime | None, timing: Timing, where: tzinfo | None
                ) -> datetime | None:
    """When an all-day time reminds: ``timing.day_at`` on its day, local to ``where``."""
    if stand_in is None:
        return None
    local = stand_in.astimezone(where)
    return datetime.combine(local.date(), timing.day_at, local.tzinfo).astimezone(UTC)


def open_step_dues(task_id: int, now: datetime) -> list[tuple[int, str, datetime]]:
    """(step pk, title, due) of the open steps with a future due time in the active plan."""
    plan = (Plan.select(Plan.id, Plan.status).where(Plan.task == task_id)
            .order_by(Plan.revision.desc()).first())
    if plan is None or plan.status not in PLAN_WITH_REMINDERS:
        return []
    steps = Step.select(Step.id, Step.title, Step.due_at).where(
        (Step.plan == plan.id) & Step.due_at.is_null(False)
        & Step.status.not_in(tuple(SATISFIED_STEP)) & (Step.due_at > format_utc(now)))
    return [(s.id, s.title, s.due_at) for s in steps]


def _local(when: datetime) -> str:
    from app.dates.when import local_zone

    return when.astimezone(local_zone()).strftime("%a %m-%d %H:%M")


def all_step_dues(now: datetime) -> dict[int, list[tuple[int, str, datetime]]]:
    """``_step_dues`` for every task at once: open steps of each task's latest plan."""
    latest = (Plan.select(Plan.task, peewee.fn.MAX(Plan.revision).alias("revision"))
              .group_by(Plan.task))
    rows = (Step.select(Step.id, Step.title, Step.due_at, Plan.task)
            .join(Plan)
            .join(latest, on=((Plan.task == latest.c.task_id)
                              & (Plan.revision == latest.c.revision)))
            .where(Plan.status.in_(PLAN_WITH_REMINDERS) & Step.due_at.is_null(False)
                   & Step.status.not_in(tuple(SATISFIED_STEP))
                   & (Step.due_at > format_utc(now))))
    out: dict[int, list[tuple[int, str, datetime]]] = {}
    for step in rows:
        out.setdefault(int(step.plan.task_id), []).append((step.id, step.title, step.due_at))
    return out


# --- firing ----------------------------------------------------------------------------------
