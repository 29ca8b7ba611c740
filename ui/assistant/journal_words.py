"""The assistant's journal in words a person reads, in the interface language.

The core writes its work log in English and in its own terms ("new → reviewed:
reviewed", "offline planner: book", "revision 1 (4 steps) by assistant", instants as UTC
stamps) and its model calls by code ("offline/offline-planner", "ok: instead"). Here each
is said as a person says it: "new → reviewed", "Looked at it with the built-in planner",
"Plan version 1 with 4 steps, by the assistant", "Tue 1 Dec 18:00", "the built-in planner".
The words for each kind of entry are declared once, in the tables below.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication

from app.agent.journal import Outcome
from ui.words import labels
from ui.words.dates import retell_core_whens
from ui.words.retexts import told

translate = QCoreApplication.translate
OFFLINE = "offline"  # the built-in planner's provider name in the journal

WHO: dict[str, Callable[[], str]] = {
    "user": lambda: translate("JournalWords", "You"),
    "assistant": lambda: translate("JournalWords", "Assistant"),
    "sync": lambda: translate("JournalWords", "Sync"),
}
WHAT: dict[str, Callable[[], str]] = {
    "create": lambda: translate("JournalWords", "Added"),
    "state": lambda: translate("JournalWords", "Status"),
    "edit": lambda: translate("JournalWords", "Edited"),
    "review": lambda: translate("JournalWords", "Looked at it"),
    "plan": lambda: translate("JournalWords", "Plan"),
    "retry": lambda: translate("JournalWords", "Tried again"),
    "skipped": lambda: translate("JournalWords", "Skipped"),
    "calendar": lambda: translate("JournalWords", "Calendar"),
    "schedule": lambda: translate("JournalWords", "Scheduled"),
    "occurrence": lambda: translate("JournalWords", "Repeat"),
    "resolve": lambda: translate("JournalWords", "Sync conflict"),
    "import": lambda: translate("JournalWords", "Imported"),
    "failure_review": lambda: translate("JournalWords", "Looked at a failure"),
}
OUTCOMES: dict[str, Callable[[], str]] = {
    Outcome.RECEIVED: lambda: translate("JournalWords", "reading the reply"),
    Outcome.OK: lambda: translate("JournalWords", "used"),
    Outcome.UNUSABLE: lambda: translate("JournalWords", "could not be used"),
    Outcome.TOO_LARGE: lambda: translate("JournalWords", "too long, refused"),
    Outcome.INSTEAD: lambda: translate("JournalWords", "the built-in planner's used instead"),
    Outcome.CANCELLED: lambda: translate("JournalWords", "stopped"),
}


def who(actor: str) -> str:
    """"user" → "You"; a contact's name stays as it is."""
    make = WHO.get(actor)
    return make() if make is not None else actor


def what(kind: str) -> str:
    """The kind of a work-log entry, as a person names it."""
    make = WHAT.get(kind)
    return make() if make is not None else kind.replace("_", " ")


def message(kind: str, text: str, at: datetime | None = None) -> str:
    """A work-log message in words: the known sentences of the core said again, and
    every date in any of them (a UTC stamp, "Fri 12-18 17:00") written as the window
    writes a date; ``at`` is when it was written (the year of a date without one)."""
    for pattern, say in _MESSAGES.get(kind, ()):
        m = pattern.match(text)
        if m is not None:
            return say(m)
    return told(retell_core_whens(text, at or datetime.now(UTC)))


def _state(m: re.Match[str]) -> str:
    new, why = m.group("new"), (m.group("why") or "").strip()
    if why.split(":", 1)[0].strip() == new:  # "reviewed: a simple task" after "→ reviewed"
        why = why.split(":", 1)[1].strip() if ":" in why else ""
    said = f"{labels.task_status(m.group('old'))} → {labels.task_status(new)}"
    return f"{said} ({message('', why)})" if why else said


def _added(m: re.Match[str]) -> str:
    if m.group("who") in ("me", "user"):
        return translate("JournalWords", "Added by you")
    return labels.fill(translate("JournalWords", "Added by %1"), who(m.group("who")))


def _revision(m: re.Match[str]) -> str:
    author = (translate("JournalWords", "by you") if m.group("who") == "user"
              else translate("JournalWords", "by the assistant"))
    if m.group("steps") == "1":
        return labels.fill(translate("JournalWords", "Plan version %1 with 1 step, %2"),
                           m.group("n"), author)
    return labels.fill(translate("JournalWords", "Plan version %1 with %2 steps, %3"),
                       m.group("n"), m.group("steps"), author)


def _built_in(_m: re.Match[str]) -> str:
    return translate("JournalWords", "Looked at it with the built-in planner")


_MESSAGES: dict[str, tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]] = {
    "state": ((re.compile(r"^(?P<old>\w+) → (?P<new>\w+)(?::\s*(?P<why>.*))?$"), _state),),
    "create": ((re.compile(r"^added by (?P<who>.+)$"), _added),),
    "plan": ((re.compile(r"^revision (?P<n>\d+) \((?P<steps>\d+) steps?\) by (?P<who>\w+)$"),
              _revision),),
    "review": ((re.compile(r"^offline planner: \w+$"), _built_in),),
}


def model_name(provider: str, model: str) -> str:
    """"offline/offline-planner" → "the built-in planner"; a server's model by its name."""
    if provider == OFFLINE:
        return translate("JournalWords", "the built-in planner")
    return f"{model} ({provider})" if model else provider


def outcome(text: str | None) -> str:
    """What became of a call, in words ("error: timeout" → "failed: timeout")."""
    if not text:
        return ""
    make = OUTCOMES.get(text)
    if make is not None:
        return make()
    if text.startswith("error: "):
        return labels.fill(translate("JournalWords", "failed: %1"), text.removeprefix("error: "))
    return text
