"""What the assistant could do next for each task, and which task comes first.

``next_stage`` reads a task and its latest plan and names the one stage due now (or
None); ``candidates`` lists the tasks with a stage, most urgent first, ties by age.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.agent import decisions
from app.config import settings
from app.plan import graph
from app.plan import store as plans
from app.plan.spec import PlanSpec, PlanStep
from app.states import ACTIVE_PLAN, OPEN_TASK, PlanStatus, StepStatus, TaskStatus
from app.tasks.urgency import Urgency, task_urgency
from models import OutboxMessage, Plan, Step, Task, WorkLog


@dataclass(frozen=True)
class Candidate:
    task: Task
    stage: str
    urgency: Urgency


def runnable_step(plan: Plan, spec: PlanSpec) -> PlanStep | None:
    """The first step the assistant can work on: ready and not the user's, or one it had
    started and not finished (after a crash), unless it waits for an approval."""
    ready = set(graph.ready_steps(spec.steps))
    g = graph.Graph(spec.steps)
    for step in spec.steps:
        if g.is_group(step.id) or step.target == "user" or step.worker not in ("me", "assistant"):
            continue
        if step.id in ready or (step.status == StepStatus.IN_PROGRESS and not _awaiting_approval(
                plan, step.id)):
            return step
    return None


def _awaiting_approval(plan: Plan, step_id: str) -> bool:
    return (OutboxMessage.select().join(Step)
            .where((Step.plan == plan) & (Step.step_id == step_id)
                   & OutboxMessage.status.in_(("pending", "approved"))).exists())


def failed_assistant_step(spec: PlanSpec) -> PlanStep | None:
    return next((s for s in spec.steps
                 if s.status == StepStatus.FAILED and s.target not in (None, "user")), None)


def reviews_done(task_id: int) -> int:
    return WorkLog.select().where((WorkLog.task == task_id)
                                  & (WorkLog.kind == "failure_review")).count()


def next_stage(task: Task, now: datetime, auto_accept: bool) -> str | None:
    """The stage due now for this task, or None when it waits (for time or for you)."""
    if task.status not in OPEN_TASK:
        return None
    if task.expires_at is not None and task.expires_at <= now:
        return "expire"
    if task.problem:
        retry_due = task.next_check_at is not None and task.next_check_at <= now
        if not (retry_due and task.retry_count <= settings.get("assistant.task_retries")):
            return None  # it needs you
    if task.start_at is not None and task.start_at > now and task.status != TaskStatus.NEW:
        return None
    if task.status == TaskStatus.NEW:
        return "review"
    if task.status == TaskStatus.WAITING:
        due = task.next_check_at or task.start_at
        return "quick_check" if due is None or due <= now else None
    plan = plans.latest_plan(task.id)
    if task.status == TaskStatus.REVIEWED:
        return "plan" if _wants_plan(task, plan) else None
    if plan is None:
        return None
    if plan.status == PlanStatus.PENDING:
        return "approve" if auto_accept else None
    if plan.status == PlanStatus.IN_PROGRESS:
        return "do" if runnable_step(plan, plans.spec_of(plan)) else None
    if plan.status == PlanStatus.PAUSED:
        failed = failed_assistant_step(plans.spec_of(plan))
        if failed and reviews_done(task.id) < settings.get("assistant.review_budget"):
            return "failure_review"
    return None


def _wants_plan(task: Task, plan: Plan | None) -> bool:
    """A reviewed task waits for a plan unless its review found it simple, or the person
    reopened it after its plan was finished (then it is theirs, as it stands)."""
    if plan is None:
        return not decisions.simple_tasks().where(WorkLog.task == task.id).exists()
    return plan.status not in (*ACTIVE_PLAN, PlanStatus.COMPLETED)


def _maybe_due(now: datetime, auto_accept: bool) -> Any:
    """A cheap SQL filter for tasks that might have a stage due now; ``next_stage`` decides.

    It leaves out what certainly waits: a future start or next check, a problem with no
    retry due, and running tasks whose plan has no unfinished step for the assistant.
    """
    retry_due = Task.next_check_at.is_null(False) & (Task.next_check_at <= now)
    no_problem = Task.problem.is_null() | retry_due
    expired = Task.expires_at.is_null(False) & (Task.expires_at <= now)
    started = Task.start_at.is_null() | (Task.start_at <= now) | (Task.status == TaskStatus.NEW)
    checked = Task.next_check_at.is_null() | (Task.next_check_at <= now)
    statuses = [TaskStatus.NEW, TaskStatus.REVIEWED, TaskStatus.WAITING, TaskStatus.IN_PROGRESS,
                TaskStatus.PAUSED]
    if auto_accept:
        statuses.append(TaskStatus.PLANNED)
    assistant_work = Task.id.in_(
        Plan.select(Plan.task).join(Step).where(
            Plan.status.in_((PlanStatus.IN_PROGRESS, PlanStatus.PAUSED))
            & Step.status.in_((StepStatus.PENDING, StepStatus.IN_PROGRESS, StepStatus.FAILED))
            & Step.target.is_null(False) & (Step.target != "user")))
    wants_plan = (Task.status == TaskStatus.REVIEWED) & Task.id.not_in(decisions.simple_tasks())
    work = (Task.status.in_((TaskStatus.NEW, TaskStatus.WAITING, TaskStatus.PLANNED))
            | wants_plan
            | (Task.status.in_((TaskStatus.IN_PROGRESS, TaskStatus.PAUSED)) & assistant_work))
    return expired | (Task.status.in_(statuses) & no_problem & started & checked & work)


PAGE = 200
# Python rounds the urgency to 4 decimals and SQL does not: a task SQL ranks this much
# lower may still rank first in Python (a tie its lower id wins, or float rounding).
CLOSE = 2e-4


def first_candidate(now: datetime, auto_accept: bool) -> Candidate | None:
    """``candidates(...)[0]`` without reading every task: the tasks are walked in SQL's
    urgency order a page at a time until one has a stage; the ones SQL ranks within
    ``CLOSE`` below it are then ranked with it as ``candidates`` does, in Python."""
    from app.tasks.queries import urgency_sql

    score = urgency_sql(now, blocked=True)
    maybe = Task.status.in_(tuple(OPEN_TASK)) & _maybe_due(now, auto_accept)
    ranked = Task.select(Task, score.alias("sql_score")).where(maybe).order_by(
        score.desc(), Task.id)
    offset = 0
    while True:
        page = list(ranked.limit(PAGE).offset(offset))
        offset += PAGE
        at = next((n for n, task in enumerate(page) if next_stage(task, now, auto_accept)),
                  None)
        if at is not None:
            break
        if len(page) < PAGE:
            return None
    top = _sql_score(page[at])
    near = [t for t in page[at:] if _sql_score(t) >= top - CLOSE]
    if len(near) == len(page) - at == PAGE - at:  # the page may end inside the band
        last = _sql_score(page[-1])
        near += ranked.where((score >= top - CLOSE) & (score < last)
                             | (score == last) & (Task.id > page[-1].id))
    found = (_candidate(t, now, auto_accept) for t in near)
    return min((c for c in found if c), key=lambda c: (-c.urgency.score, c.task.id))


def _sql_score(task: Task) -> float:
    return float(task.sql_score)  # type: ignore[attr-defined]


def _candidate(task: Task, now: datetime, auto_accept: bool) -> Candidate | None:
    stage = next_stage(task, now, auto_accept)
    return None if stage is None else Candidate(task, stage, task_urgency(task, now))


def candidates(now: datetime, auto_accept: bool) -> list[Candidate]:
    """Tasks with a stage due now, most urgent first (ties: the older task)."""
    found = []
    query = (Task.select().where(Task.status.in_(tuple(OPEN_TASK))
                                 & _maybe_due(now, auto_accept)).order_by(Task.id))
    for task in query:
        stage = next_stage(task, now, auto_accept)
        if stage is None:
            continue
        found.append(Candidate(task, stage, task_urgency(task, now)))
    found.sort(key=lambda c: (-c.urgency.score, c.task.id))
    return found
