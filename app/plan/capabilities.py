"""The capability registry (DESIGN.md section 6): what a plan's step may target.

One table: name, what it does, its guard, and the JSON Schema of its inputs. A plan
can only reference these; nothing in a task, calendar or model reply can add to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

_STRING = {"type": "string"}
_ISO_TIME = r"T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)"
# An instant: ISO 8601 with a zone. A day (calendar look-ups): a date, or an instant.
_INSTANT = {"type": "string", "pattern": rf"^\d{{4}}-\d\d-\d\d{_ISO_TIME}$",
            "description": "an ISO 8601 time with its zone, e.g. 2026-12-03T17:00:00+08:00"}
_DAY_OR_INSTANT = {"type": "string", "pattern": rf"^\d{{4}}-\d\d-\d\d({_ISO_TIME})?$",
                   "description": "an ISO 8601 date or time with its zone"}
# A path inside the task's folder: relative, no drive, no '..' part. The run-time guard
# (app.io.task_folder) also refuses symbolic links that lead out.
_RELATIVE_PATH = {
    "type": "string", "minLength": 1, "maxLength": 255,
    "pattern": r"^(?![/\\])(?![A-Za-z]:)(?!.*(^|[/\\])\.\.([/\\]|$))[^\x00]+$",
    "description": "a path inside the task's folder: relative, with no '..' and no drive",
}


@dataclass(frozen=True)
class Capability:
    name: str
    does: str
    guard: str
    input_schema: dict[str, Any]
    acts: bool = True  # the assistant acts for the person: its plan waits for approval


def _object(properties: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        **extra,
    }


CAPABILITIES: dict[str, Capability] = {
    cap.name: cap
    for cap in (
        Capability("user", "a step for you; you mark it done", "none", _object({}, []),
                   acts=False),
        Capability(
            "assistant.write",
            "the assistant drafts text (a letter, checklist, summary) into the step's result",
            "none needed",
            _object({"instructions": {**_STRING, "minLength": 1}}, ["instructions"]),
        ),
        Capability(
            "file.write",
            "writes a result file under the task's own folder",
            "path stays inside the task folder; size cap; atomic write",
            _object(
                {
                    "path": _RELATIVE_PATH,
                    "content": _STRING,
                    "from_step": {**_STRING, "minLength": 1},
                },
                ["path"],
                oneOf=[{"required": ["content"]}, {"required": ["from_step"]}],
            ),
        ),
        Capability(
            "message.post",
            "queues a message to a known contact",
            "contact allow-list; you approve before it leaves",
            _object({"to": {**_STRING, "minLength": 1}, "text": {**_STRING, "minLength": 1},
                     "from_step": {**_STRING, "minLength": 1}},
                    ["to"], oneOf=[{"required": ["text"]}, {"required": ["from_step"]}]),
        ),
        Capability(
            "reminder.set",
            "creates a reminder at a time",
            "in the future and within the task's window",
            _object({"at": _INSTANT, "text": _STRING}, ["at", "text"]),
            acts=False,
        ),
        Capability(
            "calendar.read",
            "looks up calendar events in a range (read-only)",
            "read-only by construction",
            _object({"from": _DAY_OR_INSTANT, "to": _DAY_OR_INSTANT}, ["from", "to"]),
        ),
    )
}


def acts_for_person(target: str | None) -> bool:
    """Whether a step with this target has the assistant act for the person (a message,
    a file, a draft, a look-up): such a plan asks for approval first. A group (no
    target), the person's own step and a reminder do not."""
    if target is None:
        return False
    known = CAPABILITIES.get(target)
    return known is None or known.acts


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(CAPABILITIES[name].input_schema)


def input_problems(name: str, inputs: Any) -> list[str]:
    """Every way ``inputs`` fails the input schema of capability ``name`` (empty if fine)."""
    if name == "user" and inputs == {}:
        return []  # the common case, without the validator
    problems = []
    for error in _validator(name).iter_errors(inputs):
        where = "/".join(str(p) for p in error.absolute_path)
        message = error.message
        if error.validator == "pattern" and "description" in error.schema:
            message = f"{error.instance!r} is not {error.schema['description']}"
        problems.append(f"{where}: {message}" if where else message)
    return sorted(problems)
