"""Prompts for each model call, built from the templates in ``resources/prompts``.

Untrusted text (task title and detail, calendar text, earlier results) is fenced in
``<<<DATA … DATA>>>`` blocks and labelled as data; the fence markers are neutralised
inside it so no text can close its own fence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import resources
from string import Template
from typing import Any

from app.capabilities import CAPABILITIES
from app.llm.base import Message

LANGUAGES = ("en", "zh")
WEEKDAYS = {"en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                   "Sunday"),
            "zh": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日")}
NONE = {"en": "(none)", "zh": "（无）"}


@cache
def template(language: str, name: str) -> Template:
    text = resources.files("resources").joinpath("prompts", language, f"{name}.txt")
    return Template(text.read_text(encoding="utf-8"))


def fence(kind: str, text: str) -> str:
    """Mark text as data; nothing inside can close the fence."""
    safe = text.replace("<<<", "‹‹‹").replace(">>>", "›››")
    return f"<<<DATA kind={kind}\n{safe}\nDATA>>>"


def language_of(text: str) -> str:
    """``zh`` when the text has CJK ideographs, else ``en``."""
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


def capability_table() -> str:
    lines = []
    for cap in CAPABILITIES.values():
        inputs = json.dumps(cap.input_schema.get("properties", {}), ensure_ascii=False)
        lines.append(f"  - {cap.name}: {cap.does}. inputs: {inputs}")
    return "\n".join(lines)


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
            "location": f" Location: {self.location}." if self.location else "",
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
    values = {**ctx.fields(), **extra}
    user = template(ctx.language, purpose).safe_substitute(values)
    return [Message("system", system), Message("user", user)]
