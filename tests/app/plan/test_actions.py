"""What a person may do to a plan or a step (``app.plan.actions``), the one table the
toolbar, the step panel, the graph's menu and the CLI ask."""

from __future__ import annotations

import pytest

from app.plan.actions import STEP_ACTIONS, plan_allowed, step_allowed


def test_plan_table() -> None:
    assert plan_allowed("approve", "pending")
    assert not plan_allowed("resume", "pending")  # same target, other source
    assert not plan_allowed("approve", "paused")
    assert plan_allowed("resume", "paused") and plan_allowed("pause", "in_progress")
    assert not plan_allowed("pause", "completed")
    assert not plan_allowed("abort", None)


@pytest.mark.parametrize(("status", "allowed"), [
    ("pending", {"start", "done", "fail", "skip"}),
    ("in_progress", {"done", "fail", "skip"}),
    ("failed", {"done", "skip", "retry"}),
    ("skipped", {"done"}),
    ("completed", set()),
])
def test_step_table(status: str, allowed: set[str]) -> None:
    """Any step, in any order, before approval too (a pending plan)."""
    for plan in ("pending", "in_progress", "paused"):
        found = {a for a in STEP_ACTIONS if step_allowed(a, status, is_group=False,
                                                        plan_status=plan)}
        assert found == allowed, plan


def test_no_step_moves() -> None:
    """A group follows its sub-steps; a finished or aborted plan is history."""
    assert not any(step_allowed(a, "pending", is_group=True, plan_status="in_progress")
                   for a in STEP_ACTIONS)
    for plan in ("completed", "aborted", None):
        assert not any(step_allowed(a, "pending", is_group=False, plan_status=plan)
                       for a in STEP_ACTIONS)
    with pytest.raises(ValueError):
        step_allowed("reopen", "completed", is_group=False, plan_status="in_progress")
