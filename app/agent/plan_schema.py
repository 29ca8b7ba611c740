"""The JSON schema of a generated PlanSpec, sent to servers that take structured output.

Generated from the fields ``app.plan.spec`` declares (each field's ``schema`` and
``required``), so a field is spelled out once. It only guides the model; every plan is
still validated by ``app.plan.spec``. It is typed all the way down (no bare object, no
untyped item, no enum beside a type list) so that a server can compile it to a grammar:
llama.cpp's converter gives up on an untyped field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from app.llm.structured import PLAIN
from app.plan.capabilities import CAPABILITIES
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


# --- the schema of one request: step ids fixed by position ------------------------------
#
# A small model under a grammar still writes "s3" twice or a dependency on a step that is
# not there. Here the plan is one of a few tuples (one per allowed length, under anyOf),
# step n's id is the constant "sn" and its depends_on an enum of the ids before it, so
# neither can be generated. Each step is one of a few capabilities whose inputs can be
# fixed the same way; the rest of the registry is left to the plain schema. A server form
# that cannot take tuples gets the plain schema instead (``PLAIN``,
# ``app.llm.structured.schema_in_form``).

_DRAFT: dict[str, Any] = {"$ref": "#/$defs/draft"}  # declared once, as the title is


def _inputs(target: str, contacts: Sequence[str]) -> dict[str, Any] | None:
    """The inputs a step of ``target`` writes under the grammar (None: not offered)."""
    if target == "user":
        return {"const": {}}
    if target == "assistant.write":
        return _fixed({"instructions": _DRAFT})
    if target == "message.post" and contacts:
        return _fixed({"to": {"enum": list(contacts)}, "text": _DRAFT})
    return None


def _fixed(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def _depends_on(position: int) -> dict[str, Any]:
    """Step ``position``'s dependencies: only ids of the steps before it."""
    earlier = [f"s{n}" for n in range(1, position)]
    if not earlier:
        return {"const": []}
    return {"type": "array", "items": {"enum": earlier},
            "maxItems": min(len(earlier), STEP_SCHEMA["properties"]["depends_on"]["maxItems"])}


def positioned_step(position: int, contacts: Sequence[str] = ()) -> dict[str, Any]:
    """The schema of the step at ``position`` (1-based): id ``s<position>``, one of the
    capabilities offered, each with its inputs (the title a reference to ``$defs``)."""
    variants = []
    for target in CAPABILITIES:
        inputs = _inputs(target, contacts)
        if inputs is None:
            continue
        variants.append(_fixed({
            "id": {"const": f"s{position}"}, "title": {"$ref": "#/$defs/title"},
            "depends_on": _depends_on(position), "target": {"const": target},
            "inputs": inputs}))
    return {"anyOf": variants}


def positioned_schema(max_steps: int, contacts: Sequence[str] = (),
                      title: str | None = None) -> dict[str, Any]:
    """The plan schema of one request: one tuple of fixed ids per length up to
    ``max_steps`` (at most ``MAX_SCHEMA_STEPS``), ``PLAIN`` the schema for forms without
    tuples. Each step is declared once in ``$defs`` (the grammar gets one rule for it,
    not one per tuple).

    Args:
        max_steps: the setting ``assistant.max_steps``.
        contacts: the names a message step may go to (none: no message steps).
        title: the task's title, which the plan's is then fixed to (a small model
            copies the worked example's otherwise); a title too long for a plan's is
            left free.
    """
    longest = max(1, min(max_steps, MAX_SCHEMA_STEPS))
    defs = {f"s{n}": positioned_step(n, contacts) for n in range(1, longest + 1)}
    tuples = [{"type": "array", "items": False, "minItems": length,
               "prefixItems": [{"$ref": f"#/$defs/s{n}"} for n in range(1, length + 1)]}
              for length in range(1, longest + 1)]
    properties = {key: PLAN_SCHEMA["properties"][key]
                  for key in ("schema_version", "title", "objective")}
    if title is not None and 0 < len(title) <= properties["title"]["maxLength"]:
        properties["title"] = {"const": title}
    return {**PLAN_SCHEMA, "properties": {**properties, "steps": {"anyOf": tuples}},
            "$defs": {"title": STEP_SCHEMA["properties"]["title"],
                      "draft": {"type": "string", "minLength": 1, "maxLength": 200}, **defs},
            PLAIN: PLAN_SCHEMA}
