"""The replies the assistant asks of a model, as pydantic models, and their parsing.

``parse_reply(kind, text)`` recovers the JSON tolerantly (``relaxed_json``) and then
validates it strictly. A reply is used whole or not at all: any problem raises
ReplyError with a message fit to quote back to the model in a re-ask.
"""

from __future__ import annotations

import functools
import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    field_validator,
)

from app.agent.plan_schema import PLAN_SCHEMA
from app.agent.relaxed_json import RelaxedJSONError, loads
from models.fields import checked_utc

MAX_REASON_CHARS = 1000
_SURROGATES = re.compile("[\ud800-\udfff]")


class ReplyError(ValueError):
    """A reply that cannot be used; the message says why (quoted in the re-ask).

    ``fragment`` is the part of the reply at fault, when known (quoted in the re-ask
    instead of the whole reply).
    """

    def __init__(self, message: str, fragment: str | None = None) -> None:
        super().__init__(message)
        self.fragment = fragment


# What the schema sent to a server says of fields validated loosely here: a server turns
# the schema into a grammar, and an untyped field ({} or a bare object) breaks llama.cpp's.
_SCALAR: dict[str, Any] = {"type": ["string", "number", "boolean"]}
Inputs = Annotated[dict[str, Any], WithJsonSchema({"type": "object",
                                                   "additionalProperties": _SCALAR})]
Sketch = Annotated[list[Any] | None, WithJsonSchema({"type": "array", "maxItems": 10,
                                                     "items": {"type": "string"}})]


THINK_CHARS = 300  # a small model's thinking, kept short (the grammar stops it there)


def _cut_think(text: str) -> str:
    return text[:THINK_CHARS]


Think = Annotated[str, AfterValidator(_cut_think),
                  WithJsonSchema({"type": "string", "maxLength": THINK_CHARS})]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def _aware(value: datetime | None) -> datetime | None:
    if value is not None and value.tzinfo is None:
        raise ValueError("times need a time zone offset, e.g. 2026-12-03T17:00:00+08:00")
    if value is not None:
        checked_utc(value)  # a time outside the range Stepwise keeps is refused too
    return value


class Confirm(_Strict):
    name: Literal["confirm"]
    start: datetime | None = None
    due: datetime | None = None
    expires: datetime | None = None

    _check = field_validator("start", "due", "expires")(_aware)


def _short(text: str) -> str:
    """A reason as stored on the task: what a person reads, not a whole reply."""
    return text if len(text) <= MAX_REASON_CHARS else text[:MAX_REASON_CHARS] + " …"


class NextCheck(_Strict):
    name: Literal["next_check"]
    at: datetime
    reason: str = ""

    _check = field_validator("at")(_aware)
    _shorten = field_validator("reason")(_short)


class Cancel(_Strict):
    name: Literal["cancel"]
    reason: str = Field(min_length=1)

    _shorten = field_validator("reason")(_short)


class Fail(_Strict):
    name: Literal["fail"]
    reason: str = Field(min_length=1)

    _shorten = field_validator("reason")(_short)


class ExecuteStep(_Strict):
    title: str = Field(min_length=1, max_length=300)
    target: str
    inputs: Inputs = Field(default_factory=dict)
    done_when: str = ""


class Execute(_Strict):
    name: Literal["execute"]
    step: ExecuteStep


class PlanAction(_Strict):
    name: Literal["plan"]
    # A plan inline is validated by app.plan.spec; the schema asks for none, so that the
    # plan stage asks for it alone (a small model's inline plans were all invalid).
    plan: Annotated[dict[str, Any] | None, WithJsonSchema({"type": "null"})] = None


Action = Annotated[Confirm | NextCheck | Cancel | Fail | Execute | PlanAction,
                   Field(discriminator="name")]
OUTCOMES = ("next_check", "cancel", "fail", "execute", "plan")


class ReviewReply(_Strict):
    think: Think = ""
    plans: Sketch = None  # the seed's optional todo sketch; informational only
    tags: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=3)
    actions: list[Action] = Field(min_length=1)

    def outcome(self) -> Action | None:
        """The one action that decides what happens next (None: reviewed, plan next)."""
        decisive = [a for a in self.actions if a.name in OUTCOMES]
        return decisive[0] if decisive else None

    @field_validator("actions")
    @classmethod
    def _one_outcome(cls, actions: list[Any]) -> list[Any]:
        names = [a.name for a in actions]
        decisive = [n for n in names if n in OUTCOMES]
        if len(decisive) > 1:
            raise ValueError(f"choose one of {', '.join(OUTCOMES)}; got {', '.join(decisive)}")
        if names.count("confirm") > 1:
            raise ValueError("confirm at most once")
        return actions


