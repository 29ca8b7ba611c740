"""app.llm.offline.provider: the offline planner as a provider — its replies parse as a model's
would, and it judges the impossible and the past before planning."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from app.agent.replies import parse_reply
from app.llm import ProviderError
from app.llm.offline.provider import OfflineProvider, check, review

NOW = "2026-11-30T10:00:00+08:00"


def ctx(title: str, purpose: str = "review", **task: Any) -> dict[str, Any]:
    return {"purpose": purpose, "now": NOW, "language": task.pop("language", "en"),
            "task": {"title": title, "detail": "", **task}}


def test_complete_streams_the_whole_reply_in_chunks() -> None:
    chunks: list[str] = []
    reply = asyncio.run(OfflineProvider().complete([], on_chunk=chunks.append,
                                                   context=ctx("Plan the team offsite")))
    assert "".join(chunks) == reply.text and len(chunks) > 1
    assert parse_reply("review", reply.text).actions[-1].name == "plan"


@pytest.mark.parametrize("context, said", [(None, "needs the call's context"),
                                           ({"purpose": "dance"}, "cannot do 'dance'")])
def test_a_call_it_cannot_answer_is_a_config_error(context: dict[str, Any] | None,
                                                   said: str) -> None:
    with pytest.raises(ProviderError, match=said):
        asyncio.run(OfflineProvider().complete([], context=context))


def test_the_impossible_fails_in_the_task_language() -> None:
    english = review(ctx("Travel back in time to 1990"))
    assert english["actions"][0]["name"] == "fail"
    chinese = review(ctx("回到过去", language="zh"))
    assert chinese["actions"][0]["name"] == "fail" and "做不到" in chinese["actions"][0]["reason"]


def test_a_named_year_already_past_fails_unless_it_repeats() -> None:
    assert review(ctx("File the 2019 taxes by March 3 2019"))["actions"][0]["name"] == "fail"
    kept = review(ctx("File the 2019 taxes by March 3 2019", recurrence="FREQ=YEARLY"))
    assert kept["actions"][-1]["name"] != "fail"


def test_a_reminder_without_a_time_asks_when() -> None:
    actions = review(ctx("Remind me to call mum"))["actions"]
    assert actions[-1]["name"] == "next_check"
    assert "When should I remind you" in actions[-1]["reason"]


def test_every_review_reply_is_valid() -> None:
    for title in ("Remind me to call mum tomorrow at 9am", "Buy milk", "组织团队团建",
                  "Travel back in time"):
        parse_reply("review", json.dumps(review(ctx(title))))


def test_check_passes_a_result_that_meets_done_when() -> None:
    step = {"result": "", "done_when": "a draft is written"}
    verdict = check({"step": step})
    assert verdict["passed"] is False and parse_reply("check", json.dumps(verdict))


def test_quick_add_reminder_is_planned_as_one() -> None:
    answer = review(ctx("Call mum", detail="Remind me to", due_at="2026-12-01T01:00:00Z"))
    step = answer["actions"][-1]["step"]
    assert step["target"] == "reminder.set" and step["inputs"]["text"] == "Call mum"
    plain = review(ctx("Call mum", due_at="2026-12-01T01:00:00Z"))["actions"][-1]
    assert plain["name"] == "plan"


@pytest.mark.parametrize(("title", "due"), [
    ("Book a table for Saturday dinner", "2026-12-04"),
    ("Ask Bob when next week's meeting starts", None),
    ("问李老师下周家长会几点开", None),
    ("下周五之前交报告", "2026-12-11"),
])
def test_review_due_follows_role(title: str, due: str | None) -> None:
    confirm = [a for a in review(ctx(title))["actions"] if a["name"] == "confirm"]
    assert [a["due"][:10] for a in confirm] == ([due] if due else [])
