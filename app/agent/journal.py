"""The model-call journal (ModelCall rows) and the work log of the assistant.

Every call is journaled with its prompt (secrets redacted), reply, outcome, latency
and tokens, whatever happens to it; the cost guard counts today's calls from here.
Each text is kept to :data:`MAX_JOURNAL_CHARS`, so no reply can swell the database.
A call's outcome is one of ``Outcome``, or ``error: <how>`` for a failed call (``failed``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum

from app.llm.base import Failure, Message, Reply, redact
from models import ModelCall, atomic

MAX_JOURNAL_CHARS = 256 * 1024


class Outcome(StrEnum):
    """What became of a journaled call (the ``model_call.outcome`` column)."""

    RECEIVED = "received"  # the reply came and is being read (one of the others follows)
    OK = "ok"  # the reply was used
    UNUSABLE = "unusable"  # the reply could not be used; ``error`` says why
    TOO_LARGE = "too_large"  # the reply passed the size limit and was refused
    INSTEAD = "ok: instead"  # the server's replies were unusable: the offline planner's used
    CANCELLED = "cancelled"  # the run was stopped during the call


def failed(kind: Failure) -> str:
    """The outcome of a call the provider failed (``error: timeout``, ``error: http`` …)."""
    return f"error: {Failure(kind)}"


OUTCOMES = frozenset([*Outcome, *(failed(kind) for kind in Failure)])


def _known(outcome: str) -> str:
    if outcome not in OUTCOMES:
        raise ValueError(f"undeclared call outcome {outcome!r}: add it to journal.Outcome")
    return outcome


def capped(text: str, limit: int = MAX_JOURNAL_CHARS) -> str:
    """``text`` as journaled: at most ``limit`` characters, saying how many were cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n… [{len(text) - limit:,} more characters not journaled]"


def render(messages: list[Message]) -> str:
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


def record(*, task_id: int | None, step_pk: int | None, provider: str, model: str,
           purpose: str, messages: list[Message], reply: Reply | None, outcome: str,
           error: str | None = None, secret: str | None = None,
           latency_ms: float | None = None, partial: str = "") -> int:
    """Write one ModelCall row; returns its id.

    ``partial`` is the text of a call that failed part-way (a timeout): kept as its reply.
    """
    with atomic():
        row = ModelCall.create(
            task=task_id, step=step_pk, provider=provider, model=model, purpose=purpose,
            prompt=capped(redact(render(messages), secret)),
            reply=capped(redact(reply.text if reply else partial, secret)),
            outcome=_known(outcome), error=capped(redact(error, secret), 4000) if error else None,
            latency_ms=reply.latency_ms if reply else latency_ms,
            prompt_tokens=reply.prompt_tokens if reply else None,
            completion_tokens=reply.completion_tokens if reply else None,
        )
    return int(row.id)


def set_outcome(call_id: int, outcome: Outcome, error: str | None = None) -> None:
    """Say what became of a journaled reply (ok, unusable with its error, too_large)."""
    with atomic():
        kept = capped(error, 4000) if error else None
        ModelCall.update(outcome=_known(outcome), error=kept).where(
            ModelCall.id == call_id).execute()


def calls_today(task_id: int, now: datetime) -> int:
    midnight = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return (ModelCall.select().where((ModelCall.task == task_id)
                                     & (ModelCall.created_at >= midnight)).count())
