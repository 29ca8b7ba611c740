"""Prompts for small models (issue 16): contacts listed, the calendar only when one is set
up, times local with their offset, each stage under budget."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.agent.loop import Assistant
from app.agent.outbox import add_contact
from app.agent.tokens import PROMPT_BUDGET, prompt_tokens
from app.tasks.store import NewTask, add_task
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def messages(purpose: str, title: str = "Renew passport") -> list[str]:
    task = add_task(NewTask(title=title, due_at=datetime(2026, 12, 15, 10, 0, tzinfo=UTC)))
    sent, _context = Assistant(ScriptedProvider(), clock=lambda: NOW).request(task, purpose)
    return [m.content for m in sent]


def test_the_prompt_lists_the_contacts(db: Path) -> None:
    add_contact("Alice", "alice@example.com")
    system, _user = messages("review")
    assert "known contacts: Alice" in system


def test_without_a_calendar_no_free_time_is_listed(db: Path) -> None:
    _system, user = messages("review")
    assert "free" not in user.lower().split("calendar around the task:")[1][:60]


def test_task_times_are_local_with_their_offset(db: Path) -> None:
    _system, user = messages("review")
    assert "2026-12-15T18:00+08:00" in user and "10:00:00Z" not in user


@pytest.mark.parametrize("purpose", ["review", "plan", "check", "failure_review", "write"])
@pytest.mark.parametrize("title", ["Organise the team offsite", "组织团队团建"])
def test_each_stage_prompt_is_under_its_token_budget(db: Path, purpose: str, title: str) -> None:
    from app.llm.base import Message

    sent = [Message("x", m) for m in messages(purpose, title)]
    assert prompt_tokens(sent) < PROMPT_BUDGET
