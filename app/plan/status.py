"""What a new plan revision does to its own status and its task's: the rules a saved
revision (``app.plan.store``) and a revision rewritten in place (``app.plan.rewrite``) share."""

from __future__ import annotations

from app.config import settings
from app.plan.spec import PlanSpec
from app.states import SATISFIED_STEP
from app.tasks import problems as task_problems
from app.tasks.store import set_problem, set_status
from models import Plan, Task


def status_for_new_revision(previous: Plan | None, spec: PlanSpec) -> str:
    """The status a revision starts in, after ``previous`` (the latest before it)."""
    if previous is not None and previous.status == "completed":  # an edit of a finished plan
        done = all(s.status in SATISFIED_STEP for s in spec.steps)
        return "completed" if done else "in_progress"
    if previous is None or previous.status not in ("in_progress", "paused"):
        return "in_progress" if settings.get("assistant.auto_accept") else "pending"
    failed = any(s.status == "failed" for s in spec.steps)
    return "paused" if failed else "in_progress"  # an edit that fixes the failure resumes


def follow_plan(task: Task, status: str, revision: int) -> None:
    """The task's status after a new revision: done stays done while its plan is."""
    wanted = {"pending": "planned", "completed": "done"}.get(status, "in_progress")
    if task.status == "done" and wanted != "done":
        set_status(task, "new", why=f"plan revision {revision} has open steps again")
    set_status(task, wanted, why=f"plan revision {revision} saved")


def tell_failures(task: Task, spec: PlanSpec, status: str) -> None:
    """The task's problem after a new revision: its failed steps while the plan is
    paused by them (in the user's language), else none."""
    failed = [(s.id, s.error) for s in spec.steps if s.status == "failed"]
    set_problem(task, task_problems.step_failed(task.title, task.detail, failed)
                if status == "paused" and failed else None)
