"""One step as the step panel shows it: read from the store as plain data (Qt-free).

``read_step`` is the panel's only read of the store: the step's row of the task's
latest plan, whether it is a group, and what it still waits for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from app.plan import store as plans
from app.plan.rows import step_of
from app.plan.spec import PlanStep
from app.states import SATISFIED_STEP
from app.tasks.problems import step_error
from models import Step, StepDependency

_MAX_LEVELS = 8  # more than the depth rule allows: a guard against a parent loop


@dataclass(frozen=True)
class StepView:
    """One step as the panel shows it (plain data, read from the store): the step's own
    columns as the one mapper reads them (``step``, a PlanStep; its place in the graph,
    parent and dependencies, is the graph's and not read here), and what only the panel
    needs beside them."""

    task_id: int
    plan_status: str
    step: PlanStep
    error: str | None  # the step's error as the user reads it (``step.error`` is the code)
    attempts: int
    is_group: bool
    waiting_for: tuple[str, ...]
    revision: int = 0


def read_step(task_id: int, step_id: str) -> StepView | None:
    """The step of the task's latest plan, or None when there is no such step (a few rows)."""
    plan = plans.latest_plan(task_id)
    row = None if plan is None else Step.get_or_none(
        (Step.plan == plan.id) & (Step.step_id == step_id))
    if plan is None or row is None:
        return None
    return StepView(
        task_id=task_id, plan_status=plan.status, step=step_of(row, None, []),
        error=step_error(row.error, plan.task.title, plan.task.detail), attempts=row.attempts,
        is_group=Step.select(Step.id).where(Step.parent == row.id).exists(),
        waiting_for=waiting_for(row), revision=int(plan.revision))


def waiting_for(row: Step) -> tuple[str, ...]:
    """Unsatisfied dependencies of the step and of its groups (what blocks a start)."""
    ids, parent = [row.id], row.parent_id
    while parent is not None and parent not in ids and len(ids) < _MAX_LEVELS:
        ids.append(parent)
        parent = Step.select(Step.parent).where(Step.id == parent).scalar()
    dep = Step.alias()
    query = (StepDependency.select(dep.step_id)
             .join(dep, on=StepDependency.depends_on == dep.id)
             .where(StepDependency.step.in_(ids) & dep.status.not_in(tuple(SATISFIED_STEP)))
             .order_by(dep.position).tuples())
    return tuple(str(r[0]) for r in cast(list[tuple[Any, ...]], list(query)))
