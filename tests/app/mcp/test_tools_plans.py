"""The plan tools (``app.mcp.tools_plans``), in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import StaleEdit
from app.mcp import gates, tools_plans
from app.problems import InvalidPlan
from app.tasks import store as tasks
from models import Plan


def _plan(revision: int = 1, **step: object) -> dict[str, object]:
    return {"schema_version": 2, "revision": revision, "title": "P", "objective": "o",
            "steps": [{"id": "a", "title": "A", "target": "user", "done_when": "done",
                       **step}]}


def test_a_proposal_is_the_clients(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    saved = tools_plans.propose("Cursor", task, {**_plan(), "origin": "user"})
    assert saved["status"] == "in_progress"
    plan = Plan.get(Plan.task == task)
    assert (plan.origin, plan.source) == ("assistant", "mcp:Cursor")


def test_a_proposal_is_held_to_the_assistants_rules(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    with pytest.raises(InvalidPlan):
        tools_plans.propose("bot", task, _plan(status="completed", result="done"))
    tools_plans.propose("bot", task, _plan())
    with pytest.raises(StaleEdit):
        tools_plans.propose("bot", task, _plan(revision=5))
    with pytest.raises(gates.BadInput):
        tools_plans.propose("bot", task, _plan(title="x" * 1_000_001))


def test_step_and_next(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t", priority=1)).id
    tools_plans.propose("bot", task, _plan())
    moved = tools_plans.step("bot", task, "a", "done", "ok", None)
    assert (moved["status"], moved["plan_status"]) == ("completed", "completed")
    assert tools_plans.next_task() is None
    other = tasks.add_task(tasks.NewTask(title="u")).id
    picked = tools_plans.next_task()
    assert picked is not None and picked["task"] == other and "urgency" in picked["why"]
