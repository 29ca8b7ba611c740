"""Every setting of Stepwise, declared once with its type, default and description.

Values live in the store's ``Setting`` table as JSON; ``get`` falls back to the
declared default and ``put`` checks the type before writing. No QSettings in the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.errors import KnownError
from models import Setting, atomic


@dataclass(frozen=True)
class Declared:
    key: str
    type: type
    default: Any
    description: str


SETTINGS: dict[str, Declared] = {
    d.key: d
    for d in (
        Declared("assistant.max_steps", int, 10,
                 "Most steps the assistant may put in one plan (any plan: 2,000)."),
        Declared("assistant.auto_accept", bool, False,
                 "Run the assistant's plans without waiting for approval."),
        Declared("assistant.paused", bool, False, "The global 'pause assistant' switch."),
        Declared("assistant.step_attempts", int, 3,
                 "Attempts at a step before its failure is reviewed."),
        Declared("assistant.task_retries", int, 3,
                 "Times a task whose review or plan failed is tried again by itself."),
        Declared("assistant.review_budget", int, 3,
                 "Failure reviews per task before a failed step waits for you."),
        Declared("assistant.split_budget", int, 2, "Times per task a failed step may be split."),
        Declared("assistant.calls_per_task_day", int, 40,
                 "Most model calls for one task in one day (a cost guard)."),
        Declared("assistant.max_tokens", int, 4096, "Most tokens a model may write in one reply."),
        Declared("assistant.language", str, "auto",
                 "Prompt language: auto (from the task's text), en or zh."),
        Declared("user.location", str, "", "Where you are, for the assistant's context."),
        Declared("assistant.provider", str, "offline",
                 "Which model: offline (built in), openai (any compatible server) or ollama."),
        Declared("assistant.base_url", str, "", "The model server's address."),
        Declared("assistant.model", str, "", "The model's name on that server."),
        Declared("assistant.remote_consent", bool, False,
                 "You agreed that task text may be sent to a model that is not on this computer."),
        Declared("ui.theme", str, "system", "Colours: system, light or dark."),
        Declared("app.start_at_login", bool, False, "Start Stepwise when you log in."),
        Declared("calendar.work_start", str, "09:00",
                 "Working hours start (HH:MM, local time): free time is offered from then."),
        Declared("calendar.work_end", str, "18:00",
                 "Working hours end (HH:MM, local time): free time is offered until then."),
        Declared("calendar.sync_minutes", int, 15, "Sync the calendars this often (minutes)."),
        Declared("reminders.lead_minutes", int, 15, "Remind this many minutes before a due time."),
        Declared("ui.language", str, "system", "Interface language: system, en or zh_CN."),
    )
}


class SettingError(KnownError, ValueError):
    """An unknown setting, or a value of the wrong type."""


def declared(key: str) -> Declared:
    try:
        return SETTINGS[key]
    except KeyError:
        raise SettingError(f"unknown setting {key!r}; known: {', '.join(SETTINGS)}") from None


def get(key: str) -> Any:
    """The stored value of a declared setting, or its default."""
    decl = declared(key)
    row = Setting.get_or_none(Setting.key == key)
    return decl.default if row is None else row.value


def put(key: str, value: Any) -> None:
    """Store a value after checking it against the declaration."""
    decl = declared(key)
    if not isinstance(value, decl.type) or (decl.type is int and isinstance(value, bool)):
        raise SettingError(f"{key} takes a {decl.type.__name__}, not {value!r}")
    with atomic():
        Setting.insert(key=key, value=value).on_conflict_replace().execute()
