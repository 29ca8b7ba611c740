"""PlanSpec v2, the plan contract (DESIGN.md section 5): its fields, decode, encode, validate.

Each field of a plan and of a step is declared once, here, with what the JSON Schema
given to models says of it (``app.agent.plan_schema`` generates that schema) and the
``Step`` column it is stored in (``app.plan.rows`` maps rows by it). ``decode`` turns JSON
data into a PlanSpec and reports every problem at once; ``encode`` writes the one
canonical text (times in UTC with ``Z``), so what Stepwise writes reads back and writes
out byte-identical.

Reading loosely typed JSON collects an ``invalid_field`` problem for each value of the
wrong type (``Reader``), so ``decode`` reports every problem at once; ``upgrade`` reads
older shapes (``write_todos`` lists and the task_plan seed's ``{"plan": …}``) as PlanSpec
data. The fields, reading them and checking them are one concern, kept in one module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from app.plan import graph
from app.plan import times as plan_times
from app.plan.capabilities import CAPABILITIES, input_problems
from app.problems import InvalidPlan, Problem
from app.states import STEP, StepStatus
from models.fields import InstantOutOfRange, format_utc, parse_utc

SCHEMA_VERSION = 2  # the version this Stepwise writes; older shapes are upgraded to it
READ_VERSIONS = (1, 2)  # version 1 is read and upgraded (it has no estimates)
MIN_ESTIMATE, MAX_ESTIMATE = 5, 43_200  # minutes: 5 to 30 days
MAX_DEPTH = 4
MAX_STEPS_ANY = 2000
DEFAULT_MAX_STEPS = 10
MAX_SCHEMA_STEPS = 8  # so that a plan fits its token cap; validation applies the setting
ORIGINS = ("assistant", "user")

# What the schema given to models says of a field. Lengths bound every string, so a
# grammar stops a small model rambling inside one until its token cap cuts the reply;
# step ids are s1, s2, … so a dependency can only name a step.
_TEXT: dict[str, Any] = {"type": "string", "maxLength": 120}
_TITLE: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 80}
_STEP_ID: dict[str, Any] = {"type": "string", "pattern": "^s[1-9][0-9]?$"}
_NULLABLE_TIME: dict[str, Any] = {"anyOf": [{"type": "string", "format": "date-time"},
                                            {"type": "null"}]}
_SCALAR: dict[str, Any] = {"anyOf": [{"type": "string", "maxLength": 300}, {"type": "number"},
                                     {"type": "boolean"}]}


def _declared(default: Any = None, *, factory: Any = None, schema: dict[str, Any] | None = None,
              required: bool = False, column: str | None = "") -> Any:
    """A PlanSpec field with its declaration in ``metadata``.

    Args:
        default: the value when the JSON leaves the field out (``factory`` for a list
            or dict).
        schema: its shape in the JSON Schema given to models (None: models are not
            asked for it).
        required: the schema requires it.
        column: the ``Step`` column it is stored in ("": the field's own name; None:
            stored otherwise, as ``parent`` and ``depends_on`` are).
    """
    metadata = {"schema": schema, "required": required, "column": column}
    if factory is not None:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass
class PlanStep:
    """One step of a plan, its fields in contract order."""

    id: str = field(metadata={"schema": _STEP_ID, "required": True, "column": "step_id"})
    title: str = field(metadata={"schema": _TITLE, "required": True, "column": "title"})
    objective: str = _declared("", schema=_TEXT)
    depends_on: list[str] = _declared(factory=list, required=True, column=None, schema={
        "type": "array", "items": _STEP_ID, "maxItems": 5})
    parent: str | None = _declared(None, column=None, schema={
        "anyOf": [_STEP_ID, {"type": "null"}]})
    # no null (a group's): a model under a grammar writes flat plans, each step a target;
    # beside "type", llama.cpp drops an enum
    target: str | None = _declared("user", required=True, schema={"enum": list(CAPABILITIES)})
    inputs: dict[str, Any] = _declared(factory=dict, schema={
        "type": "object", "additionalProperties": _SCALAR})
    output_schema: dict[str, Any] | None = _declared(None)
    done_when: str = _declared("", schema=_TEXT)
    worker: str = _declared("me", schema={"type": "string", "maxLength": 40})
    due: datetime | None = _declared(None, schema=_NULLABLE_TIME, column="due_at")
    estimate_minutes: int | None = _declared(None, schema={
        "type": ["integer", "null"], "minimum": MIN_ESTIMATE})
    status: str = _declared("pending")
    result: str | None = _declared(None)
    error: str | None = _declared(None)

    def to_json(self) -> dict[str, Any]:
        """The step as PlanSpec JSON data."""
        data = {key: getattr(self, key) for key in STEP_KEYS}
        data["due"] = None if self.due is None else format_utc(self.due)
        data["depends_on"] = list(self.depends_on)
        return data


STEP_KEYS = tuple(f.name for f in fields(PlanStep))


@dataclass(kw_only=True)
class PlanSpec:
    """A whole plan: its own fields in contract order, then its steps."""

    schema_version: int = _declared(SCHEMA_VERSION, schema={"const": SCHEMA_VERSION},
                                    required=True)
    revision: int = _declared(1, schema={"type": "integer"})
    origin: str = _declared("user", schema={"const": "assistant"})
    title: str = _declared("", schema=_TITLE, required=True)
    objective: str = _declared("", schema=_TEXT)
    steps: list[PlanStep] = field(metadata={"schema": {
        "type": "array", "items": PlanStep, "minItems": 1, "maxItems": MAX_SCHEMA_STEPS},
        "required": True, "column": None})

    def to_json(self) -> dict[str, Any]:
        """The plan as PlanSpec JSON data (keys in contract order)."""
        data: dict[str, Any] = {key: getattr(self, key) for key in PLAN_KEYS}
        data["steps"] = [step.to_json() for step in self.steps]
        return data

    def step(self, step_id: str) -> PlanStep:
        """The step with this id (KeyError when there is none)."""
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)


PLAN_KEYS = tuple(f.name for f in fields(PlanSpec))


def encode(spec: PlanSpec) -> str:
    """The canonical text of a plan: two-space JSON, keys in contract order, final newline."""
    return json.dumps(spec.to_json(), ensure_ascii=False, indent=2) + "\n"


# --- decoding -------------------------------------------------------------------------


def _read_step(reader: Reader, data: Any, index: int) -> PlanStep | None:
    where = f"steps[{index}]"
    if not isinstance(data, dict):
        reader.bad(where, "a step must be an object")
        return None
    step_id = data.get("id")
    if not isinstance(step_id, str) or not step_id.strip():
        reader.bad(where, "'id' must be a non-empty string")
        return None
    where = f"step {step_id!r}"
    reader.keys(data, STEP_KEYS, where, step_id)
    title = reader.text(data, "title", where, required=True, step=step_id)
    if "title" in data and isinstance(title, str) and not title.strip():
        reader.bad(where, "'title' must not be empty", step_id)
    depends_on = data.get("depends_on", [])
    if not isinstance(depends_on, list) or not all(isinstance(d, str) for d in depends_on):
        reader.bad(where, "'depends_on' must be a list of step ids", step_id)
        depends_on = []
    inputs = data.get("inputs", {})
    if not isinstance(inputs, dict):
        reader.bad(where, "'inputs' must be an object", step_id)
        inputs = {}
    output_schema = data.get("output_schema")
    if output_schema is not None and not isinstance(output_schema, dict):
        reader.bad(where, "'output_schema' must be an object or null", step_id)
        output_schema = None
    status = reader.text(data, "status", where, default="pending", step=step_id)
    if status not in STEP.states:
        reader.bad(where, f"'status' must be one of {', '.join(STEP.states)}", step_id)
        status = StepStatus.PENDING
    return PlanStep(
        id=step_id,
        title=title or "",
        objective=reader.text(data, "objective", where, step=step_id),
        depends_on=list(depends_on),
        parent=reader.text(data, "parent", where, default=None, nullable=True, step=step_id),
        target=reader.text(data, "target", where, default="user", nullable=True, step=step_id),
        inputs=inputs,
        output_schema=output_schema,
        done_when=reader.text(data, "done_when", where, step=step_id),
        worker=reader.text(data, "worker", where, default="me", step=step_id),
        due=reader.when(data, "due", where, step_id),
        estimate_minutes=_read_estimate(reader, data, where, step_id),
        status=status,
        result=reader.text(data, "result", where, default=None, nullable=True, step=step_id),
        error=reader.text(data, "error", where, default=None, nullable=True, step=step_id),
    )


def lenient_step(data: Any) -> PlanStep | None:
    """A step read leniently, nothing reported (a plan drawn while it is written); None: no id."""
    return _read_step(Reader(), data, 0)


def _read_estimate(reader: Reader, data: dict[str, Any], where: str, step_id: str
                   ) -> int | None:
    value = data.get("estimate_minutes")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            MIN_ESTIMATE <= value <= MAX_ESTIMATE):
        reader.bad(where, f"'estimate_minutes' must be a whole number from {MIN_ESTIMATE} to "
                   f"{MAX_ESTIMATE}, or null; got {value!r}", step_id)
        return None
    return value


def _read_int(reader: Reader, data: dict[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        reader.bad("plan", f"{key!r} must be a whole number of at least 1")
        return default
    return value


def decode(data: Any) -> tuple[PlanSpec | None, list[Problem]]:
    """Read PlanSpec JSON data (already parsed). Returns the spec and every field problem.

    The spec is None when the data cannot be read as a plan at all.
    """
    data = upgrade(data)
    reader = Reader()
    if not isinstance(data, dict):
        return None, [Problem("invalid_field", "plan: a plan must be a JSON object")]
    version = data.get("schema_version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        shown = "missing" if version is None else repr(version)
        return None, [Problem(
            "bad_schema_version",
            f"schema_version is {shown}; this Stepwise reads versions 1 to {SCHEMA_VERSION}",
        )]
    reader.keys(data, PLAN_KEYS, "plan")
    origin = reader.text(data, "origin", "plan", default="user")
    if origin not in ORIGINS:
        reader.bad("plan", f"'origin' must be one of {', '.join(ORIGINS)}")
        origin = "user"
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list):
        reader.bad("plan", "'steps' must be a list")
        raw_steps = []
    elif not raw_steps:
        reader.bad("plan", "a plan needs at least one step")
    steps = [s for i, raw in enumerate(raw_steps) if (s := _read_step(reader, raw, i))]
    spec = PlanSpec(
        steps=steps,
        title=reader.text(data, "title", "plan"),
        objective=reader.text(data, "objective", "plan"),
        revision=_read_int(reader, data, "revision", 1),
        origin=origin,
    )
    return spec, reader.problems


# --- validation ----------------------------------------------------------------------


def validate(spec: PlanSpec, max_steps: int = DEFAULT_MAX_STEPS,
             generated: set[str] | None = None) -> list[Problem]:
    """Every reason the plan may not run (empty when it may), each with its code.

    Args:
        spec: the decoded plan.
        max_steps: the assistant's step limit (origin ``assistant`` only).
        generated: for an assistant's edit of an existing plan, the ids the model wrote;
            the step limit and the claimed-progress rule apply to those alone. None means
            every step was generated.
    """
    problems: list[Problem] = []
    new_steps = [s for s in spec.steps if generated is None or s.id in generated]
    if spec.origin == "assistant" and len(new_steps) > min(max_steps, MAX_STEPS_ANY):
        problems.append(Problem("too_many_steps", f"{len(new_steps)} generated steps; the "
                                f"assistant may write at most {max_steps}"))
    if len(spec.steps) > MAX_STEPS_ANY:
        problems.append(Problem("too_many_steps", f"{len(spec.steps)} steps; any plan may "
                                f"have at most {MAX_STEPS_ANY}"))
    ids: set[str] = set()
    for step in spec.steps:
        if step.id in ids:
            problems.append(Problem("duplicate_step_id", f"step id {step.id!r} is used twice",
                                    step.id))
        ids.add(step.id)
    problems += _reference_problems(spec, ids) + plan_times.input_time_problems(spec.steps)
    groups = {s.parent for s in spec.steps if s.parent in ids}
    for step in spec.steps:
        problems += _target_problems(step, step.id in groups)
        if spec.origin == "assistant" and (generated is None or step.id in generated):
            problems += _progress_problems(step)
    if not any(p.code in ("missing_dependency", "duplicate_step_id") for p in problems):
        problems += graph.structure_problems(spec.steps, MAX_DEPTH)
    return problems


def _reference_problems(spec: PlanSpec, ids: set[str]) -> list[Problem]:
    problems = []
    for step in spec.steps:
        for dep in step.depends_on:
            if dep not in ids:
                problems.append(Problem(
                    "missing_dependency", f"step {step.id!r} depends on {dep!r}, which is not in "
                    "the plan", step.id))
        if step.parent is not None and step.parent not in ids:
            problems.append(Problem(
                "missing_dependency", f"step {step.id!r} names parent {step.parent!r}, which is "
                "not in the plan", step.id))
    return problems


def _target_problems(step: PlanStep, is_group: bool) -> list[Problem]:
    if is_group:
        if step.target is not None or step.inputs:
            return [Problem("invalid_field", f"step {step.id!r} has sub-steps, so it is a group: "
                            "its target must be null and its inputs empty", step.id)]
        return []
    if step.target is None:
        return [Problem("unknown_target", f"step {step.id!r} has no sub-steps, so it needs a "
                        f"target ({', '.join(CAPABILITIES)})", step.id)]
    if step.target not in CAPABILITIES:
        return [Problem("unknown_target", f"step {step.id!r} targets {step.target!r}; the "
                        f"registered capabilities are {', '.join(CAPABILITIES)}", step.id)]
    return [Problem("bad_inputs", f"step {step.id!r} ({step.target}): {text}", step.id)
            for text in input_problems(step.target, step.inputs)]


def _progress_problems(step: PlanStep) -> list[Problem]:
    claims = []
    if step.status != StepStatus.PENDING:
        claims.append(f"status {step.status!r}")
    if step.result is not None:
        claims.append("a result")
    if step.error is not None:
        claims.append("an error")
    if not claims:
        return []
    return [Problem("claimed_progress", f"generated step {step.id!r} carries {' and '.join(claims)}"
                    "; a new plan's steps must all be pending with no result or error", step.id)]


def parse(data: Any, max_steps: int = DEFAULT_MAX_STEPS,
          generated: set[str] | None = None) -> PlanSpec:
    """Decode and validate in one call (see ``validate`` for the arguments).

    Raises:
        InvalidPlan: with every problem found.
    """
    spec, problems = decode(data)
    if spec is not None:
        problems += [p for p in validate(spec, max_steps, generated) if p not in problems]
    if problems or spec is None:
        raise InvalidPlan(problems)
    return spec


# --- validating once ------------------------------------------------------------------


class Checked(dict[str, Any]):
    """PlanSpec data that passed ``parse``, with the spec it reads as, so that the store
    takes the spec instead of validating the same data a second time (``parse_once``).

    The data is fingerprinted when checked: changed since, it is validated again.
    """

    def __init__(self, data: dict[str, Any], spec: PlanSpec, rules: tuple[Any, ...]) -> None:
        super().__init__(data)
        self.spec = spec
        self.rules = rules
        self.fingerprint = _fingerprint(self)


def checked(data: Any, max_steps: int = DEFAULT_MAX_STEPS,
            generated: set[str] | None = None) -> Checked:
    """``parse`` (same arguments and errors), keeping the spec beside the data."""
    spec = parse(data, max_steps, generated)
    source = data if isinstance(data, dict) else spec.to_json()
    return Checked(source, spec, _rules(spec, max_steps, generated))


def parse_once(data: Any, max_steps: int = DEFAULT_MAX_STEPS,
               generated: set[str] | None = None) -> PlanSpec:
    """``parse``, unless ``data`` was ``checked`` by the same rules and is unchanged since."""
    if isinstance(data, Checked) and data.rules == _rules(data.spec, max_steps, generated) \
            and data.fingerprint == _fingerprint(data):
        return data.spec
    return parse(data, max_steps, generated)


def _rules(spec: PlanSpec, max_steps: int, generated: set[str] | None) -> tuple[Any, ...]:
    """What the result of validating depends on: the step limit and the generated ids
    apply to an assistant's plan only."""
    if spec.origin != "assistant":
        return (spec.origin,)
    return (spec.origin, max_steps, None if generated is None else frozenset(generated))


