"""Knowing a model before trusting it (``app.agent.model_check``): sample tasks,
verdicts, report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.agent.model_check import (
    ModelTest,
    StageResult,
    report_lines,
    sample_task,
    short,
    validate,
)
from app.words.plain import language_of

PLAN = json.dumps({"schema_version": 1, "title": "Offsite", "steps": [
    {"id": "a", "title": "Ask the team for dates", "depends_on": [], "target": "user"},
    {"id": "b", "title": "Book the venue", "depends_on": ["a"], "target": "user"}]})
CHECK = json.dumps({"think": "done", "passed": True, "reason": "it was done"})


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_sample_task_is_unsaved_in_its_language_and_bigger_for_a_plan(language: str
                                                                         ) -> None:
    quick, plan = sample_task(language, "review"), sample_task(language, "plan")
    assert quick.id == 0 and quick.title != plan.title
    assert language_of(quick.title) == language_of(plan.title) == language


def test_good_replies_validate_and_bad_ones_say_why(db: Path) -> None:
    task = sample_task("en", "plan")
    assert validate("plan", PLAN, task) is None
    assert validate("check", CHECK, sample_task("en", "check")) is None
    for stage in ("plan", "review", "check"):
        problem = validate(stage, "not json at all", task)
        assert problem is not None and problem.strip()


def test_a_problem_is_told_without_jargon_and_at_most_300_characters() -> None:
    assert short("passed: Field required") == "passed: is missing"
    assert short("x" * 1000) == "x" * 300 + " …"


def test_the_report_has_a_line_per_stage_and_ok_only_when_all_validate() -> None:
    stages = [StageResult("review", 1.26, 41.4, None),
              StageResult("plan", 3.0, 20.0, "steps: Field required")]
    result = ModelTest("m", "openai", "http://h/v1", "JSON Schema", stages)
    assert report_lines(result) == [
        "structured output: JSON Schema",
        "review: valid — 1.3 s, ≈ 41 tokens/s",
        "plan: NOT valid: steps: is missing — 3.0 s, ≈ 20 tokens/s"]
    assert not result.ok and ModelTest("m", "openai", "u", None, stages[:1]).ok
    assert report_lines(ModelTest("m", "openai", "u", None, [])) == []
