"""The JSON schema of a generated PlanSpec, sent to servers that take structured output.

Generated from the fields ``app.plan.spec`` declares (each field's ``schema`` and
``required``), so a field is spelled out once. It only guides the model; every plan is
still validated by ``app.plan.spec``. It is typed all the way down (no bare object, no
untyped item, no enum beside a type list) so that a server can compile it to a grammar:
llama.cpp's converter gives up on an untyped field.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from app.plan.spec import MAX_SCHEMA_STEPS as MAX_SCHEMA_STEPS
from app.plan.spec import PlanSpec, PlanStep


def object_schema(declared: type) -> dict[str, Any]:
    """The schema of a PlanSpec dataclass: its declared fields, nothing else allowed.

    A field whose shape names a dataclass as its ``items`` gets that class's schema.
    """
    properties: dict[str, Any] = {}
    for item in fields(declared):
        shape = item.metadata.get("schema")
        if shape is not None:
            properties[item.name] = _resolved(shape)
    return {
        "type": "object",
        "properties": properties,
        "required": [f.name for f in fields(declared) if f.metadata.get("required")],
        "additionalProperties": False,
    }


def _resolved(shape: dict[str, Any]) -> dict[str, Any]:
    items = shape.get("items")
    if isinstance(items, type):
        return {**shape, "items": object_schema(items)}
    return shape


STEP_SCHEMA: dict[str, Any] = object_schema(PlanStep)
PLAN_SCHEMA: dict[str, Any] = object_schema(PlanSpec)
