"""Every setting of Stepwise, declared once with its type, default, range and description.

Values live in the store's ``Setting`` table as JSON. A declaration says what is valid
(``choices`` each with a description, ``min``/``max``, a text format); ``put`` refuses
anything else with a message naming the valid values, and ``get`` falls back to the
default (logging it once) when an older database holds a value that is no longer valid.
No QSettings in the core.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.config.provider_kinds import DESCRIPTIONS, ProviderKind
from app.errors import KnownError
from app.text import surrogate_at
from models import Setting, atomic
from models.prepared import Prepared

_log = logging.getLogger(__name__)
MAX_TEXT = 2000  # no setting needs more; a longer value is a mistake (or an attack)
_CLOCK = re.compile(r"([01]\d|2[0-3]):[0-5]\d")


def clock_problem(value: Any) -> str | None:
    """Why ``value`` is not a time of day "HH:MM" (None when it is one)."""
    if isinstance(value, str) and _CLOCK.fullmatch(value):
        return None
    return 'takes a time of day as "HH:MM" (00:00 to 23:59), e.g. "09:00"'


_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def days_problem(value: Any) -> str | None:
    """Why ``value`` is not a list of weekdays such as "mon,tue,wed,thu,fri" (None when it is)."""
    names = value.lower().split(",") if isinstance(value, str) else []
    if names and all(n.strip() in _DAYS for n in names) and len(set(names)) == len(names):
        return None
    return f'give weekdays separated by commas, from {",".join(_DAYS)}, e.g. "mon,tue,wed,thu,fri"'


@dataclass(frozen=True)
class Declared:
    """One setting: its type, default, description, label and what values are valid."""

    key: str
    type: type
    default: Any
    description: str
    label: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, what it means)
    min: float | None = None
    max: float | None = None
    check: Callable[[Any], str | None] | None = None  # a text format: the problem or None

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not valid for this setting (None when it is)."""
        whole = self.type is float and isinstance(value, int)  # 0 is a float setting's 0.0
        if (not isinstance(value, self.type) and not whole) or (
                self.type in (int, float) and isinstance(value, bool)):
            return f"takes a {self.type.__name__}, not {_shown(value)}"
        if self.choices and value not in dict(self.choices):
            options = "; ".join(f"{v} ({meaning})" for v, meaning in self.choices)
            return f"is one of: {options} — not {_shown(value)}"
        if isinstance(value, int | float) and not isinstance(value, bool):
            low, high = self.min, self.max
            if (low is not None and value < low) or (high is not None and value > high):
                return f"runs from {low} to {high}, not {_shown(value)}"
        if isinstance(value, str) and len(value) > MAX_TEXT:
            return f"is at most {MAX_TEXT} characters, not {len(value)}"
        if isinstance(value, str) and surrogate_at(value) is not None:
            return "takes text, and this holds an unpaired surrogate (such as \\ud800)"
        return self.check(value) if self.check is not None else None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_LANGUAGES = (("auto", "from the task's text"), ("en", "English"), ("zh", "Chinese"))
_PROVIDERS = tuple((str(kind), text) for kind, text in DESCRIPTIONS.items())
_THEMES = (("system", "follow the system"), ("light", "light"), ("dark", "dark"))
_UI_LANGUAGES = (("system", "follow the system"), ("en", "English"), ("zh_CN", "简体中文"))
_WEEK_STARTS = (("language", "as the interface language has it"), ("mon", "Monday"),
                ("sun", "Sunday"), ("sat", "Saturday"))
_MCP_MODES = (("off", "no agent may connect"), ("read-only", "agents may read, not change"),
              ("on", "agents may read and change tasks, each change undoable"))

