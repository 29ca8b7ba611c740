"""Every reply schema converts to a strict grammar under llama.cpp's rules (issue 16)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from app.agent.replies import REPLIES, THINK_CHARS, parse_reply, schema_for
from tests.app.llm.grammar_rules import problems

STAGES = (*REPLIES, "plan")


@pytest.mark.parametrize("stage", STAGES)
def test_each_reply_schema_is_typed_all_the_way_down(stage: str) -> None:
    assert problems(schema_for(stage)) == []


@pytest.mark.parametrize(("schema", "why"), [
    ({"type": "object", "properties": {"plans": {"type": "array", "items": {}}}},
     "items is empty"),
    ({"type": "object", "properties": {"inputs": {"type": "object"}}}, "without properties"),
    ({"type": "object", "properties": {"x": {}}}, "untyped"),
    ({"type": ["string", "null"], "enum": ["a", None]}, "is dropped"),
    ({"type": "string", "pattern": "[0-9]+"}, "not anchored"),
    ({"$ref": "#/$defs/Missing"}, "does not resolve"),
    ({"type": ["string", "object"]}, "bare object"),
    ({"type": "object", "additionalProperties": True}, "without properties"),
])
def test_the_double_refuses_what_the_converter_cannot_enforce(schema: dict[str, Any],
                                                              why: str) -> None:
    assert any(why in problem for problem in problems(schema)), problems(schema)


def test_the_double_accepts_what_the_converter_takes() -> None:
    schema = {"type": "object", "$defs": {"A": {"type": "object", "properties": {
        "name": {"const": "a"}, "n": {"type": "integer", "minimum": 1}}}},
        "properties": {"a": {"$ref": "#/$defs/A"}, "tags": {"type": "array", "maxItems": 3,
                                                             "items": {"type": "string"}},
                       "m": {"type": "object", "additionalProperties": {"type": "string"}},
                       "at": {"anyOf": [{"type": "string", "format": "date-time"},
                                        {"type": "null"}]}}}
    assert problems(schema) == []


def _valid(schema: dict[str, Any], value: Any) -> bool:
    try:
        jsonschema.validate(value, schema)
    except jsonschema.ValidationError:
        return False
    return True


def test_the_review_schema_holds_one_outcome_per_reply() -> None:
    schema = schema_for("review")
    plan, fail = {"name": "plan"}, {"name": "fail", "reason": "no"}
    confirm = {"name": "confirm", "due": "2026-12-03T17:00:00+08:00"}
    shapes = {"one": [plan], "confirm+one": [confirm, plan], "confirm": [confirm],
              "two outcomes": [plan, fail], "none": [], "two confirms": [confirm, confirm]}
    valid = {name: _valid(schema, {"actions": actions}) for name, actions in shapes.items()}
    assert valid == {"one": True, "confirm+one": True, "confirm": True, "two outcomes": False,
                     "none": False, "two confirms": False}


def test_think_is_capped_in_the_schema_and_cut_not_refused() -> None:
    schema = schema_for("check")
    assert schema["properties"]["think"]["maxLength"] == THINK_CHARS
    reply = parse_reply("check", json.dumps({"think": "x" * 5000, "passed": True}))
    assert reply.think == "x" * THINK_CHARS
