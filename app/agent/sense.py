"""Sense checks on a reply that is valid but may not make sense (small models, issue 16).

A reply is refused like an invalid one (``ReplyError``, so it is re-asked) when it copies
the prompt's own example values, repeats a step, uses placeholder tags, gives a time far
outside any sensible range, or contradicts the time the task's own words name ("3pm
tomorrow" given as Dec 30).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from app.agent import prompts
from app.agent.replies import (
    CheckReply,
    ReplyError,
    ReviewReply,
    parse_object,
    parse_reply,
    schema_for,
)
from app.llm.base import Stage
from app.words.plain import local_time

PLACEHOLDER_TAGS = frozenset({
    "tag", "tags", "tag1", "tag2", "tag3", "string", "example", "name", "...", "…", "xxx",
    "标签", "标签1", "标签2", "示例", "例子", "字符串"})
_QUOTED = re.compile(r'"([^"\n]{2,200})"')
_ISO_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]")
# How far a stated time may be from the one the task's words name.
_WORDS_SLACK = timedelta(hours=3)
_PAST_SLACK = timedelta(days=1)
_FUTURE_LIMIT = timedelta(days=366 * 10)


@cache
def example_values(purpose: str) -> frozenset[str]:
    """The values the prompt shows as examples in any language, normalised (``_key``): its
    quoted strings and every value of its worked example reply, with the example's task,
    that are not field names or fixed words of the format."""
    found: set[str] = set()
    for language in prompts.LANGUAGES:
        try:
            text = prompts.template(language, purpose).template
        except FileNotFoundError:
            continue
        found.update(m.group(1) for m in _QUOTED.finditer(text))
        shown = prompts.examples(language)
        found.update(value for _where, value in _strings(shown.get(purpose, {})))
        found.update((shown["task"], shown["check_step"]))
    # times are left to the time checks: a real plan may well fall on the example's day
    return frozenset(_key(v) for v in found if v.strip(" .…") and not _fixed_word(v)
                     and not _ISO_TIME.match(v))


def _key(text: str) -> str:
    """A value as compared with the examples: case and spacing do not hide a copy."""
    return " ".join(text.casefold().split()).strip(" .。")


def _fixed_word(value: str) -> bool:
    """Field, action and capability names: copying those is how the format works."""
    return value in format_words() and value not in PLACEHOLDER_TAGS


@cache
def format_words() -> frozenset[str]:
    """Every name and fixed value of the replies: fields, actions, capabilities and their
    inputs."""
    from app.plan.capabilities import CAPABILITIES

    words: set[str] = {"me", "pending", "result", "error", "null", "true", "false"}
    for cap in CAPABILITIES.values():
        words.update((cap.name, *cap.input_schema.get("properties", {})))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            words.update(node.get("properties", {}))
            words.update(v for v in [*node.get("enum", []), node.get("const")]
                         if isinstance(v, str))
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for stage in (s for s in Stage if s.structured):
        walk(schema_for(stage))
    return frozenset(words)


def _strings(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("think", "name", "target", "id", "depends_on", "parent", "from_step"):
                yield from _strings(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{where}[{i}]")


def copied_example(data: dict[str, Any], purpose: str, own: str = "") -> str | None:
    """The first value of the reply that is one of the prompt's examples and not in the
    task's own words ``own`` (None: none)."""
    mine = _key(own)
    examples = {e for e in example_values(purpose) if e not in mine}
    for where, text in _strings(data):
        if _key(text) in examples:
            return f"{where} copies the prompt's example ({text.strip()!r}): write the task's own"
        if text and not text.strip(" .…"):
            return f"{where} is a placeholder ({text!r}): write the real value"
    return None


def placeholder_tags(tags: list[str]) -> str | None:
    bad = [t for t in tags if t.strip().lower() in PLACEHOLDER_TAGS]
    return f"tags {bad} are placeholders: name the task's real subjects" if bad else None


def repeated_steps(titles: list[str]) -> str | None:
    seen: set[str] = set()
    for title in titles:
        key = " ".join(title.lower().split())
        if key in seen:
            return f"the step {title!r} is repeated: each step must do something new"
        seen.add(key)
    return None


