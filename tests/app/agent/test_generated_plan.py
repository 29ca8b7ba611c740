"""A model's plan on its way to the store (``app.agent.generated_plan``)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from app.agent.generated_plan import flag_busy, generated_plan
from app.agent.loop import Assistant
from app.agent.replies import ReplyError
from models import WorkLog
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_loop import (
    NOW,
    Clock,
    busy_event,
    plan_json,
    review,
    run,
    task,
)


def test_a_model_plan_in_busy_time_is_flagged(db: Path) -> None:
    due = NOW + timedelta(days=2)
    task("Call the bank", due_at=due)
    meeting = NOW + timedelta(days=1)
    busy_event(meeting, meeting + timedelta(hours=1))
    step = {"id": "call", "title": "Call", "due": "2026-12-01T02:30:00Z"}  # in the meeting
    notes = {"id": "notes", "title": "Write down the questions"}
    outcomes = run(Assistant(ScriptedProvider([review({"name": "plan", "plan": json.loads(
        plan_json(notes, step))})]), clock=Clock()), until_idle=False)
    assert "due in busy time: call" in outcomes[0].summary
    logged = WorkLog.select().where(WorkLog.kind == "calendar").get().message
    assert "call at 2026-12-01T02:30:00Z" in logged


def test_a_generated_plan_is_the_assistants_at_the_current_revision(db: Path) -> None:
    t = task("Call the bank")
    data = generated_plan(plan_json({"id": "a", "title": "Call"}) .replace(
        '"title": "p"', '"title": "p", "origin": "user"'), t.id)
    assert data["origin"] == "assistant" and data["revision"] == 1


def test_an_invalid_generated_plan_is_an_unusable_reply(db: Path) -> None:
    t = task("Call the bank")
    loop = plan_json({"id": "a", "title": "A", "depends_on": ["b"]},
                     {"id": "b", "title": "B", "depends_on": ["a"]})
    with pytest.raises(ReplyError, match="the plan is invalid"):
        generated_plan(loop, t.id)


def test_no_busy_time_no_flag(db: Path) -> None:
    t = task("Call the bank")
    assert flag_busy(t, {"steps": [{"id": "a", "due": "2026-12-01T02:30:00Z"}]}, []) == ""
    assert WorkLog.select().where(WorkLog.kind == "calendar").count() == 0
