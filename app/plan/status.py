"""What a new plan revision does to its own status and its task's: the rules a saved
revision (``app.plan.store``) and a revision rewritten in place (``app.plan.rewrite``) share."""

from __future__ import annotations

from app.config import settings
from app.plan.capabilities import acts_for_person
from app.plan.spec import PlanSpec
from app.states import SATISFIED_STEP, PlanStatus, StepStatus, TaskStatus
from app.tasks import problems as task_problems
from app.tasks.store import set_problem, set_status
from models import Plan, Task


def status_for_new_revision(previous: Plan | None, spec: PlanSpec) -> str:
    """The status a revision starts in, after ``previous`` (the latest before it)."""
    if previous is not None and previous.status == PlanStatus.COMPLETED:  # a finished plan's edit
        done = all(s.status in SATISFIED_STEP for s in spec.steps)
        return PlanStatus.COMPLETED if done else PlanStatus.IN_PROGRESS
    if previous is None or previous.status not in (PlanStatus.IN_PROGRESS, PlanStatus.PAUSED):
        starts = is_checklist(spec) or settings.get("assistant.auto_accept")
        return PlanStatus.IN_PROGRESS if starts else PlanStatus.PENDING
    failed = any(s.status == StepStatus.FAILED for s in spec.steps)
    return PlanStatus.PAUSED if failed else PlanStatus.IN_PROGRESS  # a fixed failure resumes


# the status of a task whose plan takes up where it was (a reopened task, a reopened step)
TASK_BY_PLAN = {PlanStatus.PENDING: TaskStatus.PLANNED,
                PlanStatus.IN_PROGRESS: TaskStatus.IN_PROGRESS,
                PlanStatus.PAUSED: TaskStatus.PAUSED}


def is_checklist(spec: PlanSpec) -> bool:
    """A plan of only the person's own steps and reminders: it starts without approval
    (approval is for the assistant acting for the person, DESIGN §4)."""
    return not any(acts_for_person(s.target) for s in spec.steps)


def follow_plan(task: Task, status: str, revision: int) -> None:
    """The task's status after a new revision: done stays done while its plan is."""
    by_plan: dict[str, str] = {PlanStatus.PENDING: TaskStatus.PLANNED,
                               PlanStatus.COMPLETED: TaskStatus.DONE}
    wanted = by_plan.get(status, TaskStatus.IN_PROGRESS)
    if task.status == TaskStatus.DONE and wanted != TaskStatus.DONE:
        set_status(task, TaskStatus.NEW, why=f"plan revision {revision} has open steps again")
    set_status(task, wanted, why=f"plan revision {revision} saved")


def tell_failures(task: Task, spec: PlanSpec, status: str) -> None:
    """The task's problem after a new revision: its failed steps while the plan is
    paused by them (in the user's language), else none."""
    failed = [(s.id, s.error) for s in spec.steps if s.status == StepStatus.FAILED]
    set_problem(task, task_problems.step_failed(failed)
                if status == PlanStatus.PAUSED and failed else None)
