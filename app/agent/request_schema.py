"""The schema a model call of one purpose sends: the reply's, and for a plan the one
fixed for this request (its step ids by position, its contacts; ``plan_schema``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.agent.plan_schema import MAX_SCHEMA_STEPS, positioned_schema
from app.agent.replies import schema_for
from app.llm.base import Stage


def request_schema(purpose: str, context: Mapping[str, Any]) -> dict[str, Any] | None:
    """The structured-output schema of a call of ``purpose`` (None: prose, no schema).

    Args:
        context: the call's context (``prompt_context.model_context``): a plan's reads
            ``max_steps``, ``contacts`` and the task's title.
    """
    if purpose == "plan":
        task = context.get("task") or {}
        return positioned_schema(int(context.get("max_steps") or MAX_SCHEMA_STEPS),
                                 [str(name) for name in context.get("contacts") or ()],
                                 task.get("title"))
    stage = Stage.of(purpose)
    return schema_for(purpose) if stage is not None and stage.structured else None
