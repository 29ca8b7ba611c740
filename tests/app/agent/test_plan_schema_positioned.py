"""app.agent.plan_schema.positioned_schema: step ids fixed by position, dependencies on
earlier steps only, one tuple per length, the plain schema for forms without tuples."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from app.agent.plan_schema import MAX_SCHEMA_STEPS, PLAN_SCHEMA, positioned_schema
from app.llm.structured import PLAIN, schema_in_form
from tests.app.llm.grammar_rules import problems


def step(n: int, deps: list[str], target: str = "user", **inputs: Any) -> dict[str, Any]:
    return {"id": f"s{n}", "title": f"Step {n}", "depends_on": deps, "target": target,
            "inputs": inputs}


def plan(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"schema_version": 2, "title": "Renew passport", "steps": list(steps)}


SCHEMA = schema_in_form("json_object_schema", positioned_schema(10, ["Alice"],
                                                                "Renew passport"))


def test_positioned_plan_is_valid() -> None:
    jsonschema.validate(plan(step(1, []), step(2, ["s1"]),
                             step(3, ["s1", "s2"], "assistant.write", instructions="x"),
                             step(4, ["s3"], "message.post", to="Alice", text="hi")), SCHEMA)


@pytest.mark.parametrize("steps", [
    [step(1, ["s2"]), step(2, [])],  # a dependency on a later step
    [step(1, []), step(1, [])],  # an id used twice
    [step(1, []), step(3, [])],  # a gap
    [step(1, []), step(2, ["s9"])],  # a step not there
    [step(1, [], "message.post", to="Bob", text="hi")],  # not a contact
    [step(1, [], "file.write", path="a.md", content="x")],  # not offered
    [step(n, []) for n in range(1, MAX_SCHEMA_STEPS + 2)],  # too many
])
def test_positioned_refusals(steps: list[dict[str, Any]]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(plan(*steps), SCHEMA)


def test_title_fixed_to_the_task() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**plan(step(1, [])), "title": "Repaint"}, SCHEMA)


def test_one_tuple_per_length() -> None:
    assert len(positioned_schema(3)["properties"]["steps"]["anyOf"]) == 3
    assert len(positioned_schema(50)["properties"]["steps"]["anyOf"]) == MAX_SCHEMA_STEPS


def test_plain_forms_get_the_plan_schema() -> None:
    schema = positioned_schema(10)
    assert schema_in_form("schema", schema) == PLAN_SCHEMA == schema[PLAIN]
    assert schema_in_form("json_schema", schema) == PLAN_SCHEMA
    assert PLAIN not in SCHEMA and SCHEMA != PLAN_SCHEMA


def test_positioned_grammar_is_strict() -> None:
    assert problems(SCHEMA) == []
