"""Common kinds of task get the small plan a careful assistant would give (issue 9
follow-up): an interview, a move, a trip, a birthday, a doctor's appointment, a renewal."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.llm.offline.plan import build
from app.llm.offline.rules import Part
from app.llm.offline.situations import situation_parts
from app.plan.spec import parse
from tests.app.agent.test_offline_corpus import NOW, reading_of

SITUATION_WORDS = ["job interview at Acme", "面试", "move house", "搬家", "trip to Japan", "旅行",
                   "Mom's birthday", "妈妈过生日", "doctor's appointment", "去医院复诊",
                   "car insurance", "租房合同"]


def test_an_interview_gets_research_answers_route_and_a_reminder_the_evening_before() -> None:
    found = reading_of("Prepare for the job interview at Acme on Thursday")
    titles = " / ".join(t for _, t in found["steps"])
    for words in ("Research the company", "interview questions", "route", "outfit"):
        assert words in titles
    assert found["steps"][-1][0] == "reminder.set" and found["deps"][-1] == []


def test_a_doctors_appointment_keeps_the_visit_and_reminds_to_bring_the_documents() -> None:
    found = reading_of("周五下午三点去医院复诊")
    assert found["steps"][-1] == ["user", "去医院复诊"]  # the task's own action stays
    reminder = next(t for target, t in found["steps"] if target == "reminder.set")
    assert "带好材料" in reminder


def test_booking_an_appointment_is_one_step_of_its_own() -> None:
    assert reading_of("Book a dentist appointment for next week")["steps"] == [
        ["user", "Book a dentist appointment for next week"]]


@pytest.mark.parametrize("text", ["Renew my gym membership", "续签租房合同"])
def test_renewing_something_that_is_not_a_document_checks_terms_before_renewing(text: str
                                                                           ) -> None:
    steps = situation_parts(Part(text, "renew"), "zh" if "续" in text else "en", dated=False)
    assert steps is not None and [p.text for p in steps][2] == text


def test_without_a_due_time_there_is_no_reminder_the_day_before() -> None:
    steps = situation_parts(Part("Move house", "do"), "en", dated=False)
    assert steps is not None and all(p.kind != "remind" for p in steps)


def test_a_call_or_a_message_is_not_turned_into_a_situation_plan() -> None:
    assert situation_parts(Part("Call the dentist", "call"), "en", dated=True) is None


@pytest.mark.timeout(60)
@given(st.sampled_from(SITUATION_WORDS), st.integers(min_value=1, max_value=10),
       st.booleans())
def test_every_situation_plan_passes_the_contract_within_max_steps(
        words: str, max_steps: int, dated: bool) -> None:
    zh = not words.isascii()
    task: dict[str, Any] = {"id": 1, "title": words, "detail": "", "due_at":
                            "2026-12-10T10:00:00Z" if dated else None}
    ctx: dict[str, Any] = {"now": NOW.isoformat(), "language": "zh" if zh else "en",
                           "task": task, "max_steps": max_steps, "contacts": []}
    plan = build(ctx, task["due_at"])
    assert 1 <= len(plan["steps"]) <= max_steps
    parse(plan)  # raises on a plan that breaks the contract


@pytest.mark.parametrize("text, lang, word", [("Write a packing list for Rome", "en", "charger"),
                                              ("写一份行李清单", "zh", "充电器"),
                                              ("Write the agenda", "en", "")])
def test_known_list(text: str, lang: str, word: str) -> None:
    from app.llm.offline.situations import known_list

    found = known_list(text, lang)
    assert (word in found and bool(found)) if word else found == ""
