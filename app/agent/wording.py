"""The model's wording of the offline planner's steps, for a model that cannot plan.

When a small model's own plans stay unusable, it is asked for the part it can do: one
title for each of the offline planner's steps (``titles_schema``: exactly that many
strings). The steps' targets, inputs, order and times stay the offline planner's; the
plan is still validated and sense-checked whole, and its source (``WORDED_BY``) says
that the steps are the offline planner's and their words the model's.
"""

from __future__ import annotations

import json
import re
from typing import Any

from app.agent.plan_schema import STEP_SCHEMA
from app.agent.prompts import fence
from app.agent.replies import ReplyError, parse_object
from app.llm.base import Message

WORDED_BY = "offline planner's steps, worded by"  # a plan's source: then the model's name

_ASK = {
    "en": ("A plan for this task has the steps below. Write a better title for each step, "
           "for this task: short and clear, in the task's language, one title per step, "
           "in the same order. Reply with one JSON object: {\"titles\": [...]}, exactly "
           "$count titles."),
    "zh": ("这个任务的计划有下面这些步骤。请为每个步骤写一个更好的标题：简短清楚，用任务的语言，"
           "每个步骤一个标题，顺序不变。只回复一个 JSON 对象：{\"titles\": [...]}，正好 "
           "$count 个标题。"),
}
_NUMBER = re.compile(r"^\s*\d{1,2}\s*[.)、]\s*")  # "1. " as the steps were shown
_SYSTEM = {"en": "You name the steps of plans. You reply in JSON only.",
           "zh": "你为计划的步骤起标题。你只用 JSON 回复。"}


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


def worded(plan: dict[str, Any], text: str) -> dict[str, Any]:
    """``plan`` with the titles of the reply ``text``; nothing else of it changes.

    Raises:
        ReplyError: the reply is not one title a step, or it only repeats the plan's own.
    """
    titles = parse_object(text).get("titles")
    steps = plan["steps"]
    if isinstance(titles, list):
        titles = [_NUMBER.sub("", t) if isinstance(t, str) else t for t in titles]
    if not isinstance(titles, list) or len(titles) != len(steps) \
            or not all(isinstance(t, str) and t.strip() for t in titles):
        raise ReplyError(f"the reply must give {len(steps)} titles, one a step")
    if [_key(t) for t in titles] == [_key(s["title"]) for s in steps]:
        raise ReplyError("the titles are the plan's own: nothing was worded")
    return {**plan, "steps": [{**step, "title": title.strip()}
                              for step, title in zip(steps, titles, strict=True)]}


def worded_text(plan_text: str, reply: str) -> str:
    """The offline plan's text with the reply's titles (see ``worded``)."""
    return json.dumps(worded(parse_object(plan_text), reply), ensure_ascii=False)


def _key(title: str) -> str:
    return " ".join(title.casefold().split())
