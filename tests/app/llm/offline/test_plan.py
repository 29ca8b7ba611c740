"""app.llm.offline.plan: the offline planner's PlanSpec — valid, bounded, its parts chained as
written, its due times spread over working hours before the task's own."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.llm.offline.plan import build, plan_parts
from app.plan.spec import parse

ZONE = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZONE)  # a Monday


def ctx(title: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    return {"now": NOW.isoformat(), "language": extra.pop("language", "en"),
            "task": {"title": title, "detail": detail}, "contacts": extra.pop("contacts", []),
            **extra}


def test_a_plan_is_valid_and_of_the_assistant() -> None:
    plan = build(ctx("Book flights, then email Alice the dates", contacts=["Alice"]), None)
    parse(plan)
    assert plan["origin"] == "assistant" and plan["title"] == plan["objective"]
    assert [s["depends_on"] for s in plan["steps"]][-1]


def test_max_steps_cuts_the_plan_and_its_dependencies() -> None:
    detail = "\n".join(f"- step number {n}" for n in range(8))
    plan = build(ctx("Things:", detail, max_steps=3), None)
    ids = {s["id"] for s in plan["steps"]}
    assert len(ids) == 3 and all(set(s["depends_on"]) <= ids for s in plan["steps"])


def test_plan_parts_a_vague_goal_gets_a_starter_and_an_event_its_template() -> None:
    assert plan_parts(ctx("Learn Spanish"))[-1].kind == "remind"
    assert len(plan_parts(ctx("Organise the team offsite"))) == 4


def test_steps_are_due_before_the_task_due_time() -> None:
    due = NOW + timedelta(days=7)
    plan = build(ctx("Organise the team offsite"), due.isoformat())
    times = [datetime.fromisoformat(s["due"]) for s in plan["steps"] if s.get("due")]
    assert times and all(NOW <= t <= due for t in times)


@pytest.mark.timeout(60)
@given(st.text(min_size=1, max_size=60).filter(lambda t: t.strip()),
       st.sampled_from(["en", "zh"]))
def test_any_title_makes_a_valid_plan(title: str, language: str) -> None:
    parse(build(ctx(title, language=language), None))
