"""The offline planner's drafts: short finished texts built from what is known.

A message ("A message to Alice (thank): for hosting us") or a letter to hand over
("A letter to 李老师 (thank): …") is written by ``app.llm.offline.messages`` in the
task's language, with the facts the steps it depends on found. A list the planner knows
the content of (the documents a renewal needs, a packing list, interview questions, a
first week of practice) is that list under its heading. The planner never asks for a
draft that needs facts only the person has (a report's figures, a plan's substance):
such a step is the person's, with an outline to help. Nothing here repeats the request
as its content; ``meets`` fails a draft that does, or that still has blanks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.llm.offline import messages

_MESSAGE_EN = re.compile(r"^A (?P<form>message|letter) to (?P<to>.+?) \((?P<kind>\w+)\): "
                         r"(?P<gist>.*)$", re.S)
_MESSAGE_ZH = re.compile(r"^给(?P<to>.+?)的(?P<form>消息|信)（(?P<kind>\w+)）：(?P<gist>.*)$", re.S)
PLACEHOLDERS = ("fill in", "TODO", "TBD", "待补充", "请补充", "待填写")
BLANK = {"en": "(to fill in)", "zh": "（待填写）"}
# a result that says what happened, not what was found: never a fact for a draft
_STATUS = re.compile(r"^(?:done|ok|okay|yes|sent to |reminder set |wrote |waiting for |"
                     r"no calendar |no free time |已完成|完成|好的|好|已发给|已设好提醒|已写入|"
                     r"等你批准|没有连接日历)", re.IGNORECASE)
_LEAD_VERB = re.compile(r"^\s*(?:write|draft|make|prepare|compose|list|put together|create)"
                        r"\s+(?:up\s+)?(?:a|an|the|your)?\s*|^\s*(?:写一份|写一个|写份|写|起草|列出|"
                        r"准备一份|准备|整理一份|整理)", re.IGNORECASE)


def draft(ctx: Mapping[str, Any]) -> str:
    """The draft for the ``assistant.write`` step in ``ctx``."""
    step, task = ctx["step"], ctx["task"]
    instructions = step.get("inputs", {}).get("instructions") or step["title"]
    zh = ctx.get("language") == "zh"
    facts = known(ctx)
    m = (_MESSAGE_ZH if zh else _MESSAGE_EN).match(instructions)
    if m:
        to = "" if m.group("to") in messages.NOBODY else m.group("to")
        letter = messages.compose(
            to, m.group("kind"), m.group("gist"), title=task["title"], facts=facts,
            sender=str(ctx.get("sender") or ""), zh=zh, card=m.group("form") in ("letter", "信"))
        return letter.text(zh)
    return listing(instructions, facts, zh, task)


def known(ctx: Mapping[str, Any]) -> list[str]:
    """Facts to use: what the steps this one waits for found (the loop passes only
    those), not what happened ("done", "sent to …")."""
    own = ctx["step"].get("id")
    results = ctx.get("results") or {}
    return [str(value).strip() for key, value in results.items()
            if key != own and value and not _STATUS.match(str(value).strip())]


def listing(instructions: str, facts: list[str], zh: bool,
            task: Mapping[str, Any] | None = None) -> str:
    """A list under its heading (with the task it is for): the planner's notes for it
    (after the first line of the instructions), the task's own detail lines and what
    earlier steps found, one item a line."""
    first, _, notes = instructions.partition("\n")
    detail = str((task or {}).get("detail") or "")
    lines = [line.strip(" -*•") for line in notes.splitlines() if line.strip()]
    items = [item for line in lines for item in _items(line)]
    items += [line.strip(" -*•") for line in detail.splitlines() if line.strip()] + facts
    heading = heading_of(first)
    title = str((task or {}).get("title") or "").strip()
    if title and title.lower() not in first.lower():
        heading += f"（{title}）" if zh else f" — {title}"
    body = "\n".join(item if item.endswith((":", "：")) else f"- {item}" for item in items)
    return f"{heading}\n\n{body}" if body else heading


_TOP_COMMA = re.compile(r"[,，、](?![^()（）]*[)）])\s*")
_TOP_SEMI = re.compile(r"[;；]\s*")


def _items(line: str) -> list[str]:
    """A note line as list items: "Common questions: a; b" → a head and its items;
    "passport, money, charger" → one item each (a comma inside brackets stays)."""
    head, colon, rest = line.partition("：" if "：" in line else ": ")
    if _TOP_SEMI.search(line):
        parts = [p.strip(" .。") for p in _TOP_SEMI.split(rest if colon else line) if p.strip()]
        return [f"{head}{'：' if colon == '：' else ':'}", *parts] if colon else parts
    if not colon and len(_TOP_COMMA.findall(line)) >= 2:
        return [p.strip(" .。") for p in _TOP_COMMA.split(line) if p.strip(" .。")]
    return [line]


def heading_of(instructions: str) -> str:
    """"Write a packing list" → "Packing list"; "写一份行李清单" → "行李清单"."""
    text = _LEAD_VERB.sub("", instructions, count=1).strip(" :：.。") or instructions.strip()
    return text[:1].upper() + text[1:]


def echoes(result: str, instructions: str) -> bool:
    """Whether a draft repeats its request instead of writing it: the request's first
    line as a line of its own, or a draft that is mostly the request's words."""
    ask = instructions.partition("\n")[0].strip().lower()
    text = result.strip().lower()
    if not ask or not text:
        return False
    if ask in (line.strip(" -*•:") for line in text.splitlines()):
        return True
    asked, said = _words(ask), _words(text)
    return len(said) >= 4 and len(said - asked) <= max(1, len(said) // 5)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9']+|[\u4e00-\u9fff]", text))


def meets(result: str, done_when: str, instructions: str = "") -> tuple[bool, str]:
    """Whether a draft is real work for ``done_when``: not empty, no blanks, not the
    request said back."""
    text = result.strip()
    if not text:
        return False, "the step produced nothing"
    if sum(2 if ord(c) >= 0x2E80 else 1 for c in text) < 12:  # a CJK character is a word
        return False, f"the result is too short to be '{done_when}'"
    found = next((p for p in PLACEHOLDERS if p in text), None)
    if found is not None:
        return False, f"the result is an outline with blanks ({found!r}), not '{done_when}'"
    if instructions and echoes(text, instructions):
        return False, "the draft repeats the request instead of writing it"
    return True, ""
