"""Tasks and their plans read from the store as VTODO items (``app.ical.vtodo``).

A task's latest plan travels with it while it is active or completed (an aborted plan
stays home). Reminders become VALARMs as RFC 9074 writes them: each with a stable UID,
a dismissed one ACKNOWLEDGED, a snoozed one with its snooze alarm (``app.ical.vtodo``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

import peewee

from app.ical import uids
from app.ical.vtodo import PlanInfo, Reminder, StepItem, TaskItem
from app.plan import store as plans
from app.plan.graph import Graph
from app.plan.spec import PlanSpec
from app.states import ACTIVE_PLAN, SATISFIED_STEP, PlanStatus, TaskStatus
from app.tasks import store as tasks
from models import Plan, Step, Task, WorkLog
from models.tables import Reminder as ReminderRow

TRAVELLING_PLAN = (*ACTIVE_PLAN, PlanStatus.COMPLETED)


def items_of(task: Task, known: Known | None = None) -> tuple[TaskItem, list[StepItem]]:
    """The task's item and the items of its travelling plan's steps (``known``: what
    ``all_items`` read for every task at once)."""
    plan = plans.latest_plan(task.id) if known is None or task.id in known.planned else None
    travelling = plan is not None and plan.status in TRAVELLING_PLAN
    spec = plans.spec_of(plan) if plan is not None and travelling else None
    task_uid = uids.task_uid(task.uid, task.id)
    alarms = _reminders(task.id, task_uid) if known is None \
        else _alarm_items(known.reminders.get(task.id, []), task_uid)
    sequence = WorkLog.select().where(WorkLog.task == task.id).count() if known is None \
        else known.sequences.get(task.id, 0)
    item = _task_item(task, plan if spec is not None else None, spec, alarms.get(None, []),
                      sequence)
    if plan is None or spec is None:
        return item, []
    return item, _step_items(item.uid, plan, spec, alarms)


@dataclass
class Known:
    """What every task's item needs, read for all tasks in three queries: the tasks with
    a plan, the reminder rows by task (as ``_reminder_rows``) and the work log counts."""

    planned: set[int]
    reminders: dict[int, list[tuple[Any, ...]]]
    sequences: dict[int, int]


def _task_item(task: Task, plan: Plan | None, spec: PlanSpec | None,
               alarms: list[Reminder], sequence: int) -> TaskItem:
    done = task.status == TaskStatus.DONE
    return TaskItem(
        uid=uids.task_uid(task.uid, task.id), title=task.title, detail=task.detail,
        status=task.status, priority=task.priority, tags=list(task.tags),
        start_at=_set(task, "start"), due_at=_set(task, "due"), expires_at=task.expires_at,
        timezone=task.timezone, exdates=_series(task, "exdates"),
        rdates=_series(task, "rdates"),
        recurrence=task.recurrence, completed_at=task.updated_at if done else None,
        percent=100 if done else _percent(spec), modified=task.updated_at,
        sequence=sequence, reminders=alarms,
        plan=None if plan is None else PlanInfo(plan.revision, plan.origin, plan.title,
                                                plan.objective),
    )


def _set(task: Task, role: str) -> date | datetime | None:
    """A start or due as the item carries it: a date, or the moment in UTC."""
    return _utc(tasks.when(task, role))


def _series(task: Task, key: str) -> list[date | datetime]:
    """A series' EXDATEs or RDATEs as the item carries them (as ``_set``)."""
    return [_utc(v) for v in tasks.occurrences_as_set(task, key)]


def _utc(value: Any) -> Any:
    return value.astimezone(UTC) if isinstance(value, datetime) else value


def _percent(spec: PlanSpec | None) -> int | None:
    """How much of the plan is done: its satisfied leaf steps, as a percentage."""
    if spec is None or not spec.steps:
        return None
    graph = Graph(spec.steps)
    leaves = [s for s in spec.steps if not graph.is_group(s.id)]
    done = sum(1 for s in leaves if s.status in SATISFIED_STEP)
    return round(100 * done / len(leaves))


def _step_items(task_uid: str, plan: Plan, spec: PlanSpec,
                alarms: dict[int | None, list[Reminder]]) -> list[StepItem]:
    rows = {r.step_id: r for r in Step.select(Step.id, Step.step_id, Step.uid)
            .where(Step.plan == plan)}
    kept = _kept_uids(plan)
    uid_of = {sid: uids.step_uid(task_uid, sid, row.uid or kept.get(sid))
              for sid, row in rows.items()}
    finished = _last_logged(plan)
    graph = Graph(spec.steps)
    items = []
    for step in spec.steps:
        pk = rows[step.id].id
        satisfied = step.status in SATISFIED_STEP
        items.append(StepItem(
            uid=uid_of[step.id], parent_uid=uid_of[step.parent] if step.parent else task_uid,
            step=step, depends_on=[uid_of[d] for d in step.depends_on],
            revision=plan.revision, origin=plan.origin,
            completed_at=finished.get(pk, plan.created_at) if satisfied else None,
            percent=_group_percent(graph, spec, step.id) if graph.is_group(step.id)
            else 100 if satisfied else 0,
            modified=max(plan.created_at, finished.get(pk, plan.created_at)),
            sequence=plan.revision - 1,
            reminders=alarms.get(pk, []),
        ))
    return items


