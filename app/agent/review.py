"""The review stage's reply: checked against the task (times in order, any plan valid,
sense checks passed) into a ``ReviewDecision``, then applied whole in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.agent import decisions, sense
from app.agent.generated_plan import flag_busy, generated_plan_data
from app.agent.prompt_context import task_facts
from app.agent.replies import (
    Action,
    Execute,
    ReplyError,
    ReviewReply,
    parse_object,
    parse_reply,
)
from app.agent.retries import clear_retry
from app.calendar.freebusy import context_for
from app.plan import store as plans
from app.states import TaskStatus
from app.tasks.problems import Problem
from app.tasks.store import set_problem, set_status
from models import Task, atomic
from models.fields import format_utc


@dataclass(frozen=True)
class ReviewDecision:
    """A checked review: the reply, the times it fills in, and the plan it brings."""

    reply: ReviewReply
    times: dict[str, datetime]
    plan: dict[str, Any] | None


def review_decision(text: str, task: Task, now: datetime) -> ReviewDecision:
    """A review reply checked against the task: times in order, any plan valid."""
    reply = parse_reply("review", text)
    assert isinstance(reply, ReviewReply)
    times: dict[str, datetime] = {}
    for action in reply.actions:
        if action.name == "confirm":
            for key in ("start", "due", "expires"):
                value = getattr(action, key)
                if value is not None and getattr(task, f"{key}_at") is None:
                    times[key] = value
    merged = {k: times.get(k) or getattr(task, f"{k}_at") for k in ("start", "due", "expires")}
    known = [(k, v) for k, v in merged.items() if v is not None]
    for (a, ta), (b, tb) in zip(known, known[1:], strict=False):
        if ta > tb:
            raise ReplyError(f"the {a} time {ta.isoformat()} is after the {b} time "
                             f"{tb.isoformat()}")
    outcome = reply.outcome()
    plan = None
    if outcome is not None and outcome.name == "next_check" and outcome.at <= now:
        raise ReplyError("next_check must be in the future")
    if isinstance(outcome, Execute):
        plan = _one_step_plan(task, outcome)
    elif outcome is not None and outcome.name == "plan" and outcome.plan is not None:
        plan = generated_plan_data(outcome.plan, task.id)
    return ReviewDecision(reply, times, plan)


def sensible_review(text: str, task: Task, now: datetime) -> ReviewDecision:
    """A review decision that also passes the sense checks (``app.agent.sense``)."""
    decision = review_decision(text, task, now)
    own = json.dumps(task_facts(task), ensure_ascii=False)
    sense.check_review(parse_object(text), decision.reply, task.title, own, now)
    if decision.plan is not None:
        sense.check_plan(decision.plan, own)
    return decision


def _one_step_plan(task: Task, action: Execute) -> dict[str, Any]:
    step: dict[str, Any] = {
        "id": "do", "title": action.step.title, "depends_on": [], "parent": None,
        "target": action.step.target, "inputs": action.step.inputs,
        "done_when": action.step.done_when, "worker": "assistant"}
    return generated_plan_data({"schema_version": 1, "title": task.title, "objective":
                                task.title, "steps": [step]}, task.id)


def apply_review(task: Task, decision: ReviewDecision, source: str, now: datetime) -> str:
    """Apply a checked review whole, in one transaction.

    Returns:
        What the review did, for the stage's outcome.
    """
    reply = decision.reply
    outcome = reply.outcome()
    with atomic():
        task = Task.get_by_id(task.id)
        task.tags = sorted(set(task.tags) | set(reply.tags[:3]))
        for key, value in decision.times.items():
            setattr(task, f"{key}_at", value)
        task.all_day = [r for r in task.all_day or () if r not in decision.times]  # a moment now
        task.save()
        decisions.record(task.id, "review", outcome.name if outcome else "confirm",
                         reply.think[:500] or "reviewed")
        task, summary = _settle(task, outcome, decision, source, now)
        if outcome is None or outcome.name != "fail":
            clear_retry(task, keep_next_check=outcome is not None)
        task.save()
    return summary


def _settle(task: Task, outcome: Action | None, decision: ReviewDecision, source: str,
            now: datetime) -> tuple[Task, str]:
    """The task's new state after the review's decisive action (caller's transaction)."""
    if outcome is None:
        set_status(task, TaskStatus.REVIEWED, why="times confirmed", actor="assistant")
        return task, "reviewed; a plan comes next"
    if outcome.name == "next_check":
        task.next_check_at = outcome.at
        set_status(task, TaskStatus.WAITING, why=outcome.reason or "no time can be fixed yet",
                   actor="assistant")
        return task, f"waiting until {format_utc(outcome.at)}"
    if outcome.name == "cancel":
        task.result = outcome.reason
        set_status(task, TaskStatus.CANCELLED, why=outcome.reason, actor="assistant")
        return task, f"cancelled: {outcome.reason}"
    if outcome.name == "fail":
        set_status(task, TaskStatus.FAILED, why=outcome.reason, actor="assistant")
        set_problem(task, Problem.of("cannot_do", reason=outcome.reason))
        return task, f"failed: {outcome.reason}"
    if decision.plan is not None and decisions.is_simple_plan(decision.plan):
        return _keep_simple(task, decision.plan)
    if decision.plan is not None:
        return _save_reviewed_plan(task, outcome.name, decision.plan, source, now)
    set_status(task, TaskStatus.REVIEWED, why="a plan comes next", actor="assistant")
    return task, "reviewed; a plan comes next"


def _keep_simple(task: Task, plan: dict[str, Any]) -> tuple[Task, str]:
    """A plan of one step for the person is no plan: the task stays simple (caller's
    transaction), ticked off with one click; why it is the person's is logged."""
    decisions.record(task.id, "review", decisions.SIMPLE, decisions.simple_reason(plan))
    set_status(task, TaskStatus.REVIEWED, why="reviewed: a simple task", actor="assistant")
    return task, "reviewed: a simple task, no plan needed"


def _save_reviewed_plan(task: Task, name: str, plan_data: dict[str, Any], source: str,
                        now: datetime) -> tuple[Task, str]:
    """The review brought a plan (inline, or one step to execute): saved as the next revision."""
    set_status(task, TaskStatus.REVIEWED, why="reviewed", actor="assistant")
    plan = plans.save_plan(task.id, plan_data, author="assistant", source=source)
    task = Task.get_by_id(task.id)
    summary = (f"{name}: {len(plan_data['steps'])} step(s), revision "
               f"{plan.revision} {plan.status}")
    clashes = flag_busy(task, plan_data, context_for(now, task.due_at).busy)
    return task, summary + (f"; {clashes}" if clashes else "")