SETTINGS: dict[str, Declared] = {
    d.key: d
    for d in (
        Declared("assistant.max_steps", int, 10,
                 "Most steps the assistant may put in one plan (any plan: 2,000).",
                 "Steps per plan, at most", min=1, max=100),
        Declared("assistant.auto_accept", bool, False,
                 "Run the assistant's plans without waiting for approval.", "Run plans at once"),
        Declared("assistant.paused", bool, False, "The global 'pause assistant' switch.",
                 "Assistant paused"),
        Declared("assistant.step_attempts", int, 3,
                 "Attempts at a step before its failure is reviewed.", "Attempts per step",
                 min=1, max=20),
        Declared("assistant.task_retries", int, 3,
                 "Times a task whose review or plan failed is tried again by itself.",
                 "Retries per task", min=0, max=20),
        Declared("assistant.review_budget", int, 3,
                 "Failure reviews per task before a failed step waits for you.",
                 "Failure reviews per task", min=0, max=20),
        Declared("assistant.split_budget", int, 2, "Times per task a failed step may be split.",
                 "Splits per task", min=0, max=20),
        Declared("assistant.calls_per_task_day", int, 40,
                 "Most model calls for one task in one day (a cost guard).",
                 "Model calls per task a day", min=1, max=10_000),
        Declared("assistant.max_tokens", int, 4096, "Most tokens a model may write in one reply.",
                 "Tokens per reply, at most", min=16, max=1_000_000),
        Declared("assistant.temperature", float, 0.1,
                 "How freely the model words its replies (0 the same each time; low suits "
                 "plans).", "Model temperature", min=0.0, max=2.0),
        Declared("assistant.deadline_s", int, 300,
                 "Seconds one model call may take in all before it is given up.",
                 "Time limit (seconds)", min=10, max=3600),
        Declared("assistant.language", str, "auto",
                 "Prompt language: auto (from the task's text), en or zh.", "Prompt language",
                 choices=_LANGUAGES),
        Declared("user.location", str, "", "Where you are, for the assistant's context.",
                 "Your location"),
        Declared("user.name", str, "", "Your name, to sign the messages the assistant drafts.",
                 "Your name"),
        Declared("assistant.provider", str, str(ProviderKind.OFFLINE),
                 "Which model: offline (built in), openai (any compatible server) or ollama.",
                 "Model provider", choices=_PROVIDERS),
        Declared("assistant.base_url", str, "", "The model server's address.", "Server address"),
        Declared("assistant.model", str, "", "The model's name on that server.", "Model"),
        Declared("assistant.remote_consent", bool, False,
                 "You agreed that task text may be sent to a model that is not on this computer.",
                 "Send task text to a remote model"),
        Declared("ui.theme", str, "system", "Colours: system, light or dark.", "Theme",
                 choices=_THEMES),
        Declared("app.start_at_login", bool, False, "Start Stepwise when you log in.",
                 "Start at login"),
        Declared("calendar.work_start", str, "09:00",
                 "Working hours start (HH:MM, local time): free time is offered from then.",
                 "Working hours start", check=clock_problem),
        Declared("calendar.work_end", str, "18:00",
                 "Working hours end (HH:MM, local time): free time is offered until then.",
                 "Working hours end", check=clock_problem),
        Declared("calendar.work_days", str, "mon,tue,wed,thu,fri",
                 "Working days (comma-separated): the scheduler places blocks on these only.",
                 "Working days", check=days_problem),
        Declared("calendar.week_start", str, "language",
                 "The day a week starts on in the calendar: language (as the interface "
                 "language has it), mon, sun or sat.", "Week starts on", choices=_WEEK_STARTS),
        Declared("calendar.day_limit_minutes", int, 0,
                 "The most planned work a day should hold (minutes; 0: no limit): Schedule "
                 "and the calendar say when a day is over it.", "Planned work a day, at most",
                 min=0, max=1440),
        Declared("reminders.block_start", bool, False,
                 "Remind you reminders.lead_minutes before a scheduled block starts.",
                 "Remind me when a block starts"),
        Declared("calendar.sync_minutes", int, 15, "Sync the calendars this often (minutes).",
                 "Sync every (minutes)", min=1, max=1440),
        Declared("sync.interval_minutes", int, 15,
                 "Sync the tasks with their CalDAV task list this often (minutes; 0: only "
                 "after a change here).", "Sync the tasks every (minutes)", min=0, max=1440),
        Declared("reminders.lead_minutes", int, 15, "Remind this many minutes before a due time.",
                 "Remind before (minutes)", min=0, max=10_080),
        Declared("reminders.all_day_at", str, "09:00",
                 "Remind of an all-day start or due at this time of its day (HH:MM, local).",
                 "All-day reminders at", check=clock_problem),
        Declared("ui.language", str, "system", "Interface language: system, en or zh_CN.",
                 "Language", choices=_UI_LANGUAGES),
        Declared("mcp.mode", str, "on",
                 "What other AI agents may do through `stepwise mcp` (they never approve, "
                 "send or change settings).", "AI agents (MCP)", choices=_MCP_MODES),
        Declared("mcp.may_schedule", bool, False,
                 "Let other AI agents save a schedule of your steps (listed in Agent changes, "
                 "undoable); otherwise their schedule is a dry run.", "Agents may schedule"),
    )
}
# Settings checked together: (earlier, later) — the later must be after the earlier.
ORDERED = (("calendar.work_start", "calendar.work_end"),)


class SettingError(KnownError, ValueError):
    """A value a setting does not take (bad input: exit 2)."""

    exit_code = 2


class UnknownSetting(KnownError, ValueError):
    """A key that is not declared."""


def declared(key: str) -> Declared:
    """The declaration of ``key``; raises UnknownSetting for an undeclared key."""
    try:
        return SETTINGS[key]
    except KeyError:
        raise UnknownSetting(f"unknown setting {_shown(key)}; known: {', '.join(SETTINGS)}"
                             ) from None


_warned: set[str] = set()
_ROW = Prepared[Setting](lambda key: Setting.select().where(Setting.key == key).limit(1), [str])


def get(key: str) -> Any:
    """The stored value of a declared setting, or its default (also for an invalid value)."""
    decl = declared(key)
    row = _ROW.first(key)
    if row is None:
        return decl.default
    problem = decl.problem(row.value)
    if problem is None:
        return row.value
    if key not in _warned:
        _warned.add(key)
        _log.warning("setting %s holds %s, which is not valid (%s); using the default %r",
                     key, _shown(row.value), problem, decl.default)
    return decl.default


def put(key: str, value: Any) -> None:
    """Store a value after checking it against the declaration.

    Raises:
        UnknownSetting: ``key`` is not declared.
        SettingError: the value is not valid; the message names what is.
    """
    decl = declared(key)
    problem = decl.problem(value) or _order_problem(key, value)
    if problem:
        raise SettingError(f"{key} {problem}")
    with atomic():
        Setting.insert(key=key, value=value).on_conflict_replace().execute()


def _order_problem(key: str, value: Any) -> str | None:
    for earlier, later in ORDERED:
        if key == earlier and not get(later) > value:
            return f"must be before {later} ({get(later)}); change {later} first"
        if key == later and not value > get(earlier):
            return f"must be after {earlier} ({get(earlier)}); change {earlier} first"
    return None
