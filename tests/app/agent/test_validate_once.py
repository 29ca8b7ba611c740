"""A model's plan is validated once on its way to the store (issue 10: "a reply is
validated twice"): when the reply comes, and the store takes the spec kept with it."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.agent.loop import Assistant
from app.config import settings
from app.plan import spec as planspec
from app.plan import store as plans
from app.plan.spec import PlanSpec
from app.problems import Problem
from app.tasks.store import NewTask, add_task
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_loop import Clock, fresh, review, spec, task, write_plan_then

STEPS = [{"id": "s1", "title": "Call the bank", "depends_on": [], "target": "user"},
         {"id": "s2", "title": "Write it down", "depends_on": ["s1"], "target": "user"}]
PLAN = {"schema_version": 2, "title": "Bank", "steps": STEPS}


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[PlanSpec]:
    """Every plan ``planspec.validate`` is called on, in order."""
    seen: list[PlanSpec] = []
    real = planspec.validate

    def counting(spec: PlanSpec, *args: Any, **kwargs: Any) -> list[Problem]:
        seen.append(spec)
        return real(spec, *args, **kwargs)

    monkeypatch.setattr(planspec, "validate", counting)
    return seen


def _run_stage(assistant: Assistant) -> None:
    asyncio.run(assistant.run_once())


DUE = datetime(2027, 1, 10, 17, tzinfo=UTC)  # a reminder after it cannot be kept


def test_a_plan_in_a_review_reply_is_validated_once(db: Path, validations: list[PlanSpec]
                                                    ) -> None:
    task = add_task(NewTask(title="Call the bank"))
    _run_stage(Assistant(ScriptedProvider([review({"name": "plan", "plan": PLAN})]),
                         clock=Clock()))
    assert plans.latest_plan(task.id) is not None
    assert len(validations) == 1


def test_a_plan_stage_reply_is_validated_once(db: Path, validations: list[PlanSpec]) -> None:
    task = add_task(NewTask(title="Call the bank"))
    assistant = Assistant(ScriptedProvider([review({"name": "confirm"}), json.dumps(PLAN)]),
                          clock=Clock())
    _run_stage(assistant)
    assert validations == []  # the review saved no plan
    _run_stage(assistant)
    saved = plans.latest_plan(task.id)
    assert saved is not None and saved.origin == "assistant"
    assert len(validations) == 1


def test_checked_data_changed_after_the_check_is_validated_again(
        db: Path, validations: list[PlanSpec]) -> None:
    settings.put("assistant.max_steps", 5)
    task = add_task(NewTask(title="Call the bank"))
    data = planspec.checked({**PLAN, "origin": "assistant"}, max_steps=5)
    data["steps"] = [*STEPS, {"id": "s3", "title": "Done", "depends_on": [], "target": "user"}]
    plans.save_plan(task.id, data, author="assistant")
    assert len(validations) == 2
    assert len(plans.spec_of(plans.latest_plan_or_fail(task.id)).steps) == 3


def test_data_checked_under_other_rules_is_validated_again(
        db: Path, validations: list[PlanSpec]) -> None:
    task = add_task(NewTask(title="Call the bank"))
    data = planspec.checked({**PLAN, "origin": "assistant"}, max_steps=planspec.MAX_STEPS_ANY)
    plans.save_plan(task.id, data, author="assistant")  # the setting's limit, not the maximum
    assert len(validations) == 2


def test_a_split_from_a_failure_review_is_validated_once(db: Path,
                                                         validations: list[PlanSpec]) -> None:
    settings.put("assistant.auto_accept", True)
    t = task("Save notes", due_at=DUE)
    split = json.dumps({"decision": "split", "steps": [
        {"id": "a", "title": "Write it", "target": "assistant.write",
         "inputs": {"instructions": "notes"}},
        {"id": "b", "title": "Remember it", "target": "user", "depends_on": ["a"]}]})
    provider = write_plan_then([{"id": "save", "title": "Save", "target": "reminder.set",
                                 "inputs": {"at": "2027-01-30T00:00:00Z", "text": "x"}}],
                               split)
    asyncio.run(Assistant(provider, clock=Clock()).run_until_idle())
    assert spec(fresh(t)).step("save.b").parent == "save"
    split_checks = [s for s in validations if any(step.id == "save.a" for step in s.steps)]
    assert len(split_checks) == 1  # when the reply came; the store took that spec
