"""Every reply schema converts to a strict grammar under llama.cpp's rules (issue 16)."""

from __future__ import annotations

from typing import Any

import pytest

from app.agent.replies import REPLIES, schema_for
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
