"""app.agent.request_schema: a plan call sends the positioned schema of its context."""

from __future__ import annotations

from app.agent.plan_schema import positioned_schema
from app.agent.replies import schema_for
from app.agent.request_schema import request_schema


def test_plan_gets_positioned_schema() -> None:
    context = {"max_steps": 4, "contacts": ["Alice"], "task": {"title": "Buy milk"}}
    assert request_schema("plan", context) == positioned_schema(4, ["Alice"], "Buy milk")


def test_other_purposes() -> None:
    assert request_schema("review", {}) == schema_for("review")
    assert request_schema("write", {}) is None
