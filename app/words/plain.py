"""Problems in plain words: local times with their offset, the user's language, and
the jargon of libraries and servers retold or left out.

The raw error stays in the journal (ModelCall.error, the work log); what a person reads
on a task says what happened and what to do, in the local time of this computer and in
the user's language (:func:`problem_language`; the Chinese words are in
``app.words.plain_zh``, the problems by code in ``app.tasks.problems``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from app.problems import CODES
from app.words import plain_zh

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
# a file of a program (``File "/srv/llama_cpp/server/app.py", line 12``): the user cannot
# act on it, the journal keeps it
_PYTHON_PATH = re.compile(r'(?:File )?"?(?:[A-Za-z]:)?(?:[\\/][\w.+~-]+)+\.pyc?\b"?'
                          r"(?:, line \d+)?(?:, in \S+)?")
# a plan-contract code as the CLI writes it ("bad_inputs: …")
_CODE = re.compile(r"\b(" + "|".join(CODES) + r"): ")
_NEAR_DAYS = 300  # a time this close is told with its weekday, month and hour
_UTC_TIME = re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|\+00:00)")


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


def language_of(text: str) -> str:
    """``zh`` when the text has CJK ideographs, else ``en``."""
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


def problem_language(task_text: str) -> str:
    """The language a task's problems are told in: the interface's when one is chosen,
    else the assistant's, else the task's own (as the prompts decide it)."""
    from app.config import settings

    interface = str(settings.get("ui.language"))
    if interface != "system":
        return "zh" if interface.startswith("zh") else "en"
    chosen = settings.get("assistant.language")
    return str(chosen) if chosen in ("en", "zh") else language_of(task_text)


def in_language(problem: str, language: str) -> str:
    """An English problem text as the user reads it (unchanged for English)."""
    return plain_zh.in_chinese(problem) if language == "zh" else problem


def told(text: str, language: str, now: datetime | None = None) -> str:
    """A refusal, a skip reason or a problem as the window shows it: unchanged in
    English; in Chinese retold (``app.words.plain_zh``), with UTC times as local ones."""
    if language != "zh":
        return text
    return plain_zh.in_chinese(plain_text(text, now or datetime.now().astimezone(), "zh"))


def plain_reply_error(error: str) -> str:
    """A reply's validation error without the library's jargon."""
    for pattern, words in _JARGON:
        error = pattern.sub(words, error)
    return error


def plain_text(text: str, now: datetime, language: str = "en") -> str:
    """Any text on its way to a person: no validation jargon or codes, no program file
    paths (a server's traceback), and UTC times as local times with their offset."""
    text = _PYTHON_PATH.sub("…", plain_reply_error(text))
    text = _CODE.sub(lambda m: _code_words(m[1], language), text)
    return _UTC_TIME.sub(lambda m: _local_or_kept(m[0], now, language), text)


def _code_words(code: str, language: str) -> str:
    meaning = CODES[code]
    return f"{meaning.zh}：" if language == "zh" else f"{meaning.en}: "


def _local_or_kept(text: str, now: datetime, language: str) -> str:
    """A UTC time as local time near ``now``; one far off (a model's year 1057, the last
    day Stepwise keeps) as its local date, where the day is what a person reads."""
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if abs((when - now).days) <= _NEAR_DAYS:
            return local_time(when, now, language)
        return f"{when.astimezone():%Y-%m-%d}"
    except (ValueError, OverflowError):
        return text


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
