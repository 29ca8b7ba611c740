"""What the model is told about a task: its facts, its recent work log, the calendar's
busy time, the contacts, the language to answer in.

``prompt_context`` fills the prompt (``app.agent.prompts``); ``model_context`` is the
structured context sent with the call (the offline planner reads it). Times in the
prompt are local with their offset, as the owner reads them; in ``task_facts`` UTC.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from app.agent import prompts
from app.calendar.freebusy import CalendarContext, context_for
from app.config import settings
from app.llm.base import Message
from app.words.plain import language_of, local_facts
from models import CalendarSource, Contact, Task, WorkLog
from models.fields import format_utc

Clock = Callable[[], datetime]


def task_facts(task: Task) -> dict[str, Any]:
    """The task as the prompt and the offline planner see it (times in UTC)."""
    def when(value: datetime | None) -> str | None:
        return None if value is None else format_utc(value)

    return {"id": task.id, "title": task.title, "detail": task.detail, "status": task.status,
            "priority": task.priority, "tags": list(task.tags), "start_at": when(task.start_at),
            "due_at": when(task.due_at), "expires_at": when(task.expires_at),
            "recurrence": task.recurrence}


def calendar(clock: Clock, task: Task) -> CalendarContext:
    """Busy and free time from now to the task's due time (or a week), from the cache."""
    return context_for(clock(), task.due_at)


def language(task: Task) -> str:
    """The language the model answers in: the setting, else the task's own."""
    chosen = settings.get("assistant.language")
    if chosen in prompts.LANGUAGES:
        return str(chosen)
    return language_of(f"{task.title}\n{task.detail}")


def model_context(clock: Clock, task: Task, purpose: str, **extra: Any) -> dict[str, Any]:
    """The structured context sent with a call of ``purpose`` about ``task``."""
    now = clock().astimezone()
    return {
        "purpose": purpose, "now": now.isoformat(), "language": language(task),
        "task": task_facts(task), "max_steps": settings.get("assistant.max_steps"),
        "contacts": [c.name for c in Contact.select(Contact.name)],
        "busy": calendar(clock, task).busy, **extra,
    }


def prompt_context(clock: Clock, task: Task) -> prompts.Context:
    """What the prompt says about ``task``: facts, the last 8 log lines, advice, calendar."""
    recent = (WorkLog.select().where(WorkLog.task == task.id)
              .order_by(WorkLog.id.desc()).limit(8))
    # the calendar only when one is set up (else it lists every hour as free); every
    # time local with its offset, as the owner reads them
    text = calendar(clock, task).text if CalendarSource.select().exists() else ""
    return prompts.Context(
        now=clock().astimezone(), language=language(task),
        task=local_facts(task_facts(task)),
        worklog=[f"{w.at.astimezone():%Y-%m-%d %H:%M%z} {w.kind}: {w.message}"
                 for w in reversed(recent)],
        advice=task.advice, location=settings.get("user.location") or None,
        calendar=text, contacts=[c.name for c in Contact.select(Contact.name)])


def request(clock: Clock, task: Task, purpose: str) -> tuple[list[Message], dict[str, Any]]:
    """The messages and context a call of ``purpose`` (review, plan, check, …) would
    send for ``task`` now: for ``stepwise agent prompt`` and ``agent test``."""
    extra = {"max_steps": str(settings.get("assistant.max_steps"))} if purpose == "plan" \
        else {}
    return (prompts.build(purpose, prompt_context(clock, task), **extra),
            model_context(clock, task, purpose))
