"""The model-call journal (ModelCall rows) and the work log of the assistant.

Every call is journaled with its prompt (secrets redacted), reply, outcome, latency
and tokens, whatever happens to it; the cost guard counts today's calls from here.
"""

from __future__ import annotations

from datetime import UTC, datetime

from app.llm.base import Message, Reply, redact
from models import ModelCall, atomic


def render(messages: list[Message]) -> str:
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


def record(*, task_id: int | None, step_pk: int | None, provider: str, model: str,
           purpose: str, messages: list[Message], reply: Reply | None, outcome: str,
           error: str | None = None, secret: str | None = None,
           latency_ms: float | None = None) -> int:
    """Write one ModelCall row; returns its id."""
    with atomic():
        row = ModelCall.create(
            task=task_id, step=step_pk, provider=provider, model=model, purpose=purpose,
            prompt=redact(render(messages), secret),
            reply=redact(reply.text, secret) if reply else "",
            outcome=outcome, error=redact(error, secret) if error else None,
            latency_ms=reply.latency_ms if reply else latency_ms,
            prompt_tokens=reply.prompt_tokens if reply else None,
            completion_tokens=reply.completion_tokens if reply else None,
        )
    return int(row.id)


def set_outcome(call_id: int, outcome: str, error: str | None = None) -> None:
    with atomic():
        ModelCall.update(outcome=outcome, error=error).where(ModelCall.id == call_id).execute()


def calls_today(task_id: int, now: datetime) -> int:
    midnight = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return (ModelCall.select().where((ModelCall.task == task_id)
                                     & (ModelCall.created_at >= midnight)).count())
