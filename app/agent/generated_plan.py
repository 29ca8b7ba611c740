"""A model's plan on its way to the store: origin forced to assistant, revision current,
validated once and sense-checked; and the steps it puts in busy calendar time, logged.
"""

from __future__ import annotations

import json
from typing import Any

from app.agent import sense
from app.agent.prompt_context import task_facts
from app.agent.replies import ReplyError, parse_object
from app.calendar.freebusy import flag_conflicts
from app.config import settings
from app.plan import store as plans
from app.plan.spec import checked as checked_plan
from app.problems import InvalidPlan
from app.tasks.store import log
from models import Task
from models.fields import format_utc


def generated_plan(text: str, task_id: int) -> dict[str, Any]:
    """A plan reply's text as it will be stored (see ``generated_plan_data``)."""
    return generated_plan_data(parse_object(text), task_id)


def sensible_plan(text: str, task: Task) -> dict[str, Any]:
    """A generated plan that also passes the sense checks (``app.agent.sense``)."""
    data = generated_plan(text, task.id)
    sense.check_plan(data, json.dumps(task_facts(task), ensure_ascii=False))
    return data


def generated_plan_data(data: dict[str, Any], task_id: int) -> dict[str, Any]:
    """A model's plan as it will be stored: origin forced to assistant, revision current,
    and validated — so a reply cannot dodge the generated-plan rules."""
    latest = plans.latest_plan(task_id)
    data = {**data, "origin": "assistant", "revision": latest.revision if latest else 1}
    data.setdefault("schema_version", 1)
    try:  # checked once: the store takes the spec kept with it (planspec.parse_once)
        return checked_plan(data, max_steps=settings.get("assistant.max_steps"))
    except InvalidPlan as exc:
        raise ReplyError("the plan is invalid: " + "; ".join(map(str, exc.problems))) from None


def flag_busy(task: Task, plan: dict[str, Any], busy: list[tuple[str, str]]) -> str:
    """Log the steps due in busy calendar time (caller's transaction); '' when none."""
    conflicts = flag_conflicts(plan["steps"], busy)
    if not conflicts:
        return ""
    text = "due in busy time: " + ", ".join(
        f"{c.step_id} at {format_utc(c.due)}" for c in conflicts)
    log(task.id, "calendar", text, actor="assistant")
    return text
