"""Every declared state and capability has a display name in ``ui/words/labels.py``."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest

from app.states import PlanStatus, StepStatus, TaskStatus

LABELS = Path(__file__).resolve().parents[3] / "ui" / "words" / "labels.py"


def _keys_named_in(function: str) -> set[str]:
    """The string keys of the dict literals inside one function of ui/words/labels.py."""
    tree = ast.parse(LABELS.read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            return {key.value for d in ast.walk(node) if isinstance(d, ast.Dict)
                    for key in d.keys if isinstance(key, ast.Constant)
                    and isinstance(key.value, str)}
    raise AssertionError(f"ui/words/labels.py has no {function}()")


@pytest.mark.parametrize(("function", "kind"), [
    ("task_status", TaskStatus), ("plan_status", PlanStatus), ("step_status", StepStatus)])
def test_every_status_member_is_labelled(function: str, kind: type[StrEnum]) -> None:
    named = _keys_named_in(function)
    assert {str(m) for m in kind} <= named, {str(m) for m in kind} - named


def test_every_capability_is_labelled() -> None:
    from app.plan.capabilities import CAPABILITIES as REGISTRY

    named = _keys_named_in("target_name")
    assert set(REGISTRY) <= named, set(REGISTRY) - named


def test_labels_are_translated_names_not_the_codes(qapp: object) -> None:
    from ui.words import labels

    assert labels.task_status(TaskStatus.IN_PROGRESS) != "in_progress"
    assert labels.plan_status(PlanStatus.PENDING) == "awaiting approval"


def test_a_count_reads_as_english_without_a_translator() -> None:
    from ui.words.labels import counted

    assert counted("1 task(s)", 1) == "1 task"
    assert counted("3 task(s)", 3) == "3 tasks"
    assert counted("3 个任务", 3) == "3 个任务"
