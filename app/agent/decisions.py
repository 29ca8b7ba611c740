"""The assistant's decisions as data: each is a WorkLog row with its stage, decision and
step id in columns, so budgets and attempts are counted by column, never by searching
the text a model (or a person) wrote.
"""

from __future__ import annotations

from typing import Any

from peewee import fn

from models import Plan, Step, WorkLog


def record(task_id: int, stage: str, decision: str, message: str, *,
           plan_step: str | None = None, actor: str = "assistant") -> None:
    """Log one decision (inside the caller's transaction)."""
    WorkLog.create(task=task_id, kind=stage, stage=stage, decision=decision,
                   plan_step=plan_step, message=message[:2000], actor=actor)


SIMPLE = "simple"  # the review's decision that a task needs no plan (DESIGN §4)


def is_simple_plan(data: dict[str, Any]) -> bool:
    """Whether a proposed plan is one step the person does themselves: such a task stays
    a simple task with its check box (its times and reminders are still fixed)."""
    steps = data.get("steps") or []
    return (len(steps) == 1 and steps[0].get("target") == "user"
            and steps[0].get("worker", "me") in ("me", "", None))


def simple_reason(data: dict[str, Any]) -> str:
    """What the review logs for a simple task: why the one step is the person's."""
    why = str((data.get("steps") or [{}])[0].get("objective") or "").strip()
    return why or "one step for you: no plan needed"


def simple_tasks() -> Any:
    """A query of the ids of tasks whose latest review decided they need no plan."""
    latest = (WorkLog.select(fn.MAX(WorkLog.id)).where(WorkLog.stage == "review")
              .group_by(WorkLog.task))
    return WorkLog.select(WorkLog.task).where(WorkLog.id.in_(latest)
                                              & (WorkLog.decision == SIMPLE))


def count(task_id: int, stage: str, decision: str | None = None,
          plan_step: str | None = None) -> int:
    """How many times ``stage`` decided ``decision`` (any, when None) for a task."""
    query = WorkLog.select().where((WorkLog.task == task_id) & (WorkLog.stage == stage))
    if decision is not None:
        query = query.where(WorkLog.decision == decision)
    if plan_step is not None:
        query = query.where(WorkLog.plan_step == plan_step)
    return int(query.count())


def step_errors(task_id: int, step_id: str, limit: int = 5) -> list[str]:
    """The latest log lines about a step (any plan revision), found by its rows, not text."""
    rows = Step.select(Step.id).join(Plan).where((Plan.task == task_id)
                                                 & (Step.step_id == step_id))
    found = (WorkLog.select().where((WorkLog.task == task_id) & WorkLog.step.in_(rows)
                                    & WorkLog.kind.in_(("retry", "do")))
             .order_by(WorkLog.id.desc()).limit(limit))
    return [w.message for w in reversed(list(found))]