def _fingerprint(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, default=repr)


# --- reading loosely typed JSON and older shapes ------------------------------------

class Reader:
    """Collects invalid_field problems while reading loosely typed JSON."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, where: str, message: str, step: str | None = None) -> None:
        """Note that a value at ``where`` is wrong."""
        self.problems.append(Problem("invalid_field", f"{where}: {message}", step))

    def keys(self, data: dict[str, Any], allowed: tuple[str, ...], where: str,
             step: str | None = None) -> None:
        """Note every key of ``data`` that is not ``allowed``."""
        for key in data:
            if key not in allowed:
                self.bad(where, f"unknown key {key!r}", step)

    def text(self, data: dict[str, Any], key: str, where: str, *, default: str | None = "",
             required: bool = False, nullable: bool = False, step: str | None = None) -> Any:
        """A string value (``default`` when missing or of the wrong type)."""
        if key not in data:
            if required:
                self.bad(where, f"{key!r} is required", step)
            return default
        value = data[key]
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            self.bad(where, f"{key!r} must be a string{' or null' if nullable else ''}", step)
            return default
        return value

    def when(self, data: dict[str, Any], key: str, where: str, step: str) -> datetime | None:
        """An ISO 8601 instant with a time zone, or None."""
        value = self.text(data, key, where, default=None, nullable=True, step=step)
        if value is None:
            return None
        try:
            return parse_utc(value)
        except InstantOutOfRange as exc:
            self.problems.append(Problem("time_out_of_range", f"{where}: {key!r}: {exc}", step))
            return None
        except ValueError:
            self.bad(where, f"{key!r} must be ISO 8601 with a time zone, got {value!r}", step)
            return None


def upgrade(data: Any) -> Any:
    """Read older shapes as PlanSpec data: ``write_todos`` lists and task_plan plans."""
    if isinstance(data, dict) and "schema_version" not in data:
        if set(data) == {"todos"}:
            return from_todos(data)
        if set(data) == {"plan"} and isinstance(data["plan"], dict):
            return _from_task_plan(data["plan"])
    return data


def _from_task_plan(plan: dict[str, Any]) -> Any:
    """The task_plan seed's ``{title, description, steps[{id, description, status}]}``."""
    steps = plan.get("steps")
    if not isinstance(steps, list):
        return plan
    status_map = {"done": "completed", "fail": "failed"}
    return {
        "schema_version": SCHEMA_VERSION,
        "revision": 1,
        "origin": "user",
        "title": plan.get("title", ""),
        "objective": plan.get("description", ""),
        "steps": [
            {
                "id": str(s.get("id", i + 1)),
                "title": s.get("description", s.get("title", "")),
                "status": status_map.get(str(s.get("status")), s.get("status", "pending")),
            }
            if isinstance(s, dict) else s
            for i, s in enumerate(steps)
        ],
    }