def implausible_time(name: str, when: datetime, now: datetime) -> str | None:
    """A time in the past (beyond a day's slack) or more than ten years ahead."""
    if when < now - _PAST_SLACK:
        return f"{name} {local_time(when, now)} has already passed (now is {local_time(now, now)})"
    if when > now + _FUTURE_LIMIT:
        return f"{name} {when:%Y-%m-%d} is more than ten years away"
    return None


def against_words(name: str, when: datetime, meant: datetime | None, now: datetime
                  ) -> str | None:
    """A time that contradicts the one the task's own words name."""
    if meant is None or abs(when - meant) <= _WORDS_SLACK:
        return None
    return (f"{name} {local_time(when, now)} contradicts the task's own words, which mean "
            f"{local_time(meant, now)}")


def check(problems: list[str | None]) -> None:
    """Raise ReplyError naming the first problem found (nothing when there is none)."""
    found = [p for p in problems if p]
    if found:
        raise ReplyError("the reply does not make sense: " + found[0])


def check_review(data: dict[str, Any], reply: ReviewReply, title: str, own: str,
                 now: datetime) -> None:
    """Refuse a review reply that is valid but makes no sense for this task (``own``: the
    task's facts as text, whose values a reply may repeat).

    Raises:
        ReplyError: naming the first problem.
    """
    meant = words_time(title, now)
    problems = [copied_example(data, "review", own), placeholder_tags(list(reply.tags))]
    for action in reply.actions:
        for name in ("start", "due", "expires", "at"):
            when = getattr(action, name, None)
            if isinstance(when, datetime):
                problems.append(implausible_time(name, when, now))
                if name in ("start", "due", "at"):
                    problems.append(against_words(name, when, meant, now))
        step = getattr(action, "step", None)
        if step is not None:
            problems.append(copied_example({"step": step.model_dump()}, "plan", own))
    check(problems)


def check_plan(data: dict[str, Any], own: str) -> None:
    """Refuse a plan that copies the prompt's example, repeats a step, or names a step
    by no words (a time, a capability's name).

    Raises:
        ReplyError: naming the first problem.
    """
    steps = [s for s in data.get("steps", []) if isinstance(s, dict)]
    titles = [str(s.get("title", "")) for s in steps]
    check([copied_example(data, "plan", own), copied_example(data, "review", own),
           repeated_steps(titles), wordless_title([str(data.get("title", "")), *titles])])


_WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row, in any script


def wordless_title(titles: list[str]) -> str | None:
    """A title that is a time with no word in it ("S03/24/2026-17:58:59") or a
    capability's name ("reminder.set"), which a small model writes with nothing to say."""
    from app.plan.capabilities import CAPABILITIES

    for title in titles:
        a_time = not _WORD.search(title) and sum(ch.isdigit() for ch in title) >= 4
        if a_time or title.strip() in CAPABILITIES:
            return f"the title {title!r} does not say what to do: name the step in words"
    return None


def check_verdict(data: dict[str, Any], own: str) -> None:
    """Refuse a check or failure review reply that copies its prompt's worked example.

    Raises:
        ReplyError: naming the problem.
    """
    check([copied_example(data, "check", own), copied_example(data, "failure_review", own)])


def sensible_check(text: str, own: str) -> CheckReply:
    """A check reply that parses, validates and does not copy the worked example (``own``:
    the step and its result as text).

    Raises:
        ReplyError: naming the problem.
    """
    reply = parse_reply("check", text)
    assert isinstance(reply, CheckReply)
    check_verdict(parse_object(text), own)
    return reply


def words_time(title: str, now: datetime) -> datetime | None:
    """The time the task's own words name with a clock time ("3pm tomorrow"), if any."""
    from app.dates.when import local_zone
    from app.tasks.quickadd import read_typed

    reading = read_typed(title, now.astimezone(local_zone()))
    return reading.due if reading.due is not None and reading.due_had_time else None
