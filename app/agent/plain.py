"""Problems in plain words: local times with their offset, and validation jargon retold.

The raw error stays in the journal (ModelCall.error); what a person reads on the task
says what happened and what to do, in the local time of this computer.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

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


def local_time(when: datetime, now: datetime) -> str:
    """``when`` in this computer's zone: "16:38" today, "Wed 3 Dec 16:38" otherwise, with
    the zone's offset ("+08:00") so the time is unambiguous."""
    local, today = when.astimezone(), now.astimezone()
    offset = local.strftime("%z")
    zone = f"{offset[:3]}:{offset[3:]}" if offset else ""
    if local.date() == today.date():
        return f"{local:%H:%M} {zone}".strip()
    return f"{local:%a} {local.day} {local:%b %H:%M} {zone}".strip()


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
