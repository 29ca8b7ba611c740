"""Prompts for each model call, built from the templates in ``resources/prompts``.

Untrusted text (task title and detail, calendar text, earlier results) is fenced in
``<<<DATA … DATA>>>`` blocks and labelled as data; the fence markers are neutralised
inside it so no text can close its own fence. Each JSON stage shows one complete, valid
worked reply for a task unlike everyday ones (``examples.json`` in the prompt's language),
so a small model sees the whole form and a copy of it is detectable (``app.agent.sense``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import resources
from string import Template
from typing import Any

from app.llm.base import Message

LANGUAGES = ("en", "zh")
WEEKDAYS = {"en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                   "Sunday"),
            "zh": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日")}
NONE = {"en": "(none)", "zh": "（无）"}
LOCATION = {"en": " Location: {place}.", "zh": "地点：{place}。"}


@cache
def template(language: str, name: str) -> Template:
    text = resources.files("resources").joinpath("prompts", language, f"{name}.txt")
    return Template(text.read_text(encoding="utf-8"))


@cache
def examples(language: str) -> dict[str, Any]:
    """The worked example replies of ``language``, by stage (with ``task`` and
    ``check_step``: the example's own task and step)."""
    text = resources.files("resources").joinpath("prompts", language, "examples.json")
    data: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return data


def example_fields(language: str, purpose: str) -> dict[str, str]:
    """The ``$example`` (a whole reply, one line) and the task or step it answers."""
    shown = examples(language)
    if purpose not in shown:
        return {}
    return {"example": json.dumps(shown[purpose], ensure_ascii=False),
            "example_task": shown["task"], "example_step": shown["check_step"]}


def fence(kind: str, text: str) -> str:
    """Mark text as data; nothing inside can close the fence."""
    safe = text.replace("<<<", "‹‹‹").replace(">>>", "›››")
    return f"<<<DATA kind={kind}\n{safe}\nDATA>>>"


@dataclass
class Context:
    """What a prompt knows: the moment, the place, the calendar and the task."""

    now: datetime
    language: str
    task: dict[str, Any]
    worklog: list[str] = field(default_factory=list)
    advice: str | None = None
    calendar: str = ""
    location: str | None = None
    contacts: list[str] | None = None  # None: not known (the list is not shown)

    def fields(self) -> dict[str, str]:
        none = NONE[self.language]
        zone = getattr(self.now.tzinfo, "key", None) or self.now.strftime("%Z") or "UTC"
        return {
            "now": self.now.isoformat(timespec="minutes"),
            "weekday": WEEKDAYS[self.language][self.now.weekday()],
            "timezone": zone,
            "location": LOCATION[self.language].format(place=self.location)
            if self.location else "",
            "calendar": fence("calendar", self.calendar) if self.calendar else none,
            "task": fence("task", json.dumps(self.task, ensure_ascii=False, indent=1)),
            "worklog": fence("worklog", "\n".join(self.worklog)) if self.worklog else none,
            "advice": fence("advice", self.advice) if self.advice else none,
        }


def build(purpose: str, ctx: Context, **extra: str) -> list[Message]:
    """The system and user messages for ``purpose`` (review, plan, write, check, …)."""
    from app.agent.capability_words import capability_lines

    system = template(ctx.language, "system").substitute(
        capabilities=capability_lines(ctx.language, ctx.contacts))
    values = {**ctx.fields(), **example_fields(ctx.language, purpose), **extra}
    user = template(ctx.language, purpose).safe_substitute(values)
    return [Message("system", system), Message("user", user)]
