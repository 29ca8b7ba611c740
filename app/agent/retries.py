"""When a stage of the assistant loop did not work: the daily call budget, the task-level
retry with backoff, a task changed meanwhile, and forgetting a retry once a stage works.

Each writes the task's problem in the task's own language (``app.tasks.problems``) in one
transaction; the loop turns what they return into its ``Outcome``.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from app.agent import journal
from app.config import settings
from app.events import Change, Kind, events
from app.tasks import problems as task_problems
from app.tasks.problems import Problem
from app.tasks.store import log, set_problem
from models import Task, atomic

_log = logging.getLogger(__name__)
RETRY_BASE = timedelta(minutes=1)
RETRY_CAP = timedelta(days=1)


def problem_language(task: Task) -> str:
    """The language the task's problem texts are written in (its own)."""
    return task_problems.language_for(task.title, task.detail)


def over_budget(task: Task, now: datetime) -> bool:
    """True when the task has used today's model calls; it then waits until tomorrow."""
    limit = settings.get("assistant.calls_per_task_day")
    if journal.calls_today(task.id, now) < limit:
        return False
    with atomic():
        task = Task.get_by_id(task.id)
        set_problem(task, Problem.of("budget", limit=limit))
        tomorrow = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0)
        task.next_check_at = tomorrow
        task.save()
    return True


def retry_later(task: Task, reason: str, now: datetime) -> str:
    """Tell the task what went wrong and when it is tried again (task-level retry).

    Returns:
        The problem text the task now shows.
    """
    with atomic():
        task = Task.get_by_id(task.id)
        task.retry_count += 1
        limit = settings.get("assistant.task_retries")
        if task.retry_count <= limit:
            wait = min(RETRY_BASE * 2 ** (task.retry_count - 1), RETRY_CAP)
            task.next_check_at = now + wait
            problem = Problem.of("retry_later", reason=reason, when=task.next_check_at)
        else:
            task.next_check_at = None
            problem = Problem.of("gave_up", reason=reason, limit=limit, task=task.id)
        words = str(set_problem(task, problem, now))
        log(task.id, "retry", words, actor="assistant")
    events.emit(Change(Kind.TASK_PROBLEM, task.id, words))
    return words


def changed_meanwhile(task: Task, stage: str, exc: Exception) -> str:
    """Someone else (the CLI, the window, another run) changed the task under this stage.

    The stage's own transaction was rolled back; the task is left to them and the run
    goes on with the next task.

    Returns:
        The problem text for the outcome (the task itself is not given it).
    """
    _log.info("skipped #%s at %s: it changed meanwhile: %s", task.id, stage, exc)
    with atomic():
        if Task.get_or_none(Task.id == task.id) is not None:
            log(task.id, "skipped", f"{stage} skipped: the task changed while the assistant "
                f"worked on it ({exc})", actor="assistant")
    return task_problems.told("changed_meanwhile", problem_language(task), reason=str(exc))


def clear_retry(task: Task, keep_next_check: bool = False) -> None:
    """A stage worked: forget an earlier retry and its problem (caller's transaction)."""
    if task.retry_count or task.problem:
        task.retry_count = 0
        if not keep_next_check:
            task.next_check_at = None
        set_problem(task, None)