def _kept_uids(plan: Plan) -> dict[str, str]:
    """Foreign step UIDs stored on any revision of the plan's task, the newest winning:
    a step keeps its UID for ever. A new revision copies ``Step.uid`` from the one before
    (``app.plan.rows``), but revisions saved before it did, and a step id that comes back
    after a revision without it, still need this."""
    query = (Step.select(Step.step_id, Step.uid).join(Plan)
             .where(Plan.task == plan.task_id, Step.uid.is_null(False))
             .order_by(Plan.revision))
    return {step_id: uid for step_id, uid in query.tuples().iterator()}


def _group_percent(graph: Graph, spec: PlanSpec, group: str) -> int:
    leaves = [s for s in spec.steps if group in graph.ancestors(s.id) and not graph.is_group(s.id)]
    done = sum(1 for s in leaves if s.status in SATISFIED_STEP)
    return round(100 * done / len(leaves)) if leaves else 0


def _last_logged(plan: Plan) -> dict[int, datetime]:
    """When each step of the plan last had something logged (its last state change)."""
    query = (WorkLog.select(WorkLog.step, peewee.fn.MAX(WorkLog.at).alias("last"))
             .join(Step, on=WorkLog.step == Step.id).where(Step.plan == plan)
             .group_by(WorkLog.step))
    found: dict[int, datetime] = {}
    for step_pk, last in query.tuples().iterator():  # MAX keeps the column's conversion
        if isinstance(last, datetime):
            found[int(step_pk)] = last
    return found


ACKNOWLEDGED_KEPT = 10
"""How many of a task's dismissed reminders keep their VALARM (the latest dismissed): an
acknowledged VALARM stays so that no other device fires it (RFC 9074); the older ones,
long past, go, so that a repeating task's VTODO does not grow for ever."""


def _reminders(task_id: int, task_uid: str) -> dict[int | None, list[Reminder]]:
    """The task's reminders by step row id (None: the task's own), one query: each not yet
    dismissed (to fire, snoozed, or fired and waiting in the list) and the latest
    dismissed ones, each with the stable UID of its VALARM."""
    return _alarm_items(list(_reminder_rows(ReminderRow.task == task_id)), task_uid)


def _reminder_rows(where: Any) -> Iterator[tuple[Any, ...]]:
    """Reminder rows as ``_alarm_items`` reads them (the task's id last), by time."""
    query = (ReminderRow.select(ReminderRow.id, ReminderRow.step, Step.step_id,
                                ReminderRow.kind, ReminderRow.fire_at, ReminderRow.snoozed_until,
                                ReminderRow.acknowledged_at, ReminderRow.text, ReminderRow.task)
             .join(Step, peewee.JOIN.LEFT_OUTER, on=(ReminderRow.step == Step.id))
             .order_by(ReminderRow.fire_at, ReminderRow.id))
    return iter((query if where is None else query.where(where)).tuples().iterator())


def _alarm_items(rows: list[tuple[Any, ...]], task_uid: str
                 ) -> dict[int | None, list[Reminder]]:
    dismissed = sorted((r for r in rows if r[6] is not None), key=lambda r: (r[6], r[0]))
    gone = {r[0] for r in dismissed[:-ACKNOWLEDGED_KEPT]}
    found: dict[int | None, list[Reminder]] = {}
    for pk, step_pk, step_id, kind, fire_at, snoozed, acknowledged, text, _ in rows:
        if pk not in gone:
            uid = alarm_uid(task_uid, kind, step_id, fire_at)
            found.setdefault(step_pk, []).append(Reminder(
                fire_at.replace(microsecond=0), text, uid, _second(acknowledged),
                _second(snoozed), kind))
    return found


def alarm_uid(task_uid: str, kind: str, step_id: str | None, fire_at: datetime) -> str:
    """The UID of a reminder's VALARM (RFC 9074), the same on every device that makes the
    same reminder: from its task, its kind, its step and its time."""
    name = f"{task_uid}/valarm/{kind}/{step_id or ''}/{fire_at:%Y%m%dT%H%M%SZ}"
    return str(uuid.uuid5(uuid.NAMESPACE_URL, name))


def _second(when: datetime | None) -> datetime | None:
    """A time as a VALARM carries it: to the second."""
    return None if when is None else when.replace(microsecond=0)


def all_items() -> list[tuple[TaskItem, list[StepItem]]]:
    """Every task in id order, with its steps; what each needs read for all at once (not
    three queries a task: 100,000 tasks were 300,000 queries)."""
    reminders: dict[int, list[tuple[Any, ...]]] = {}
    for row in _reminder_rows(None):
        reminders.setdefault(int(row[-1]), []).append(row)
    counts: list[tuple[Any, ...]] = list(
        WorkLog.select(WorkLog.task, peewee.fn.COUNT(WorkLog.id)).group_by(WorkLog.task)
        .tuples().iterator())
    planned: list[tuple[Any, ...]] = list(Plan.select(Plan.task).distinct().tuples().iterator())
    known = Known(planned={int(row[0]) for row in planned}, reminders=reminders,
                  sequences={int(row[0]): int(row[1]) for row in counts})
    return [items_of(task, known) for task in Task.select().order_by(Task.id)]
