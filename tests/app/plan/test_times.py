"""Times inside a plan's step inputs checked against the stored range (``app.plan.times``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from app.plan.times import input_time_problems


def step(target: str | None, inputs: Any, step_id: str = "s") -> SimpleNamespace:
    return SimpleNamespace(id=step_id, target=target, inputs=inputs)


def test_a_reminder_time_outside_the_range_is_a_problem_naming_the_step_and_input() -> None:
    (problem,) = input_time_problems([step("reminder.set", {"at": "1057-10-29T18:46:22Z"})])
    assert problem.code == "time_out_of_range" and problem.step == "s"
    assert problem.message.startswith("step 's' (reminder.set): 'at': ")


def test_a_calendar_day_is_checked_as_its_midnight() -> None:
    assert input_time_problems([step("calendar.read", {"from": "2026-12-01",
                                                        "to": "2026-12-02"})]) == []
    (problem,) = input_time_problems([step("calendar.read", {"from": "0001-01-01",
                                                              "to": "2026-12-02"}, "c")])
    assert problem.step == "c" and "'from'" in problem.message


def test_times_in_range_text_that_is_no_time_and_other_targets_pass() -> None:
    steps = [step("reminder.set", {"at": "2026-12-03T09:00:00Z"}),
             step("reminder.set", {"at": "next tuesday"}),
             step("reminder.set", "not a dict"), step("reminder.set", {"at": 5}),
             step("user", {"at": "1057-10-29T18:46:22Z"}), step(None, {})]
    assert input_time_problems(steps) == []
