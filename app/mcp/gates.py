"""What an MCP client may do: the setting ``mcp.mode``, the error codes it is answered
with, and the gates that keep the person's approvals the person's.

An MCP client is not the person. There are no tools at all for approving a plan that
acts, the outbox, contacts, settings, secrets or the model-call journal; this module
refuses (code ``gate``) what a generic tool could still reach: a step move on a step
that acts, or on a plan that acts and has not been approved (or was paused), the
reopening of a task whose plan acts, and a proposed plan that acts but would not wait
for approval.
"""

from __future__ import annotations

from app.config import settings
from app.errors import KnownError, NotFound, Refused, StaleEdit
from app.plan import store as plans
from app.plan.capabilities import acts_for_person
from app.plan.spec import PlanSpec
from app.plan.status import status_for_new_revision
from app.states import PlanStatus
from models import Plan

MODE_KEY = "mcp.mode"
OFF, READ_ONLY, ON = "off", "read-only", "on"

# Every code a refused tool call carries, with what it means (docs/mcp.md lists them).
CODES: dict[str, str] = {
    "bad_input": "the arguments are not what the tool takes (a wrong type, too long, "
                 "out of range, a time that cannot be read)",
    "not_found": "no task, plan or step with that id",
    "refused": "the rules do not allow this now; the message names the rule",
    "stale": "the plan changed since it was read: show the task again and redo the edit",
    "invalid_plan": "the plan breaks the PlanSpec contract; every problem is listed",
    "gate": "only the person may do this (approve, send, resume a plan that acts)",
    "read_only": "the person lets agents read only (setting mcp.mode)",
    "off": "the person turned agent access off (setting mcp.mode)",
    "unknown_tool": "there is no tool of that name",
    "store": "the database cannot be used now (busy, read-only, full); try again later",
    "bug": "an unexpected error in Stepwise (its log has the details)",
}


class Coded(Refused):
    """A refusal with its own code (``code`` is one of ``CODES``)."""

    code = "refused"


class Gate(Coded):
    """Only the person may do this."""

    code = "gate"


class ReadOnly(Coded):
    """The person lets agents read only."""

    code = "read_only"


class Off(Coded):
    """The person turned agent access off."""

    code = "off"


class BadInput(Coded):
    """Arguments the tool does not take."""

    code = "bad_input"


def code_of(exc: KnownError) -> str:
    """The code a known error is answered with."""
    from app.problems import InvalidPlan

    if isinstance(exc, Coded):
        return exc.code
    if isinstance(exc, InvalidPlan):
        return "invalid_plan"
    if isinstance(exc, StaleEdit):
        return "stale"
    if isinstance(exc, NotFound):
        return "not_found"
    return "bad_input" if exc.exit_code == 2 else "refused"


def mode() -> str:
    """The person's choice for agents: off, read-only or on."""
    return str(settings.get(MODE_KEY))


def check_open(writes: bool) -> None:
    """Refuse a tool call the person's ``mcp.mode`` does not allow (read at each call, so
    a change in the window counts at once)."""
    now = mode()
    if now == OFF:
        raise Off("the person turned agent access to Stepwise off (setting mcp.mode)")
    if writes and now == READ_ONLY:
        raise ReadOnly("the person lets agents read Stepwise, not change it (setting "
                       "mcp.mode is read-only)")


def _plan_acts(plan: Plan) -> bool:
    return any(acts_for_person(step.target) for step in plans.spec_of(plan).steps)


def check_step(task_id: int, step_id: str) -> None:
    """Refuse an agent's move of a step that acts for the person, or of any step of a plan
    that acts and is not running (it waits for approval, or the person paused it)."""
    plan = plans.active_plan(task_id)
    step = plans.find_step(plan, step_id)
    if acts_for_person(step.target):
        raise Gate(f"step {step_id!r} acts for the person ({step.target}); only the person "
                   "moves it, in Stepwise")
    if plan.status != PlanStatus.IN_PROGRESS and _plan_acts(plan):
        why = "waits for the person's approval" if plan.status == PlanStatus.PENDING \
            else "is paused"
        raise Gate(f"task {task_id}'s plan acts for the person and {why}; only the person "
                   "approves or resumes it")


def check_reopen(task_id: int) -> None:
    """Refuse reopening a task whose plan acts: it would run again without the person."""
    plan = plans.latest_plan(task_id)
    if plan is not None and _plan_acts(plan):
        raise Gate(f"task {task_id}'s plan acts for the person; only the person reopens it")


def check_proposal(task_id: int, spec: PlanSpec) -> None:
    """Refuse a plan that acts but would start without the person's approval (the task's
    plan runs already, or the person lets the assistant's plans run at once)."""
    if not any(acts_for_person(s.target) for s in spec.steps):
        return
    status = status_for_new_revision(plans.latest_plan(task_id), spec)
    if status != PlanStatus.PENDING:
        raise Gate(f"a plan that acts for the person must wait for their approval, and a "
                   f"new revision of task {task_id}'s plan would run at once; the person "
                   "can abort the running plan first")
