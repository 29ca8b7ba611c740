"""Problems in plain words: local times with their offset, and validation jargon retold.

The raw error stays in the journal (ModelCall.error); what a person reads on the task
says what happened and what to do, in the local time of this computer and in the user's
language (:func:`problem_language`; the Chinese words are in ``app.agent.plain_zh``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from app.agent import plain_zh

# pydantic's phrases, as a person would say them.
_JARGON: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Extra inputs are not permitted"), "is not a field this reply has"),
    (re.compile(r"Field required"), "is missing"),
    (re.compile(r"Input should be a valid boolean"), "should be true or false"),
    (re.compile(r"Input should be a valid datetime[^;]*"),
     "should be a time like 2026-12-03T17:00:00+08:00"),
    (re.compile(r"Input tag '([^']*)' found using 'name' does not match any of the expected "
                r"tags: [^;]*"), r"names an unknown action \1"),
    (re.compile(r"Input should be '([^']*)'"), r"should be \1"),
    (re.compile(r"List should have at most (\d+) items? after validation, not \d+"),
     r"has too many entries (at most \1)"),
    (re.compile(r"List should have at least 1 item after validation, not 0"), "is empty"),
)


def local_time(when: datetime, now: datetime, language: str = "en") -> str:
    """``when`` in this computer's zone: "16:38" today, "Wed 3 Dec 16:38" otherwise
    ("12月3日 周三 16:38" in Chinese), with the zone's offset ("+08:00") so the time is
    unambiguous."""
    local, today = when.astimezone(), now.astimezone()
    offset = local.strftime("%z")
    zone = f"{offset[:3]}:{offset[3:]}" if offset else ""
    if local.date() == today.date():
        return f"{local:%H:%M} {zone}".strip()
    shown = f"{local:%a} {local.day} {local:%b %H:%M} {zone}".strip()
    return plain_zh.day_time(shown) if language == "zh" else shown


def problem_language(task_text: str) -> str:
    """The language a task's problems are told in: the interface's when one is chosen,
    else the assistant's, else the task's own (as the prompts decide it)."""
    from app import settings
    from app.agent.prompts import language_of

    interface = str(settings.get("ui.language"))
    if interface != "system":
        return "zh" if interface.startswith("zh") else "en"
    chosen = settings.get("assistant.language")
    return str(chosen) if chosen in ("en", "zh") else language_of(task_text)


def in_language(problem: str, language: str) -> str:
    """An English problem text as the user reads it (unchanged for English)."""
    return plain_zh.in_chinese(problem) if language == "zh" else problem


def retry_problem(reason: str, when: datetime, now: datetime, language: str) -> str:
    """What went wrong and when the task is tried again."""
    if language == "zh":
        return f"{in_language(reason, language)}（{local_time(when, now, language)} 后重试）"
    return f"{reason} (trying again after {local_time(when, now)})"


def gave_up_problem(reason: str, limit: int, task_id: int, language: str) -> str:
    """What went wrong, after the task's last retry."""
    if language == "zh":
        return (f"{in_language(reason, language)}（重试 {limit} 次后放弃；"
                f"`stepwise agent retry {task_id}` 可以再试）")
    return f"{reason} (gave up after {limit} retries; `stepwise agent retry {task_id}` tries again)"


def budget_problem(limit: int, language: str) -> str:
    """The task's daily budget of model calls is used."""
    if language == "zh":
        return f"这个任务今天的 {limit} 次模型调用已用完；明天继续"
    return f"the daily budget of {limit} model calls for this task is used; it continues tomorrow"


def plain_reply_error(error: str) -> str:
    """A reply's validation error without the library's jargon."""
    for pattern, words in _JARGON:
        error = pattern.sub(words, error)
    return error


def local_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The task's facts with their UTC times as local times with the offset, and without
    the empty ones (for prompts: a small model's context is short)."""
    shown = {key: value for key, value in facts.items() if value not in (None, "", [])}
    for key, value in list(shown.items()):
        if isinstance(value, str) and key.endswith("_at") and value.endswith("Z"):
            try:
                when = datetime.fromisoformat(value)
            except ValueError:
                continue
            shown[key] = when.astimezone().isoformat(timespec="minutes")
    return shown
