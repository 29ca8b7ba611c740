"""The offline planner's drafts: short usable texts built from what is known.

A message draft says what the person wants said — a question asked as a question, an
invitation with the date and place that earlier steps found — in the task's language.
Other drafts gather the task, its detail, its due date and the results of the steps
they depend on. A document with nothing to write from yet (no detail, no earlier
results) is a template of the sections its kind has (a weekly report: 本周完成 / 下周计划 /
问题与风险), marked to fill in; its plan step says so and a ``user`` step fills it in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.llm.offline import voice
from models.fields import parse_utc

_MESSAGE_EN = re.compile(r"^A message to (?P<to>.+?) \((?P<kind>\w+)\): (?P<gist>.*)$", re.S)
_MESSAGE_ZH = re.compile(r"^给(?P<to>.+?)的消息（(?P<kind>\w+)）：(?P<gist>.*)$", re.S)
PLACEHOLDERS = ("fill in", "[", "TODO", "TBD", "…", "待补充", "请补充", "待填写", "1. Purpose")
BLANK = {"en": "(to fill in)", "zh": "（待填写）"}
# the done_when of a draft with nothing to write from yet: its sections, for the person to
# fill in (a ``user`` step after it does; a message waits for that step)
TEMPLATE_DONE_WHEN = {"en": "a template with its sections is ready for you to fill in",
                      "zh": "带各部分标题的模板已备好，等你填写"}


def draft(ctx: Mapping[str, Any]) -> str:
    """The draft for the ``assistant.write`` step in ``ctx``."""
    step, task = ctx["step"], ctx["task"]
    instructions = step.get("inputs", {}).get("instructions") or step["title"]
    zh = ctx.get("language") == "zh"
    known = _known(ctx, zh)
    m = (_MESSAGE_ZH if zh else _MESSAGE_EN).match(instructions)
    if m:
        return _message(m.group("to"), m.group("kind"), m.group("gist"), known, task, zh)
    if step.get("done_when") in TEMPLATE_DONE_WHEN.values():  # planned as one to fill in
        return template(instructions, known, zh)
    return _document(instructions, task, known, zh)


def _known(ctx: Mapping[str, Any], zh: bool) -> list[str]:
    """Facts to use: the results of the steps this one depends on, and the due date."""
    step, task = ctx["step"], ctx["task"]
    results = ctx.get("results") or {}
    facts = [str(value).strip() for key, value in results.items()
             if value and key != step.get("id")]
    if task.get("due_at"):
        due = parse_utc(task["due_at"]).astimezone()
        facts.append(f"截止时间：{due:%Y-%m-%d %H:%M}" if zh else f"Due: {due:%a %d %b %Y, %H:%M}")
    return facts


_PART = re.compile(r"^\((\w+)\)\s*(.*)$", re.S)


def _message(to: str, kind: str, gist: str, known: list[str], task: Mapping[str, Any],
             zh: bool) -> str:
    """The message; each further part ("; (ask) …") is said after the first, in its kind."""
    first, *more = gist.split("; ")
    text = _one_message(to, kind, first, known, task, zh)
    for part in more:
        m = _PART.match(part)
        also_kind, also = (m.group(1), m.group(2)) if m else ("tell", part)
        said = _one_message(to, also_kind, also, [], task, zh)
        said = said.removeprefix(f"{to}，") if zh else said.split("\n\n")[1]
        text = text.replace("\n\nThanks!", f"\n\n{said}\n\nThanks!") if not zh else (
            text.replace("\n\n谢谢！", f"\n{said}\n\n谢谢！") if "谢谢！" in text
            else f"{text}{said}")
    return text


def _one_message(to: str, kind: str, gist: str, known: list[str], task: Mapping[str, Any],
                 zh: bool) -> str:
    facts = "\n".join(k for k in known if not k.startswith(("Due:", "截止时间：")))
    if zh:
        if kind in ("ask", "tell") and gist:  # said to them: "妈妈，您周日要不要来吃饭？"
            said = voice.question_zh(gist) if kind == "ask" else voice.statement_zh(gist)
            return f"{to}，{said}"
        body = {"invite": f"想邀请您参加：{gist.removeprefix('参加') or task['title']}。",
                "meet": f"想约您{gist or '见个面'}，您什么时候方便？"}.get(
                    kind, f"{gist}，请查收。")
        extra = f"\n{facts}" if facts and kind in ("invite", "send") else ""
        if kind == "send" and not facts:  # what is sent is not known yet: the person adds it
            extra = f"\n\n{BLANK['zh']}"
        return f"{to}您好！\n\n{body}{extra}\n\n谢谢！"
    body = {"ask": voice.question_en(gist) if gist else "Could you get back to me?",
            "invite": f"I'd like to invite you to {gist or task['title']}.",
            "tell": voice.statement_en(gist) if gist else "Just so you know.",
            "meet": f"Could we meet{' ' + gist if gist else ''}? When suits you?"}.get(
                kind, f"Here is {gist}.")
    extra = f"\n\n{facts}" if facts and kind in ("invite", "send") else ""
    if kind == "send" and not facts:  # what is sent is not known yet: the person adds it
        body, extra = f"Please find {gist} below.", f"\n\n{BLANK['en']}"
    return f"Hi {to},\n\n{body}{extra}\n\nThanks!"


def _document(instructions: str, task: Mapping[str, Any], known: list[str], zh: bool) -> str:
    detail = (task.get("detail") or "").strip()
    first, _, notes = instructions.partition("\n")
    instructions = first
    lines = [line.strip(" -*•") for line in f"{notes}\n{detail}".splitlines() if line.strip()]
    if zh:
        head = f"{instructions}\n\n关于：{task['title']}"
        points = "\n".join(f"- {p}" for p in [*lines, *known]) or f"- {task['title']}"
        return f"{head}\n\n要点：\n{points}"
    head = f"{instructions}\n\nRegarding: {task['title']}"
    points = "\n".join(f"- {p}" for p in [*lines, *known]) or f"- {task['title']}"
    return f"{head}\n\nKey points:\n{points}"


def template(title: str, known: list[str], zh: bool) -> str:
    """A draft with nothing to write from yet: the title, the due date if any, and the
    sections this kind of document has, each marked to fill in (never the instruction
    repeated as its content)."""
    from app.llm.offline.templates import document_sections

    blank = BLANK["zh" if zh else "en"]
    head = "\n".join([title, *known])
    body = "\n\n".join(f"{section}{'：' if zh else ':'}\n- {blank}"
                       for section in document_sections(title, zh))
    return f"{head}\n\n{body}"


def meets(result: str, done_when: str) -> tuple[bool, str]:
    """Whether a draft is real work for ``done_when``: not empty, not an outline to fill."""
    text = result.strip()
    if not text:
        return False, "the step produced nothing"
    if sum(2 if ord(c) >= 0x2E80 else 1 for c in text) < 12:  # a CJK character is a word
        return False, f"the result is too short to be '{done_when}'"
    found = next((p for p in PLACEHOLDERS if p in text), None)
    if found is not None and done_when not in TEMPLATE_DONE_WHEN.values():
        return False, f"the result is an outline with blanks ({found!r}), not '{done_when}'"
    return True, ""
