"""What the assistant did, in sentences a person reads ("Planned 4 steps for “Team
offsite” — waiting for your approval"), made from the task and its plan as they are
once a stage has finished. The facts are read in a worker; the words are translated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from app.plan import store as plans
from app.states import SATISFIED_STEP, PlanStatus, TaskStatus
from models import Step, Task
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told

translate = QCoreApplication.translate


@dataclass(frozen=True)
class Facts:
    """A task and its latest plan, as plain data."""

    title: str
    task_status: str
    plan_status: str  # "" without a plan
    steps: int
    done: int


def read_facts(task_id: int) -> Facts:
    """Read what a sentence needs (a few rows; call from a worker thread)."""
    task = Task.get_or_none(Task.id == task_id)
    if task is None:
        return Facts("", "", "", 0, 0)
    plan = plans.latest_plan(task_id)
    if plan is None:
        return Facts(str(task.title), str(task.status), "", 0, 0)
    query: Any = Step.select(Step.status).where(Step.plan == plan.id).tuples()
    statuses = [str(row[0]) for row in query]
    done = sum(1 for s in statuses if s in SATISFIED_STEP)
    return Facts(str(task.title), str(task.status), str(plan.status), len(statuses), done)


def sentence(facts: Facts, problem: str) -> str:
    """One line for the dock, in the interface language."""
    t = facts.title
    if not t:
        return translate("AssistantSentences", "A task that no longer exists")
    if problem:
        return fill(translate("AssistantSentences", "“%1” needs you: %2"), t, told(problem))
    if facts.task_status == TaskStatus.DONE or facts.plan_status == PlanStatus.COMPLETED:
        return fill(translate("AssistantSentences", "Finished “%1”"), t)
    if facts.plan_status == PlanStatus.PENDING and facts.steps == 1:
        return fill(translate("AssistantSentences",
                              "Planned 1 step for “%1” — waiting for your approval"), t)
    if facts.plan_status == PlanStatus.PENDING:
        return fill(translate("AssistantSentences",
                              "Planned %2 steps for “%1” — waiting for your approval"),
                    t, facts.steps)
    if facts.plan_status in (PlanStatus.IN_PROGRESS, PlanStatus.PAUSED):
        return fill(translate("AssistantSentences", "Working on “%1”: %2 of %3 steps done"),
                    t, facts.done, facts.steps)
    if facts.task_status == TaskStatus.WAITING:
        return fill(translate("AssistantSentences", "“%1” waits until it can start"), t)
    return fill(translate("AssistantSentences", "Looked at “%1”"), t)


async def describe(task_id: int, problem: str) -> str:
    """The sentence for a task once a stage has finished with it."""
    return sentence(await in_thread(read_facts, task_id), problem)
