"""What the model is told about a task (``app.agent.prompt_context``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.agent.prompt_context import language, model_context, prompt_context, task_facts
from app.config import settings
from app.tasks.store import log
from models import atomic
from tests.app.agent.test_loop import NOW, Clock, busy_event, task


def test_task_facts_give_times_in_utc(db: Path) -> None:
    t = task("Send the report", due_at=datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
    facts = task_facts(t)
    assert facts["due_at"] == "2026-12-01T09:00:00Z" and facts["start_at"] is None
    assert facts["title"] == "Send the report" and facts["id"] == t.id


def test_the_language_setting_wins_over_the_tasks_own(db: Path) -> None:
    t = task("给妈妈打电话")
    assert language(t) == "zh"
    settings.put("assistant.language", "en")
    assert language(t) == "en"


def test_the_prompt_has_no_calendar_until_one_is_set_up(db: Path) -> None:
    t = task("Call the bank", due_at=NOW + timedelta(days=2))
    assert prompt_context(Clock(), t).calendar == ""
    busy_event(NOW + timedelta(days=1), NOW + timedelta(days=1, hours=1))
    assert "Team meeting" in prompt_context(Clock(), t).calendar


def test_the_prompt_has_the_last_eight_log_lines_oldest_first(db: Path) -> None:
    t = task("Call the bank")
    with atomic():
        for n in range(12):
            log(t.id, "note", f"line {n}", actor="user")
    worklog = prompt_context(Clock(), t).worklog
    assert len(worklog) == 8 and worklog[-1].endswith("note: line 11")


def test_the_call_context_names_its_purpose_and_extras(db: Path) -> None:
    t = task("Call the bank")
    context = model_context(Clock(), t, "check", step={"id": "a"})
    assert context["purpose"] == "check" and context["step"] == {"id": "a"}
    assert context["task"] == task_facts(t) and context["busy"] == []
