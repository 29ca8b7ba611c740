"""The JSON schema of a generated PlanSpec, sent to servers that take structured output.

It only guides the model; every plan is still validated by ``app.planspec``. It is typed
all the way down (no bare object, no untyped item, no enum beside a type list) so that a
server can compile it to a grammar: llama.cpp's converter gives up on an untyped field.
"""

from __future__ import annotations

from typing import Any

from app.capabilities import CAPABILITIES

_TEXT: dict[str, Any] = {"type": "string"}
_NULLABLE_TEXT: dict[str, Any] = {"type": ["string", "null"]}
_SCALAR: dict[str, Any] = {"type": ["string", "number", "boolean"]}

STEP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": _TEXT,
        "title": _TEXT,
        "objective": _TEXT,
        "depends_on": {"type": "array", "items": _TEXT},
        "parent": _NULLABLE_TEXT,
        "target": {"enum": [*CAPABILITIES, None]},  # beside "type", llama.cpp drops the enum
        "inputs": {"type": "object", "additionalProperties": _SCALAR},
        "done_when": _TEXT,
        "worker": _TEXT,
        "due": _NULLABLE_TEXT,
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
        "title": _TEXT,
        "objective": _TEXT,
        "steps": {"type": "array", "items": STEP_SCHEMA, "minItems": 1},
    },
    "required": ["schema_version", "title", "steps"],
    "additionalProperties": False,
}
