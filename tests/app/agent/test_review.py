"""The review stage (``app.agent.review``): a reply checked against the task, applied whole."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.agent.loop import Assistant
from app.agent.replies import ReplyError
from app.agent.review import review_decision
from models import WorkLog
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_loop import (
    NOW,
    Clock,
    fresh,
    review,
    run,
    task,
)


def test_the_review_keeps_the_users_times_and_adds_missing_ones(db: Path) -> None:
    due = NOW + timedelta(days=3)
    t = task("Send the report", due_at=due)
    proposed = review({"name": "confirm", "start": "2026-12-01T09:00:00+08:00",
                       "due": "2026-12-10T09:00:00+08:00"}, tags=["work", "report"])
    run(Assistant(ScriptedProvider([proposed]), clock=Clock()), until_idle=False)
    t = fresh(t)
    assert t.due_at == due  # the user's time wins
    assert t.start_at == datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    assert t.status == "reviewed" and t.tags == ["report", "work"]


def test_next_check_waits_then_reviews_again(db: Path) -> None:
    t = task("Call the plumber when he is back")
    clock = Clock()
    provider = ScriptedProvider([review({"name": "next_check", "at": "2026-12-01T09:00:00+08:00",
                                         "reason": "he is away"})])
    run(Assistant(provider, clock=clock), until_idle=False)
    assert fresh(t).status == "waiting"
    assert run(Assistant(provider, clock=clock)) == []
    clock.now = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    outcomes = run(Assistant(provider, clock=clock))
    assert [o.stage for o in outcomes][:2] == ["quick_check", "review"]


@pytest.mark.parametrize(("action", "status"), [
    ({"name": "cancel", "reason": "no longer needed"}, "cancelled"),
    ({"name": "fail", "reason": "needs a signature in person"}, "failed"),
])
def test_cancel_and_fail(db: Path, action: dict[str, Any], status: str) -> None:
    t = task("Something")
    run(Assistant(ScriptedProvider([review(action)]), clock=Clock()), until_idle=False)
    t = fresh(t)
    assert t.status == status
    assert action["reason"] in WorkLog.select().where(WorkLog.kind == "state").get().message


def test_review_decision_refuses_times_out_of_order(db: Path) -> None:
    t = task("Send the report", due_at=NOW + timedelta(days=1))
    late_start = review({"name": "confirm", "start": "2026-12-05T09:00:00+08:00"})
    with pytest.raises(ReplyError, match="the start time .* is after the due time"):
        review_decision(late_start, t, NOW)


def test_review_decision_refuses_a_next_check_in_the_past(db: Path) -> None:
    t = task("Call the plumber")
    past = review({"name": "next_check", "at": "2026-11-29T09:00:00+08:00", "reason": "away"})
    with pytest.raises(ReplyError, match="next_check must be in the future"):
        review_decision(past, t, NOW)


def test_review_decision_takes_only_the_times_the_task_lacks(db: Path) -> None:
    due = NOW + timedelta(days=3)
    t = task("Send the report", due_at=due)
    decision = review_decision(review({"name": "confirm", "start": "2026-12-01T09:00:00+08:00",
                                       "due": "2026-12-02T09:00:00+08:00"}), t, NOW)
    assert decision.times == {"start": datetime(2026, 12, 1, 1, 0, tzinfo=UTC)}
    assert decision.plan is None
