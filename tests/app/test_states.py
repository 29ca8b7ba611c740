"""The state tables: legal moves pass, illegal ones raise a typed error."""

from __future__ import annotations

import pytest

from app.errors import KnownError
from app.states import PLAN, STEP, TASK, IllegalTransition, Machine


@pytest.mark.parametrize(("machine", "old", "new"), [
    (STEP, "pending", "in_progress"), (STEP, "in_progress", "completed"),
    (STEP, "in_progress", "failed"), (STEP, "failed", "pending"), (STEP, "pending", "skipped"),
    (PLAN, "pending", "in_progress"), (PLAN, "in_progress", "paused"),
    (PLAN, "paused", "in_progress"), (PLAN, "in_progress", "completed"),
    (PLAN, "in_progress", "aborted"), (PLAN, "completed", "superseded"),
    (TASK, "new", "reviewed"), (TASK, "reviewed", "planned"), (TASK, "planned", "in_progress"),
    (TASK, "in_progress", "done"), (TASK, "new", "waiting"), (TASK, "done", "new"),
    (TASK, "done", "in_progress"),  # a task reopened takes up its plan where it was
])
def test_legal_moves(machine: object, old: str, new: str) -> None:
    machine.check(old, new)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("machine", "old", "new"), [
    (STEP, "completed", "pending"), (STEP, "completed", "in_progress"),
    (STEP, "skipped", "pending"), (PLAN, "completed", "in_progress")])
def test_a_persons_undo_reopens(machine: Machine, old: str, new: str) -> None:
    machine.check(old, new, reopening=True)  # the person's undo (DESIGN §4)
    with pytest.raises(IllegalTransition):
        machine.check(old, new)  # never the assistant's move


@pytest.mark.parametrize(("machine", "old", "new"), [
    (STEP, "pending", "completed"), (STEP, "completed", "pending"), (STEP, "skipped", "pending"),
    (PLAN, "aborted", "in_progress"), (PLAN, "aborted", "superseded"),
    (PLAN, "superseded", "in_progress"), (PLAN, "completed", "in_progress"),
    (TASK, "cancelled", "done"), (TASK, "done", "failed"),
])
def test_illegal_moves_raise(machine: object, old: str, new: str) -> None:
    with pytest.raises(IllegalTransition) as info:
        machine.check(old, new)  # type: ignore[attr-defined]
    assert isinstance(info.value, KnownError)
    assert f"from {old} to {new}" in str(info.value)


def test_an_unknown_status_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a step status"):
        STEP.check("pending", "finished")


def test_every_state_has_a_row_and_a_meaning() -> None:
    for machine in (TASK, PLAN, STEP):
        assert set(machine.moves) == set(machine.states)
        for targets in machine.moves.values():
            assert targets <= set(machine.states)
        assert all(meaning for meaning in machine.states.values())


def test_each_machine_knows_exactly_its_enum_members() -> None:
    from app.states import PLAN, STEP, TASK, PlanStatus, StepStatus, TaskStatus

    for machine, kind in ((TASK, TaskStatus), (PLAN, PlanStatus), (STEP, StepStatus)):
        assert list(machine.states) == [str(m) for m in kind]
        assert set(machine.moves) == set(machine.states)
        assert all(targets <= set(machine.states) for targets in machine.moves.values())


def test_a_machine_table_that_misses_a_member_is_refused() -> None:
    from app.states import StepStatus, _described

    with pytest.raises(AssertionError, match="StepStatus"):
        _described(StepStatus, {"pending": "not started"})
