"""What the scheduler reads from the store: the schedulable steps, the kept blocks, the
hours, and the appointments (times the person named).

A step is schedulable when it is pending in a running plan of an open task (a plan
nobody approved is not scheduled), targets ``user`` with the user (``me``) as its worker,
has no sub-steps and has an estimate. A time the person named ("gym at 7am Thursday") is
an appointment: it is busy time the scheduler places nothing over, and a step due at it
is the appointment itself, never moved. Its dependencies are its own and its ancestors',
a group standing for its leaves; satisfied ones (completed, skipped) drop out. Blocks
that are pinned or under way stay, as do all blocks of a step that has one of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.calendar.freebusy import Interval
from app.schedule.model import Block, Hours, StepKey, Work
from app.states import OPEN_TASK, SATISFIED_STEP, PlanStatus, StepStatus, TaskStatus
from app.tasks.urgency import urgency
from models import Plan, ScheduledBlock, Step, StepDependency, Task

SCHEDULED_PLANS = (PlanStatus.IN_PROGRESS,)
APPOINTMENT_MINUTES = 60  # how long a named time is kept free when nothing says otherwise
USER_WORKERS = ("me", "user")
DAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class _Row:
    pk: int
    task_id: int
    step_id: str
    parent: int | None
    title: str
    status: str
    target: str | None
    worker: str
    minutes: int | None
    due: datetime | None
    position: int


_STEP_COLUMNS = (Step.id, Step.plan, Step.step_id, Step.parent, Step.title, Step.status,
                 Step.target, Step.worker, Step.estimate_minutes, Step.due_at, Step.position)
_TASK_COLUMNS = (Task.id, Task.priority, Task.due_at, Task.created_at, Task.start_at,
                 Task.named, Task.title)


@dataclass(frozen=True)
class _Task:
    priority: int
    due_at: datetime | None
    created_at: datetime
    start_at: datetime | None
    named: list[str]
    title: str

    def named_times(self) -> list[datetime]:
        held = {"start": self.start_at, "due": self.due_at}
        return [t for role in self.named if (t := held.get(role)) is not None]


@dataclass
class Read:
    """The store's side of ``Inputs``, plus the step primary keys for reminders and logs."""

    work: list[Work]
    fixed: list[Block]
    titles: dict[StepKey, str]
    step_pks: dict[StepKey, int]
    open_keys: set[StepKey]
    appointments: list[Interval]


def hours() -> Hours:
    """Working hours and days from the settings."""
    from app.calendar.freebusy import work_hours
    from app.config import settings

    start, end = work_hours()
    return Hours(start, end, work_days(str(settings.get("calendar.work_days"))))


def work_days(text: str) -> frozenset[int]:
    """"mon,tue,wed,thu,fri" → {0, 1, 2, 3, 4}; unknown names are ignored."""
    names = [part.strip().lower()[:3] for part in text.split(",")]
    return frozenset(DAY_NAMES.index(n) for n in names if n in DAY_NAMES)


def read(now: datetime) -> Read:
    """Read every schedulable step and every block to keep, as plain data."""
    tasks = {t[0]: _Task(*t[1:]) for t in Task.select(*_TASK_COLUMNS).where(
        Task.status.in_(tuple(OPEN_TASK - {TaskStatus.PAUSED}))).tuples().iterator()}
    plans = dict(Plan.select(Plan.id, Plan.task).where(
        Plan.status.in_(SCHEDULED_PLANS) & Plan.task.in_(list(tasks))).tuples().iterator())
    rows = [_Row(row[0], plans[row[1]], *row[2:]) for row in Step.select(*_STEP_COLUMNS).where(
        Step.plan.in_(list(plans))).tuples().iterator()]
    by_pk = {r.pk: r for r in rows}
    edges = _edges(list(plans))
    children: dict[int, list[int]] = {}
    for r in rows:
        if r.parent is not None:
            children.setdefault(r.parent, []).append(r.pk)
    titles = {(r.task_id, r.step_id): r.title for r in rows}
    step_pks = {(r.task_id, r.step_id): r.pk for r in rows}
    open_keys = {(r.task_id, r.step_id) for r in rows if r.status not in SATISFIED_STEP}
    at_named = {r.pk for r in rows if r.due is not None
                and r.due in tasks[r.task_id].named_times()}
    work = [_work(r, by_pk, edges, children, tasks[r.task_id], now)
            for r in rows if _schedulable(r, children) and r.pk not in at_named]
    running = {(r.task_id, r.step_id) for r in rows if r.status == StepStatus.IN_PROGRESS}
    fixed = _kept_blocks(now, open_keys, running)
    taken = {pk: by_pk[pk].minutes for pk in at_named}
    return Read(work, fixed, titles, step_pks, open_keys,
                _appointments(tasks, [by_pk[pk] for pk in at_named], taken, now))


