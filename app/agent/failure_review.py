"""The failure review's reply: checked (a real worker, a split that stays within four
levels and is a valid plan), then applied whole — advice stored and the step retried,
the step handed to someone else, or the step split into sub-steps. A split is validated
once, when the reply is checked; the store takes the plan checked then (``Checked``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.agent import decisions, sense
from app.agent.outbox import find_contact
from app.agent.outcome import StageFailed
from app.agent.replies import FailureReviewReply, ReplyError, parse_object, parse_reply
from app.config import settings
from app.errors import KnownError
from app.plan import store as plans
from app.plan.graph import Graph
from app.plan.spec import Checked, PlanSpec, PlanStep, checked
from app.problems import InvalidPlan
from app.states import StepStatus
from models import Task, atomic


@dataclass(frozen=True)
class ReviewedFailure:
    """A failure review reply that passed its checks; for a split, the new plan as it was
    validated then (and the step ids the model wrote), so it is not validated again."""

    reply: FailureReviewReply
    split: Checked | None = None
    generated: frozenset[str] = frozenset()


def checked_review(text: str, spec: PlanSpec, step: PlanStep) -> ReviewedFailure:
    """A failure review reply checked against the plan and the failed step."""
    reply = parse_reply("failure_review", text)
    sense.check_verdict(parse_object(text), json.dumps(step.to_json(), ensure_ascii=False))
    assert isinstance(reply, FailureReviewReply)
    if reply.decision == "change_worker" and reply.worker not in ("me", "assistant"):
        if reply.worker is None or find_contact(reply.worker) is None:
            raise ReplyError(f"{reply.worker!r} is not 'me' or one of your contacts")
    if reply.decision == "split":
        if len(Graph(spec.steps).ancestors(step.id)) + 1 >= 4:
            raise ReplyError("the step is already at level 4 and cannot be split further")
        ids = {s.id for s in reply.steps}
        for sub in reply.steps:
            if set(sub.depends_on) - ids:
                raise ReplyError(f"sub-step {sub.id!r} depends on steps outside the split")
        data, generated = split_plan(spec, step, reply)
        try:
            plan = checked(data, max_steps=settings.get("assistant.max_steps"),
                           generated=generated)
        except InvalidPlan as exc:
            raise ReplyError("the split is invalid: " + "; ".join(map(str, exc.problems))
                             ) from None
        return ReviewedFailure(reply, plan, frozenset(generated))
    return ReviewedFailure(reply)


def split_plan(spec: PlanSpec, step: PlanStep, reply: FailureReviewReply
               ) -> tuple[dict[str, Any], set[str]]:
    """The plan with the failed step turned into a group of the proposed sub-steps."""
    data = spec.to_json()
    data["origin"] = "assistant"
    target = next(s for s in data["steps"] if s["id"] == step.id)
    target.update(status=StepStatus.PENDING, error=None, result=None, target=None, inputs={})
    generated = {step.id}
    for sub in reply.steps:
        sid = f"{step.id}.{sub.id}"
        generated.add(sid)
        data["steps"].append({
            "id": sid, "title": sub.title,
            "depends_on": [f"{step.id}.{d}" for d in sub.depends_on], "parent": step.id,
            "target": sub.target, "inputs": sub.inputs, "done_when": sub.done_when,
            "worker": "assistant"})
    return data, generated


def apply_failure_review(task: Task, spec: PlanSpec, step: PlanStep, reviewed: ReviewedFailure,
                         source: str) -> str:
    """Change the worker, split the step, or store advice and retry — one transaction."""
    reply = reviewed.reply
    with atomic():
        decisions.record(task.id, "failure_review", reply.decision, f"step {step.id!r}: "
                         f"{reply.decision} — {reply.think[:300]}", plan_step=step.id)
        if reply.decision == "advice":
            fresh = Task.get_by_id(task.id)
            fresh.advice = ((fresh.advice + "\n") if fresh.advice else "") + reply.advice
            fresh.advice = fresh.advice[-2000:]
            fresh.save()
            plans.step_action(task.id, step.id, "retry", actor="assistant")
            return f"advice stored; step {step.id} retried"
        if reply.decision == "change_worker":
            data = spec.to_json()
            data["origin"] = "assistant"
            target = next(s for s in data["steps"] if s["id"] == step.id)
            target.update(status=StepStatus.PENDING, error=None, result=None, target="user",
                          inputs={}, worker=reply.worker or "me")
            generated = {step.id}
            summary = f"step {step.id} handed to {reply.worker}"
        else:
            splits = decisions.count(task.id, "failure_review", "split")
            if splits > settings.get("assistant.split_budget"):
                raise StageFailed("the split budget for this task is used up")
            assert reviewed.split is not None  # checked_review validated it
            data, generated = reviewed.split, set(reviewed.generated)
            summary = f"step {step.id} split into {len(reply.steps)} steps"
        try:
            plans.save_plan(task.id, data, author="assistant", source=source, generated=generated)
        except (InvalidPlan, KnownError) as exc:
            raise StageFailed(f"the assistant's change was refused: {exc}") from None
    return summary