# --- write_todos -------------------------------------------------------------------

_TODO_STATUS = {
    "pending": "pending", "in_progress": "in_progress", "completed": "completed",
    "failed": "pending", "skipped": "completed",
}


def to_todos(spec: PlanSpec) -> dict[str, Any]:
    """The plan as a ``write_todos`` list (failed → pending, skipped → completed)."""
    return {"todos": [{"content": s.title, "status": _TODO_STATUS[s.status]} for s in spec.steps]}


def from_todos(data: dict[str, Any]) -> Any:
    """A ``write_todos`` list as PlanSpec data: one step per todo, each after the one before."""
    todos = data.get("todos")
    if not isinstance(todos, list):
        return {"schema_version": SCHEMA_VERSION, "steps": "todos must be a list"}
    steps: list[Any] = []
    for i, todo in enumerate(todos, start=1):
        if not isinstance(todo, dict) or set(todo) - {"content", "status"}:
            steps.append(todo if not isinstance(todo, dict) else {**todo, "id": str(i)})
            continue
        steps.append({
            "id": str(i),
            "title": todo.get("content"),
            "depends_on": [str(i - 1)] if i > 1 else [],
            "status": todo.get("status", "pending"),
        })
    return {"schema_version": SCHEMA_VERSION, "revision": 1, "origin": "user", "steps": steps}