def _appointments(tasks: dict[int, _Task], steps: list[_Row], minutes: dict[int, int | None],
                  now: datetime) -> list[Interval]:
    """Busy time at each named time still ahead: as long as the step due at it takes, or
    an hour."""
    length = {(r.task_id, r.due): minutes[r.pk] or APPOINTMENT_MINUTES for r in steps}
    found = []
    for task_id, task in tasks.items():
        for when in task.named_times():
            span = timedelta(minutes=length.get((task_id, when), APPOINTMENT_MINUTES))
            if when + span > now:
                found.append(Interval(when, when + span, (task.title[:40],)))
    return sorted(found, key=lambda i: i.start)


def _edges(plan_ids: list[int]) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    query = (StepDependency.select(StepDependency.step, StepDependency.depends_on)
             .join(Step, on=StepDependency.step == Step.id)
             .where(Step.plan.in_(plan_ids)).order_by(StepDependency.id).tuples())
    for step_pk, dep_pk in query.iterator():
        found.setdefault(int(step_pk), []).append(int(dep_pk))
    return found


def _schedulable(row: _Row, children: dict[int, list[int]]) -> bool:
    return (row.status == StepStatus.PENDING and row.target == "user" and row.worker in USER_WORKERS
            and row.minutes is not None and row.pk not in children)


def _work(row: _Row, by_pk: dict[int, _Row], edges: dict[int, list[int]],
          children: dict[int, list[int]], task: _Task, now: datetime) -> Work:
    deps: list[StepKey] = []
    chain, parent = [row.pk], row.parent
    while parent is not None and parent not in chain:
        chain.append(parent)
        parent = by_pk[parent].parent if parent in by_pk else None
    for pk in chain:
        for dep in edges.get(pk, ()):
            deps += [(by_pk[leaf].task_id, by_pk[leaf].step_id)
                     for leaf in _leaves(dep, children)
                     if leaf in by_pk and by_pk[leaf].status not in SATISFIED_STEP]
    dues = [d for d in (row.due, task.due_at) if d is not None]
    score = urgency(task.priority, task.due_at, task.created_at, False, now).score
    assert row.minutes is not None
    return Work(row.task_id, row.step_id, row.title, row.minutes, tuple(sorted(set(deps))),
                min(dues) if dues else None, task.start_at, score, row.position)


def _leaves(pk: int, children: dict[int, list[int]]) -> Iterable[int]:
    below = children.get(pk)
    if not below:
        yield pk
        return
    for child in below:
        yield from _leaves(child, children)


def _kept_blocks(now: datetime, open_keys: set[StepKey], running: set[StepKey]) -> list[Block]:
    """The blocks that stay: of open steps, those pinned or under way and every later
    block of the same step; of steps in progress, every block not yet over."""
    rows = [Block(*row) for row in ScheduledBlock.select(*BLOCK_COLUMNS).order_by(
        ScheduledBlock.start, ScheduledBlock.id).tuples().iterator()]
    rows = [b for b in rows if b.key in open_keys]
    anchored = {b.key for b in rows if b.pinned or b.start <= now < b.end}
    return [b for b in rows
            if b.pinned or (b.end > now and (b.key in anchored or b.key in running))]


BLOCK_COLUMNS = (ScheduledBlock.task, ScheduledBlock.step_id, ScheduledBlock.start,
                  ScheduledBlock.end, ScheduledBlock.why, ScheduledBlock.pinned,
                  ScheduledBlock.chunk)
