"""The JSON schema of a generated PlanSpec, sent to servers that take structured output.

It only guides the model; every plan is still validated by ``app.planspec``. It is typed
all the way down (no bare object, no untyped item, no enum beside a type list) so that a
server can compile it to a grammar: llama.cpp's converter gives up on an untyped field.
"""

from __future__ import annotations

from typing import Any

from app.capabilities import CAPABILITIES

# Lengths bound every string, so a grammar stops a small model rambling inside one until
# its token cap cuts the reply; step ids are s1, s2, … so a dependency can only name a step.
_TEXT: dict[str, Any] = {"type": "string", "maxLength": 120}
_TITLE: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 80}
_STEP_ID: dict[str, Any] = {"type": "string", "pattern": "^s[1-9][0-9]?$"}
_NULLABLE_TIME: dict[str, Any] = {"anyOf": [{"type": "string", "format": "date-time"},
                                            {"type": "null"}]}
_SCALAR: dict[str, Any] = {"anyOf": [{"type": "string", "maxLength": 300}, {"type": "number"},
                                     {"type": "boolean"}]}
MAX_SCHEMA_STEPS = 8  # so that a plan fits its token cap; validation applies the setting

STEP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": _STEP_ID,
        "title": _TITLE,
        "objective": _TEXT,
        "depends_on": {"type": "array", "items": _STEP_ID, "maxItems": 5},
        "parent": {"anyOf": [_STEP_ID, {"type": "null"}]},
        # no null (a group's): a model under a grammar writes flat plans, each step a target
        "target": {"enum": list(CAPABILITIES)},  # beside "type", llama.cpp drops an enum
        "inputs": {"type": "object", "additionalProperties": _SCALAR},
        "done_when": _TEXT,
        "worker": {"type": "string", "maxLength": 40},
        "due": _NULLABLE_TIME,
        "estimate_minutes": {"type": ["integer", "null"], "minimum": 5},
    },
    "required": ["id", "title", "depends_on", "target"],
    "additionalProperties": False,
}

PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "schema_version": {"const": 2},
        "revision": {"type": "integer"},
        "origin": {"const": "assistant"},
        "title": _TITLE,
        "objective": _TEXT,
        "steps": {"type": "array", "items": STEP_SCHEMA, "minItems": 1,
                  "maxItems": MAX_SCHEMA_STEPS},
    },
    "required": ["schema_version", "title", "steps"],
    "additionalProperties": False,
}
