"""The model-call journal (ModelCall rows) and the work log of the assistant.

Every call is journaled with its prompt (secrets redacted), reply, outcome, latency
and tokens, whatever happens to it; the cost guard counts today's calls from here.
Each text is kept to :data:`MAX_JOURNAL_CHARS`, so no reply can swell the database.
"""

from __future__ import annotations

from datetime import UTC, datetime

from app.llm.base import Message, Reply, redact
from models import ModelCall, atomic

MAX_JOURNAL_CHARS = 256 * 1024


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
            outcome=outcome, error=capped(redact(error, secret), 4000) if error else None,
            latency_ms=reply.latency_ms if reply else latency_ms,
            prompt_tokens=reply.prompt_tokens if reply else None,
            completion_tokens=reply.completion_tokens if reply else None,
        )
    return int(row.id)


def set_outcome(call_id: int, outcome: str, error: str | None = None) -> None:
    """Say what became of a journaled reply (ok, unusable with its error, too_large)."""
    with atomic():
        kept = capped(error, 4000) if error else None
        ModelCall.update(outcome=outcome, error=kept).where(ModelCall.id == call_id).execute()


def calls_today(task_id: int, now: datetime) -> int:
    midnight = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return (ModelCall.select().where((ModelCall.task == task_id)
                                     & (ModelCall.created_at >= midnight)).count())
