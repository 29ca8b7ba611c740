"""Asking the model (``app.agent.asking``): one re-ask, the journal, the key redacted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.agent.asking import REASK_FRAGMENT_CHARS, brief, nonempty_text, reask
from app.agent.loop import Assistant
from app.agent.replies import ReplyError
from models import ModelCall, Plan
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_loop import (
    Clock,
    fresh,
    plan_json,
    review,
    run,
    task,
)


def test_an_unusable_reply_is_asked_again_once_then_the_task_says_why(db: Path) -> None:
    t = task("Plan a trip")
    provider = ScriptedProvider(["I think you should go to Paris!", "{actions: [launch]}"])
    outcomes = run(Assistant(provider, clock=Clock()), until_idle=False)
    assert outcomes[0].summary == "failed"
    t = fresh(t)
    assert t.status == "new" and "could not be used" in t.problem
    assert "Reply again" in provider.calls[1].messages[-1].content
    calls = list(ModelCall.select().order_by(ModelCall.id))
    assert [c.outcome for c in calls] == ["unusable", "unusable"]
    assert calls[0].reply == "I think you should go to Paris!"
    assert Plan.select().count() == 0


def test_a_reask_that_works_is_used(db: Path) -> None:
    t = task("Plan a trip")
    good = review({"name": "plan", "plan": json.loads(plan_json(
        {"id": "a", "title": "Go"}, {"id": "b", "title": "Write it up", "target":
                                     "assistant.write", "inputs": {"instructions": "a"}}))})
    run(Assistant(ScriptedProvider(["not json", good]), clock=Clock()), until_idle=False)
    assert fresh(t).status == "planned" and fresh(t).problem is None


def test_the_key_never_reaches_the_journal(db: Path) -> None:
    task("Ask about key sk-secret-123")
    provider = ScriptedProvider([lambda ctx: "echo sk-secret-123 " + review({"name": "plan"})])
    run(Assistant(provider, clock=Clock(), secret="sk-secret-123"), until_idle=False)
    for call in ModelCall.select():
        assert "sk-secret-123" not in call.prompt + call.reply
    assert "[redacted]" in ModelCall.select().first().prompt


def test_brief_says_how_much_was_left_out() -> None:
    assert brief("short") == "short"
    assert brief("x" * 1_510, 10) == "x" * 10 + "… [1,500 more characters left out]"


def test_the_reask_quotes_the_fragment_at_fault_never_the_whole_reply() -> None:
    whole = "y" * 5_000
    text = reask(ReplyError("no JSON object", fragment="{oops"), whole)
    assert "no JSON object" in text and "The part at fault: {oops" in text
    assert whole[:REASK_FRAGMENT_CHARS + 1] not in reask(ValueError("bad"), whole)


def test_an_empty_draft_is_unusable() -> None:
    assert nonempty_text("  Dear Ann  ") == "Dear Ann"
    with pytest.raises(ReplyError, match="empty"):
        nonempty_text("   ")
