"""app.agent.journal: every model call journaled, its secret redacted and its texts capped."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.agent import journal
from app.llm.base import Failure, Message, Reply
from app.tasks.store import NewTask, add_task
from models import ModelCall

PROMPT = [Message("system", "be brief"), Message("user", "key sk-secret-123 here")]


def test_capped_says_how_many_characters_were_cut() -> None:
    assert journal.capped("short", 10) == "short"
    cut = journal.capped("x" * 1500, 1000)
    assert cut == "x" * 1000 + "\n… [500 more characters not journaled]"


def test_render_labels_each_message_with_its_role() -> None:
    assert journal.render(PROMPT) == "[system]\nbe brief\n\n[user]\nkey sk-secret-123 here"


def record(task_id: int | None, reply: Reply | None, **extra: object) -> ModelCall:
    call = journal.record(task_id=task_id, step_pk=None, provider="openai", model="m",
                          purpose="review", messages=PROMPT, reply=reply, outcome="ok",
                          secret="sk-secret-123", **extra)  # type: ignore[arg-type]
    return ModelCall.get_by_id(call)


def test_a_reply_is_journaled_with_its_tokens_and_without_the_secret(db: Path) -> None:
    task = add_task(NewTask(title="T")).id
    row = record(task, Reply("echo sk-secret-123", "m", 12.5, 30, 4))
    assert "sk-secret-123" not in row.prompt and "sk-secret-123" not in row.reply
    assert (row.latency_ms, row.prompt_tokens, row.completion_tokens) == (12.5, 30, 4)


def test_a_failed_call_keeps_its_partial_text_and_capped_error(db: Path) -> None:
    row = record(None, None, partial="half a rep", error="e" * 5000, latency_ms=9.0)
    assert row.reply == "half a rep" and row.latency_ms == 9.0
    error = row.error or ""
    assert error.startswith("e" * 4000) and "1,000 more characters" in error


def test_set_outcome_and_calls_today(db: Path) -> None:
    task = add_task(NewTask(title="T")).id
    row = record(task, None)
    journal.set_outcome(row.id, "unusable", "not JSON")
    again = ModelCall.get_by_id(row.id)
    assert (again.outcome, again.error) == ("unusable", "not JSON")
    now = datetime.now(UTC)
    assert journal.calls_today(task, now) == 1
    assert journal.calls_today(task, now + timedelta(days=1)) == 0


def test_a_call_outcome_is_declared_or_refused(db: Path) -> None:
    def call(outcome: str) -> int:
        return journal.record(task_id=None, step_pk=None, provider="openai", model="m",
                              purpose="review", messages=PROMPT, reply=None, outcome=outcome)

    failed = ModelCall.get_by_id(call(journal.failed(Failure.TIMEOUT)))
    assert failed.outcome == "error: timeout"
    journal.set_outcome(failed.id, journal.Outcome.UNUSABLE, "no JSON")
    assert ModelCall.get_by_id(failed.id).outcome == "unusable"
    with pytest.raises(ValueError, match="undeclared call outcome"):
        call("fine, probably")
    with pytest.raises(ValueError, match="undeclared call outcome"):
        journal.set_outcome(failed.id, "great")  # type: ignore[arg-type]
    assert ModelCall.get_by_id(failed.id).outcome == "unusable"  # nothing half-changed
