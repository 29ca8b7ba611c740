"""app.agent.plan_schema: the generated plan's schema is typed all the way down, so a
server can compile it to a grammar, and the worked example fits it."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from app.agent import prompts
from app.agent.plan_schema import MAX_SCHEMA_STEPS, PLAN_SCHEMA, STEP_SCHEMA
from app.plan.capabilities import CAPABILITIES


def walk(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node] + [n for v in node.values() for n in walk(v)]
    if isinstance(node, list):
        return [n for v in node for n in walk(v)]
    return []


def test_every_node_is_typed_and_no_enum_sits_beside_a_type() -> None:
    for node in walk(PLAN_SCHEMA):
        if "properties" in node or "items" in node:
            assert node.get("type") in ("object", "array")
        assert not ("enum" in node and "type" in node)
    assert STEP_SCHEMA["properties"]["target"]["enum"] == list(CAPABILITIES)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_worked_example_plan_is_valid(language: str) -> None:
    jsonschema.validate(prompts.examples(language)["plan"], PLAN_SCHEMA)


@pytest.mark.parametrize("change", [{"steps": []}, {"schema_version": 1}, {"extra": 1}])
def test_what_the_schema_refuses(change: dict[str, Any]) -> None:
    plan = {**prompts.examples("en")["plan"], **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(plan, PLAN_SCHEMA)


def test_step_ids_and_the_step_count_are_bounded() -> None:
    step = {"id": "s1", "title": "A", "depends_on": [], "target": "user"}
    jsonschema.validate(step, STEP_SCHEMA)
    for bad in ("a", "s0", "s100"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**step, "id": bad}, STEP_SCHEMA)
    assert PLAN_SCHEMA["properties"]["steps"]["maxItems"] == MAX_SCHEMA_STEPS
