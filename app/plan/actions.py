"""What a person may do to a plan or one of its steps, declared once.

The plan toolbar, the step panel, the graph's menu and keys and the CLI ask here which
actions to offer; ``app.plan.store`` carries them out (and refuses, by the state machines
of ``app.states``, what a stale view still offered). The person is the authority: any
step of an active plan may be started, ticked done, skipped or failed, in any order and
before the plan is approved; a group follows its sub-steps.
"""

from __future__ import annotations

from app.states import ACTIVE_PLAN, PLAN, PlanStatus, StepStatus

PLAN_ACTIONS = ("approve", "pause", "resume", "abort")
# where each plan action moves the plan; approve and resume both go to in progress, so
# where they start from tells them apart
PLAN_TARGET = {"approve": PlanStatus.IN_PROGRESS, "pause": PlanStatus.PAUSED,
               "resume": PlanStatus.IN_PROGRESS, "abort": PlanStatus.ABORTED}
PLAN_FROM = {"approve": PlanStatus.PENDING, "resume": PlanStatus.PAUSED}

STEP_ACTIONS = ("start", "done", "fail", "skip", "retry")  # a person's, in the CLI's order


def plan_allowed(action: str, status: str | None) -> bool:
    """Whether ``action`` may move a plan in ``status`` (None: no plan)."""
    if status is None or PLAN_FROM.get(action, status) != status:
        return False
    return PLAN_TARGET[action] in PLAN.moves.get(status, frozenset())


def step_allowed(action: str, status: str, *, is_group: bool, plan_status: str | None) -> bool:
    """Whether a person may ``action`` a step in ``status`` of a plan in ``plan_status``."""
    if is_group or plan_status not in ACTIVE_PLAN:
        return False
    if action == "done":
        return status != StepStatus.COMPLETED
    if action == "skip":
        return status not in (StepStatus.SKIPPED, StepStatus.COMPLETED)
    if action == "start":
        return status == StepStatus.PENDING
    if action == "fail":
        return status in (StepStatus.PENDING, StepStatus.IN_PROGRESS)
    if action == "retry":
        return status == StepStatus.FAILED
    raise ValueError(f"not a step action: {action!r}")
