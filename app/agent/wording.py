"""The model's wording of the offline planner's steps, for a model that cannot plan.

When a small model's own plans stay unusable, it is asked for the part it can do: one
title for each of the offline planner's steps (``titles_schema``: exactly that many
strings), made specific to the task ("Send the invitation to the team"). Each title is
taken only when it keeps its step's words and adds the task's, in the task's language
(``fits``); the others stay the offline planner's, so a tiny model's junk ("Task:
Planning a party", "预订场地 and所需物品", "填写并提交申诉" for 申请) never replaces a
good title. The steps' targets, inputs, order
and times stay the offline planner's; the plan is still validated and sense-checked
whole, its source (``WORDED_BY``) says that the steps are the offline planner's and their
words the model's, and the work log names the steps it worded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from app.agent.plan_schema import STEP_SCHEMA
from app.agent.prompts import fence
from app.agent.replies import ReplyError, parse_object
from app.llm.base import Message

WORDED_BY = "offline planner's steps, worded by"  # a plan's source: then the model's name

_ASK = {
    "en": ("A plan for this task has the general steps below. Rewrite each step's title so "
           "it names what this task is about (which document, which event, who), short "
           "and clear, in English, one title per step, in the same order. Reply with one "
           "JSON object: {\"titles\": [...]}, exactly $count titles."),
    "zh": ("这个任务的计划有下面这些通用步骤。请改写每个步骤的标题，让它说出这个任务具体的东西"
           "（哪份证件、哪个活动、和谁），简短清楚，用中文，每个步骤一个标题，顺序不变。只回复"
           "一个 JSON 对象：{\"titles\": [...]}，正好 $count 个标题。"),
}
_NUMBER = re.compile(r"^\s*\d{1,2}\s*[.)、]\s*")  # "1. " as the steps were shown
_SYSTEM = {"en": "You name the steps of plans. You reply in JSON only.",
           "zh": "你为计划的步骤起标题。你只用 JSON 回复。"}
_HAN = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_WORD = re.compile(r"[A-Za-z]{3,}")
_META = re.compile(r"\bjson\b|\btitles?\b|\bsteps?\b|\btask\s*:|[\[\]{}<>\"\\\n]"
                   r"|步骤|标题|任务[:：]", re.I)
_COMMON = frozenset("the and for with what who your this that from into are".split())
_LONGEST = 2.5  # a title at most this many times its step's own length (and 12 more)


@dataclass(frozen=True)
class Worded:
    """A plan with the model's titles where they fit, and the ids of those steps."""

    plan: dict[str, Any]
    ids: list[str]


def titles_schema(count: int) -> dict[str, Any]:
    """The reply's schema: ``{"titles": [...]}`` with exactly ``count`` step titles."""
    titles = {"type": "array", "items": STEP_SCHEMA["properties"]["title"],
              "minItems": count, "maxItems": count}
    return {"type": "object", "properties": {"titles": titles}, "required": ["titles"],
            "additionalProperties": False}


def titles_messages(language: str, task_title: str, plan: dict[str, Any]) -> list[Message]:
    """The request for ``plan``'s titles; the task's title and the steps are data."""
    steps = "\n".join(f"{n}. {step['title']}" for n, step in enumerate(plan["steps"], 1))
    ask = _ASK[language].replace("$count", str(len(plan["steps"])))
    user = f"{ask}\n\n{fence('task', task_title)}\n{fence('steps', steps)}"
    return [Message("system", _SYSTEM[language]), Message("user", user)]


def fits(title: str, own: str, task_title: str, language: str) -> bool:
    """Whether the model's ``title`` may stand for the step titled ``own``: in the task's
    language, every word of ``own`` kept (every character, in Chinese: "申请" must not
    become "申诉") and something of the task's added, never the task's title itself and
    no talk of JSON, steps or titles. A tiny model's rewording that only drops a word or
    swaps one for another says less than the offline planner's; it is not taken."""
    if not _key(title) or _key(title) == _key(task_title) or _META.search(title) \
            or len(title) > _LONGEST * len(own) + 12:
        return False
    known = f"{own} {task_title}"
    if language == "zh":
        foreign = {w.casefold() for w in _LATIN_WORD.findall(title)} \
            - {w.casefold() for w in _LATIN_WORD.findall(known)}
        return not foreign and _adds(set(_HAN.findall(own)), set(_HAN.findall(title)))
    if _HAN.search(title) and not _HAN.search(known):
        return False
    return _adds(_words(own), _words(title))


def _adds(own: set[str], title: set[str]) -> bool:
    """``title``'s words keep all of ``own``'s and add at least one."""
    return own <= title and bool(title - own)


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)} - _COMMON


def worded(plan: dict[str, Any], text: str, task_title: str = "",
           language: str = "en") -> Worded:
    """``plan`` with the reply's titles where they fit (``fits``); nothing else changes.

    Raises:
        ReplyError: the reply is not one title a step, or no title of it fits.
    """
    titles = parse_object(text).get("titles")
    steps = plan["steps"]
    if not isinstance(titles, list) or len(titles) != len(steps) \
            or not all(isinstance(t, str) and t.strip() for t in titles):
        raise ReplyError(f"the reply must give {len(steps)} titles, one a step")
    chosen = [s["title"] for s in steps]
    for n, (step, title) in enumerate(zip(steps, titles, strict=True)):
        title = " ".join(_NUMBER.sub("", title).split())
        others = {_key(t) for i, t in enumerate(chosen) if i != n}
        if fits(title, step["title"], task_title, language) and _key(title) not in others:
            chosen[n] = title
    ids = [s["id"] for s, t in zip(steps, chosen, strict=True) if t != s["title"]]
    if not ids:
        raise ReplyError("no title kept its step's words and added the task's: nothing was worded")
    return Worded({**plan, "steps": [{**step, "title": title}
                                     for step, title in zip(steps, chosen, strict=True)]}, ids)


def worded_text(plan_text: str, reply: str, task_title: str = "",
                language: str = "en") -> tuple[str, list[str]]:
    """The offline plan's text with the reply's titles, and the steps worded (``worded``)."""
    done = worded(parse_object(plan_text), reply, task_title, language)
    return json.dumps(done.plan, ensure_ascii=False), done.ids


def _key(title: str) -> str:
    return " ".join(title.casefold().split())