class CheckReply(_Strict):
    think: Think = ""
    passed: bool
    reason: str = ""


class SubStep(_Strict):
    id: str = Field(min_length=1, max_length=100)
    title: str = Field(min_length=1, max_length=300)
    target: str
    inputs: Inputs = Field(default_factory=dict)
    depends_on: list[str] = Field(default_factory=list)
    done_when: str = ""


class FailureReviewReply(_Strict):
    think: Think = ""
    decision: Literal["change_worker", "split", "advice"]
    worker: str | None = None
    steps: list[SubStep] = Field(default_factory=list, max_length=10)
    advice: str = ""

    @field_validator("advice")
    @classmethod
    def _advice_short(cls, advice: str) -> str:
        return advice[:2000]

    def problem(self) -> str | None:
        if self.decision == "change_worker" and not self.worker:
            return "change_worker needs a worker"
        if self.decision == "split" and not self.steps:
            return "split needs steps"
        if self.decision == "advice" and not self.advice:
            return "advice needs advice text"
        return None


class PlanReply(_Strict):
    """A plan call answers with a PlanSpec; it is validated by app.plan.spec, not here."""


REPLIES: dict[str, type[BaseModel]] = {
    "review": ReviewReply, "check": CheckReply, "failure_review": FailureReviewReply,
}


def parse_object(text: str) -> dict[str, Any]:
    """The one JSON object of a reply, its text valid Unicode, or ReplyError saying why not."""
    if not text.strip():
        raise ReplyError("the reply was empty")
    try:
        data = loads(text)
        if not isinstance(data, dict):
            raise ReplyError("the reply must be one JSON object")
        return _valid_strings(data)
    except RelaxedJSONError as exc:
        raise ReplyError(str(exc)) from None
    except RecursionError:
        raise ReplyError("the reply nests too deeply to be one JSON object") from None


def valid_unicode(text: str) -> str:
    """``text`` with lone surrogates (which no file or database can hold) made U+FFFD."""
    return _SURROGATES.sub("\ufffd", text)


def _valid_strings(data: dict[str, Any]) -> dict[str, Any]:
    """The object with lone surrogates in its strings (a JSON "\\ud800") made U+FFFD."""
    dumped = json.dumps(data, ensure_ascii=False)
    if not _SURROGATES.search(dumped):
        return data
    return dict(json.loads(valid_unicode(dumped)))


def parse_reply(kind: str, text: str) -> Any:
    """Recover and validate a reply of ``kind`` (review, check, failure_review).

    Raises:
        ReplyError: with every validation problem, briefly.
    """
    data = parse_object(text)
    try:  # strict, from JSON: "yes" is not a bool and a Unix number is not a time
        reply = REPLIES[kind].model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise ReplyError(_brief(exc), _fragment(exc)) from None
    if isinstance(reply, FailureReviewReply) and (problem := reply.problem()):
        raise ReplyError(problem)
    return reply


def _brief(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors()[:8]:
        where = ".".join(str(p) for p in error["loc"])
        parts.append(f"{where}: {error['msg']}" if where else error["msg"])
    return "; ".join(parts)


def _fragment(exc: ValidationError) -> str | None:
    """The first offending value, as JSON, short (None: the whole reply was at fault)."""
    errors = exc.errors()
    if not errors or not errors[0]["loc"]:
        return None
    try:
        text = json.dumps(errors[0].get("input"), ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return None
    return text if len(text) <= 300 else text[:300] + "…"


@functools.cache
def schema_for(kind: str) -> dict[str, Any]:
    """The JSON schema sent as structured-output hint (json_schema / Ollama format); made
    once per kind (pydantic takes ~3 ms) and shared, as ``PLAN_SCHEMA`` is: not to be
    changed by a caller."""
    if kind == "plan":
        return PLAN_SCHEMA
    schema = REPLIES[kind].model_json_schema()
    return _one_outcome(schema) if kind == "review" else schema


def _one_outcome(schema: dict[str, Any]) -> dict[str, Any]:
    """The review schema with ``actions`` as the grammar can hold it: one outcome, with or
    without one confirm before it, or a confirm alone (validation says the same)."""
    confirm = {"$ref": "#/$defs/Confirm"}
    outcome = {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in
                         ("NextCheck", "Cancel", "Fail", "Execute", "PlanAction")]}
    shapes: list[list[dict[str, Any]]] = [[outcome], [confirm, outcome], [confirm]]
    actions = {"anyOf": [{"type": "array", "prefixItems": shape, "items": False,
                          "minItems": len(shape)} for shape in shapes]}
    return {**schema, "properties": {**schema["properties"], "actions": actions}}
