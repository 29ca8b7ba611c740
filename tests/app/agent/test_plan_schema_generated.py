"""The schema given to models is generated from the fields app.plan.spec declares, and
comes out as the hand-written one did (issue 10 item 3)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.agent import plan_schema
from app.plan import spec as planspec
from app.plan.capabilities import CAPABILITIES

# The literal schema as it was written by hand before it was generated.
_TEXT: dict[str, Any] = {"type": "string", "maxLength": 120}
_TITLE: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 80}
_STEP_ID: dict[str, Any] = {"type": "string", "pattern": "^s[1-9][0-9]?$"}
_NULLABLE_TIME: dict[str, Any] = {"anyOf": [{"type": "string", "format": "date-time"},
                                            {"type": "null"}]}
_SCALAR: dict[str, Any] = {"anyOf": [{"type": "string", "maxLength": 300}, {"type": "number"},
                                     {"type": "boolean"}]}
EXPECTED_STEP: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": _STEP_ID,
        "title": _TITLE,
        "objective": _TEXT,
        "depends_on": {"type": "array", "items": _STEP_ID, "maxItems": 5},
        "parent": {"anyOf": [_STEP_ID, {"type": "null"}]},
        "target": {"enum": list(CAPABILITIES)},
        "inputs": {"type": "object", "additionalProperties": _SCALAR},
        "done_when": _TEXT,
        "worker": {"type": "string", "maxLength": 40},
        "due": _NULLABLE_TIME,
        "estimate_minutes": {"type": ["integer", "null"], "minimum": 5},
    },
    "required": ["id", "title", "depends_on", "target"],
    "additionalProperties": False,
}
EXPECTED_PLAN: dict[str, Any] = {
    "type": "object",
    "properties": {
        "schema_version": {"const": 2},
        "revision": {"type": "integer"},
        "origin": {"const": "assistant"},
        "title": _TITLE,
        "objective": _TEXT,
        "steps": {"type": "array", "items": EXPECTED_STEP, "minItems": 1, "maxItems": 8},
    },
    "required": ["schema_version", "title", "steps"],
    "additionalProperties": False,
}


def test_the_generated_schema_is_the_one_written_by_hand() -> None:
    assert plan_schema.STEP_SCHEMA == EXPECTED_STEP
    assert plan_schema.PLAN_SCHEMA == EXPECTED_PLAN


def test_the_generated_schema_reads_out_in_the_same_order() -> None:
    # the text a server compiles to a grammar is the same, key for key
    assert json.dumps(plan_schema.PLAN_SCHEMA) == json.dumps(EXPECTED_PLAN)


def test_every_field_in_the_schema_is_a_declared_key() -> None:
    assert set(plan_schema.STEP_SCHEMA["properties"]) <= set(planspec.STEP_KEYS)
    assert set(plan_schema.PLAN_SCHEMA["properties"]) == set(planspec.PLAN_KEYS)


def test_a_class_without_declarations_gets_an_empty_closed_object() -> None:
    @dataclass
    class Bare:
        name: str = ""

    assert plan_schema.object_schema(Bare) == {
        "type": "object", "properties": {}, "required": [], "additionalProperties": False}
