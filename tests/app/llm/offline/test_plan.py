"""app.llm.offline.plan: the offline planner's PlanSpec — valid, bounded, its parts chained as
written, its due times spread over working hours before the task's own."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.llm.offline.plan import build, plan_parts, spread
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


def test_spread_keeps_to_working_hours_and_weekdays() -> None:
    due = NOW + timedelta(days=6)  # Sunday
    when = spread(NOW, due, 3, 4, [])
    assert when is not None and when.weekday() < 5 and 9 <= when.hour < 18
    assert spread(NOW, None, 0, 3, []) is None
    assert spread(NOW, NOW - timedelta(hours=1), 0, 3, []) == NOW - timedelta(hours=1)


def test_spread_moves_out_of_busy_time_but_never_past_the_due() -> None:
    due = NOW + timedelta(days=1)
    free = spread(NOW, due, 0, 2, [])
    assert free == NOW.replace(hour=17)  # half way is 22:00: the end of the working day
    busy = [(free - timedelta(minutes=30), free + timedelta(hours=2))]
    assert spread(NOW, due, 0, 2, busy) == free + timedelta(hours=2)
    late = [(free - timedelta(minutes=30), due + timedelta(hours=1))]
    assert spread(NOW, due, 0, 2, late) == free  # moving would pass the due time


@pytest.mark.timeout(60)
@given(st.text(min_size=1, max_size=60).filter(lambda t: t.strip()),
       st.sampled_from(["en", "zh"]))
def test_any_title_makes_a_valid_plan(title: str, language: str) -> None:
    parse(build(ctx(title, language=language), None))
