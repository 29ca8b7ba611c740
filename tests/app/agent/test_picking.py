"""app.agent.picking: the one stage due now for a task, and which task comes first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.agent.picking import candidates, next_stage, runnable_step
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import Task

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
STEPS = [{"id": "s1", "title": "Ask", "depends_on": [], "target": "user"},
         {"id": "s2", "title": "Draft", "depends_on": ["s1"], "target": "assistant.write",
          "inputs": {"instructions": "draft it"}}]


def task(status: str = "new", **fields: Any) -> Task:
    added = add_task(NewTask(title="Renew passport"))
    Task.update(status=status, **fields).where(Task.id == added.id).execute()
    return Task.get_by_id(added.id)


def test_a_new_task_is_reviewed_and_an_expired_one_expires(db: Path) -> None:
    assert next_stage(task(), NOW, False) == "review"
    assert next_stage(task(expires_at=NOW - timedelta(minutes=1)), NOW, False) == "expire"
    assert next_stage(task("done"), NOW, False) is None


@pytest.mark.parametrize("check, stage", [(timedelta(hours=1), None),
                                          (timedelta(hours=-1), "quick_check")])
def test_a_waiting_task_is_checked_when_its_time_comes(db: Path, check: timedelta,
                                                       stage: str | None) -> None:
    assert next_stage(task("waiting", next_check_at=NOW + check), NOW, False) == stage


def test_a_problem_waits_for_you_until_a_retry_is_due(db: Path) -> None:
    assert next_stage(task(problem="provider_down"), NOW, False) is None
    due = task(problem="provider_down", next_check_at=NOW - timedelta(minutes=1))
    assert next_stage(due, NOW, False) == "review"


def test_a_reviewed_task_is_planned_and_a_pending_plan_approved_only_on_auto(db: Path) -> None:
    reviewed = task("reviewed")
    assert next_stage(reviewed, NOW, False) == "plan"
    plans.save_plan(reviewed.id, {"schema_version": 2, "title": "p", "steps": STEPS},
                    author="assistant", source="offline")
    planned = task("planned")
    plans.save_plan(planned.id, {"schema_version": 2, "title": "p", "steps": STEPS},
                    author="assistant", source="offline")
    assert next_stage(Task.get_by_id(planned.id), NOW, True) == "approve"
    assert next_stage(Task.get_by_id(planned.id), NOW, False) is None


def test_the_runnable_step_skips_the_users_and_waits_for_dependencies(db: Path) -> None:
    t = task()
    plan = plans.save_plan(t.id, {"schema_version": 2, "title": "p", "steps": STEPS})
    assert runnable_step(plan, plans.spec_of(plan)) is None  # s1 is the user's, s2 waits on it
    plans.approve_all()
    plans.step_action(t.id, "s1", "done", result="asked")
    started = plans.latest_plan(t.id)
    assert started is not None
    step = runnable_step(started, plans.spec_of(started))
    assert step is not None and step.id == "s2"


def test_candidates_come_most_urgent_first_ties_by_age(db: Path) -> None:
    later = task(due_at=NOW + timedelta(days=30))
    sooner = task(due_at=NOW + timedelta(hours=2))
    same = task(due_at=NOW + timedelta(days=30))
    task("done")
    picked = [c.task.id for c in candidates(NOW, False)]
    assert picked == [sooner.id, later.id, same.id]
    assert {c.stage for c in candidates(NOW, False)} == {"review"}


def test_first_matches_candidates(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from app.agent import picking

    monkeypatch.setattr(picking, "PAGE", 3)  # pages and the band past a page's end
    rng = random.Random(29)
    created = NOW - timedelta(days=400)
    for n in range(60):
        due = rng.choice([None, NOW + timedelta(hours=rng.randint(-300, 500))])
        status = rng.choice(["new", "new", "waiting", "done", "reviewed"])
        task(status, priority=rng.randint(1, 4), due_at=due,
             problem=rng.choice([None, None, "it failed"]),
             created_at=created if n % 3 else NOW - timedelta(days=rng.randint(0, 30)),
             next_check_at=NOW + timedelta(hours=rng.choice([-1, 1])))
    for accept in (False, True):
        first = picking.first_candidate(NOW, accept)
        expected = candidates(NOW, accept)[0]
        assert first is not None and (first.task.id, first.stage, first.urgency) == \
            (expected.task.id, expected.stage, expected.urgency)


def test_first_none_when_idle(db: Path) -> None:
    from app.agent.picking import first_candidate

    task("done")
    assert first_candidate(NOW, False) is None
