"""The capability registry (``app.plan.capabilities``): what a step may target, and its inputs."""

from __future__ import annotations

from typing import Any

import pytest

from app.plan.capabilities import CAPABILITIES, input_problems


def test_every_capability_says_what_it_does_and_its_guard() -> None:
    assert "user" in CAPABILITIES
    for name, cap in CAPABILITIES.items():
        assert cap.name == name and cap.does.strip() and cap.guard.strip()
        assert cap.input_schema["type"] == "object"


@pytest.mark.parametrize(("name", "inputs"), [
    ("user", {}),
    ("reminder.set", {"at": "2026-12-03T09:00:00+08:00", "text": "Call"}),
    ("calendar.read", {"from": "2026-12-01", "to": "2026-12-02T18:00:00Z"}),
])
def test_good_inputs_have_no_problems(name: str, inputs: Any) -> None:
    assert input_problems(name, inputs) == []


@pytest.mark.parametrize(("name", "inputs", "says"), [
    ("user", {"extra": 1}, "extra"),
    ("reminder.set", {"text": "Call"}, "at"),
    ("reminder.set", {"at": "tomorrow", "text": "Call"}, "tomorrow"),
    ("calendar.read", {"from": "2026-12-01"}, "to"),
    ("reminder.set", "not an object", "object"),
])
def test_bad_inputs_are_named(name: str, inputs: Any, says: str) -> None:
    problems = input_problems(name, inputs)
    assert problems and says in " ".join(problems)
