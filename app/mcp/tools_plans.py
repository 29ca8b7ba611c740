"""The plan tools of ``stepwise mcp``: propose a plan, move a step, and what comes next.

A proposed plan is the client's, never the person's: it is saved with origin
``assistant`` (so PlanSpec holds it to the assistant's rules: no more steps than the
limit, no step claimed done) and source ``mcp:<client>``, and a plan that acts for the
person is saved only when it waits for their approval (``app.mcp.gates``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from app.config import settings
from app.mcp import changes, gates
from app.plan import spec as planspec
from app.plan import store as plans
from app.states import PlanStatus
from app.tasks.store import get_task

MAX_PLAN_BYTES = 1_000_000  # as JSON text: a plan of 2,000 steps fits; more is a mistake
SOURCE_MAX = 80  # characters of the client's name kept in a plan's source


def source_for(client: str) -> str:
    """A plan's ``source`` for a client: ``mcp:<name>``."""
    return f"mcp:{client[:SOURCE_MAX]}"


def propose(client: str, task_id: int, plan: dict[str, Any]) -> dict[str, Any]:
    """Save ``plan`` (PlanSpec JSON) as the task's next revision, waiting for the person
    when it acts for them; give ``revision`` as the task's latest (1 for a first plan)."""
    if len(json.dumps(plan, ensure_ascii=False)) > MAX_PLAN_BYTES:
        raise gates.BadInput(f"a plan is at most {MAX_PLAN_BYTES:,} characters of JSON")
    data = {**plan, "origin": "assistant"}
    spec = planspec.parse_once(data, max_steps=settings.get("assistant.max_steps"))
    get_task(task_id)
    with changes.changing(client, task_id, "proposed a plan"):
        gates.check_proposal(task_id, spec)
        saved = plans.save_plan(task_id, data, author=changes.ACTOR, source=source_for(client),
                                valid=spec)
    return {"task": task_id, "revision": saved.revision, "status": saved.status,
            "waits_for_approval": saved.status == PlanStatus.PENDING}


def step(client: str, task_id: int, step_id: str, action: str, result: str | None,
         error: str | None) -> dict[str, Any]:
    """Move a step as the person could (start, done, fail, skip, retry), within the gates."""
    with changes.changing(client, task_id, f"step {step_id[:80]!r}: {action}"):
        gates.check_step(task_id, step_id)
        moved = plans.step_action(task_id, step_id, action, result=result, error=error,
                                  actor=changes.ACTOR)
    plan = plans.latest_plan_or_fail(task_id)
    return {"task": task_id, "step": moved.step_id, "status": moved.status,
            "plan_status": plan.status}


def next_task() -> dict[str, Any] | None:
    """The task the assistant takes next, its stage and each term of its urgency."""
    from app.agent import picking
    from app.tasks.urgency import explain_task

    now = datetime.now(UTC)
    chosen = picking.first_candidate(now, bool(settings.get("assistant.auto_accept")))
    if chosen is None:
        return None
    return {"task": chosen.task.id, "title": chosen.task.title, "stage": chosen.stage,
            "score": chosen.urgency.score, "terms": dict(chosen.urgency.terms),
            "why": explain_task(chosen.task, now)}
