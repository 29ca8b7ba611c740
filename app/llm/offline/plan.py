"""The offline planner's plans: parts become steps with targets, order and due times.

A message to a known contact is a draft (``assistant.write``) and then ``message.post``
of that draft (``from_step``), one message per contact, after the steps it needs; a part
that only the person can do (a call, a payment, a message to someone unknown) is a
``user`` step that says why. A step's due time is the time named for it, a time relative
to the task's due ("the day before", "提前三天"), or else a point spread between now and
the task's due time in working hours.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from app.llm.offline import rules, timing
from app.llm.offline.situations import situation_parts
from app.llm.offline.templates import starter_parts, template_parts, umbrella
from app.schedule.estimates import duration_minutes, guess_minutes, without_duration
from models.fields import format_utc, parse_utc

_DONE_WHEN = {
    "user": ("done", "已完成"), "assistant.write": ("a usable draft is ready", "草稿可以直接使用"),
    "message.post": ("the message is sent", "消息已发送"),
    "reminder.set": ("the reminder is set", "提醒已设置"),
    "calendar.read": ("the free time is known", "已知空闲时间"),
    "file.write": ("the file is saved", "文件已保存")}


@dataclass
class Draft:
    """A plan being built: its steps, and the step that stands for each part."""

    ctx: Mapping[str, Any]
    now: datetime
    due: datetime | None
    steps: list[dict[str, Any]] = field(default_factory=list)
    ends: dict[int, str] = field(default_factory=dict)
    posts: dict[str, str] = field(default_factory=dict)
    last_contact: str | None = None
    last_write: str | None = None
    checks: dict[str, str] = field(default_factory=dict)  # a template draft → its fill-in step
    timed: set[str] = field(default_factory=set)  # steps whose text named how long they take

    @property
    def zh(self) -> bool:
        return self.ctx.get("language") == "zh"

    def say(self, en: str, zh: str) -> str:
        return zh if self.zh else en


def build(ctx: Mapping[str, Any], due_text: str | None) -> dict[str, Any]:
    """The plan for the task in ``ctx`` (a PlanSpec dict, origin assistant)."""
    task, now = ctx["task"], datetime.fromisoformat(ctx["now"])
    due = parse_utc(due_text).astimezone(now.tzinfo) if due_text else None
    draft = Draft(ctx, now, due)
    for index, part in enumerate(plan_parts(ctx)[: int(ctx.get("max_steps", 10))]):
        add_part(draft, index, part)
    timing.spread_all(draft.steps, ctx, now, due)
    steps = draft.steps[: int(ctx.get("max_steps", 10))]
    kept = {s["id"] for s in steps}
    for step in steps:
        step["depends_on"] = [d for d in step["depends_on"] if d in kept]
    return {"schema_version": 2, "revision": 1, "origin": "assistant", "title": task["title"],
            "objective": task["title"], "steps": steps}


def plan_parts(ctx: Mapping[str, Any]) -> list[rules.Part]:
    """The parts to plan: the typed parts, a template, or a starter plan for a vague goal."""
    task, lang = ctx["task"], ctx.get("language", "en")
    title, detail = task["title"], task.get("detail") or ""
    parts, from_detail = rules.split_parts(title, detail)
    if from_detail and not umbrella(title):
        own, _ = rules.split_parts(title, "")
        base = len(parts)
        parts += [rules.Part(p.text, p.kind, tuple(base + a for a in p.after) or tuple(range(base)))
                  for p in own]
    if len(parts) == 1 and rules.is_vague(title, parts):
        return starter_parts(title, lang)
    if len(parts) == 1:
        dated = bool(task.get("due_at") or ctx.get("due"))
        return (template_parts(parts[0], lang) or situation_parts(parts[0], lang, dated)
                or parts)
    return parts


def add_part(draft: Draft, index: int, part: rules.Part) -> None:
    after = [draft.ends[a] for a in part.after if a in draft.ends]
    contacts = list(draft.ctx.get("contacts", []))
    named = rules.contacts_in(part.text, contacts)
    contact = named[0] if named else rules.contact_for(part.text, contacts, draft.last_contact)
    if contact:
        draft.last_contact = named[-1] if named else contact
    if part.kind == "message" and contact:  # one message to each person named
        posts = [_message(draft, part, who, after) for who in (named or [contact])]
        draft.ends[index] = posts[-1]
        return
    step = _step(draft, part, contact, after)
    draft.ends[index] = step["id"]
    if step["target"] == "assistant.write":
        draft.last_write = step["id"]
        if not after and not part.notes and not (draft.ctx["task"].get("detail") or "").strip():
            draft.ends[index] = _fill_in(draft, step)
        if contact and _addressed_to(part.text, contact):  # "写一封感谢信给李老师"
            draft.ends[index] = _message(draft, part, contact, [draft.ends[index]],
                                         deliver=True)


def _fill_in(draft: Draft, written: dict[str, Any]) -> str:
    """A draft with nothing to write from would be an empty form: the writing is the
    person's own step instead (never a "finished" draft), with the sections such a text
    usually has as its objective. A message after it sends the text the person marks the
    step done with."""
    from app.llm.offline.templates import document_sections

    sections = document_sections(written["title"], draft.zh)
    written.update(target="user", inputs={}, worker="me", done_when=draft.say(
        "the text is written", "文字已写好"), objective=draft.say(
        "Nothing is known yet to draft it from, so this one is yours"
        + (f" (it usually has: {', '.join(sections)})" if sections else "")
        + "; mark it done with the finished text as its result",
        "还没有可以据以起草的内容，所以由你来写"
        + (f"（通常包括：{'、'.join(sections)}）" if sections else "")
        + "；完成时把定稿作为结果填入"))
    draft.checks[str(written["id"])] = str(written["id"])
    return str(written["id"])


def _addressed_to(text: str, contact: str) -> bool:
    name = re.escape(contact)
    return bool(re.search(r"(?:给|\bto\s+)" + name + r"\s*$|^\s*给" + name + r"写", text,
                          re.IGNORECASE))


def _new(draft: Draft, title: str, target: str, inputs: dict[str, Any], after: list[str],
         objective: str = "", due: datetime | None = None, kind: str = "do") -> dict[str, Any]:
    en, zh = _DONE_WHEN[target]
    step = {"id": f"s{len(draft.steps) + 1}", "title": _title(without_duration(title)),
            "objective": objective,
            "depends_on": after, "parent": None, "target": target, "inputs": inputs,
            "output_schema": None, "done_when": zh if draft.zh else en,
            "worker": "me" if target == "user" else "assistant", "due": due,
            "estimate_minutes": guess_minutes(title, kind), "status": "pending", "result": None,
            "error": None}
    if duration_minutes(title) is not None:
        draft.timed.add(str(step["id"]))
    draft.steps.append(step)
    return step


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def _message(draft: Draft, part: rules.Part, contact: str, after: list[str],
             deliver: bool = False) -> str:
    text, due = timing.own_time(part.text, draft.ctx, draft.now, draft.due)
    gist = "" if deliver else rules.message_gist(text, contact)
    if contact in draft.posts and not set(after) & _downstream(draft, draft.posts[contact]):
        # one message per contact: say this in the same message (unless it must come later)
        post = next(s for s in draft.steps if s["id"] == draft.posts[contact])
        source = next(s for s in draft.steps if s["id"] == post["inputs"]["from_step"])
        _say_also(draft, source, _message_kind(text), gist)
        post["depends_on"] = sorted((set(post["depends_on"]) | set(after)) - {post["id"]})
        return str(post["id"])
    source_id = draft.last_write if deliver or _only_delivery(gist, contact) else None
    if source_id is None:
        kind = _message_kind(text)
        gist = gist or draft.ctx["task"]["title"]
        instructions = draft.say(f"A message to {contact} ({kind}): {gist}",
                                 f"给{contact}的消息（{kind}）：{gist}")
        title = draft.say(f"Draft the message to {contact}", f"起草给{contact}的消息")
        written = _new(draft, title, "assistant.write", {"instructions": instructions}, after,
                       due=due, kind="write")
        if kind == "send" and not after:  # "email Alice the budget": the person adds it
            _fill_in(draft, written)
        source_id, after = str(written["id"]), []
    title = draft.say(f"Send it to {contact}", f"发给{contact}") if deliver else text
    if len(rules.contacts_in(part.text, list(draft.ctx.get("contacts", [])))) > 1:
        title = draft.say(f"Send the message to {contact}", f"把消息发给{contact}")
    checked = [draft.checks[source_id]] if source_id in draft.checks else []
    post = _new(draft, title, "message.post", {"to": contact, "from_step": source_id},
                sorted({source_id, *after, *checked}), draft.say(
                    "sent only after you approve it", "经你批准后才会发出"), due, "message")
    draft.posts[contact] = str(post["id"])
    return str(post["id"])


def _say_also(draft: Draft, source: dict[str, Any], kind: str, gist: str) -> None:
    """Add a part to a message's draft ("; (ask) …"); a message that had nothing of its
    own to say yet ("Email Alice and ask her …") says this instead."""
    if "instructions" not in source["inputs"]:  # the person writes it: a note of what to say
        source["objective"] += draft.say(f"; also say ({kind}): {gist}",
                                         f"；还要说（{kind}）：{gist}")
        return
    head, _, said = source["inputs"]["instructions"].partition(": " if not draft.zh else "：")
    if said == draft.ctx["task"]["title"]:
        head = re.sub(r"\((\w+)\)|（(\w+)）", f"（{kind}）" if draft.zh else f"({kind})", head)
        source["inputs"]["instructions"] = f"{head}{'：' if draft.zh else ': '}{gist}"
    else:
        source["inputs"]["instructions"] += f"; ({kind}) {gist}"


def _downstream(draft: Draft, sid: str) -> set[str]:
    """The steps that wait, directly or not, for step ``sid`` (and ``sid`` itself)."""
    found = {sid}
    for step in draft.steps:  # steps only wait for earlier ones, so one pass is enough
        if found & set(step["depends_on"]):
            found.add(step["id"])
    return found


def _only_delivery(gist: str, contact: str) -> bool:
    """"send it to Alice", "交给王总": nothing to say but the earlier draft."""
    bare = re.sub(r"\b(?:send|give|hand|forward|pass|mail|it|them|this|the draft|the report|to"
                  r"|over)\b"
                  r"|它|这个|交给|发给|转给|提交给", "", gist, flags=re.IGNORECASE)
    return not bare.strip(" ,，。.")


def _message_kind(text: str) -> str:
    lowered = text.lower()
    if re.search(r"\bask\b|问|\?|？|吗", lowered):
        return "ask"
    if re.search(r"帮我约|约一下|\barrange to meet\b|\bmeet up\b", lowered):
        return "meet"
    if re.search(r"\binvite\b|邀请", lowered):
        return "invite"
    if re.search(r"\btell\b|\btext\b|\bthat\b|\blet .* know\b|告诉|通知|说", lowered):
        return "tell"
    return "send"


def _step(draft: Draft, part: rules.Part, contact: str | None, after: list[str]
          ) -> dict[str, Any]:
    text, due = timing.own_time(part.text, draft.ctx, draft.now, draft.due)
    kind = part.kind
    if kind == "write":
        instructions = text + (f"\n{part.notes}" if part.notes else "")
        return _new(draft, text, "assistant.write", {"instructions": instructions}, after,
                    due=due, kind="write")
    if kind == "remind":
        at = timing.ahead(due or draft.due or draft.now + timedelta(hours=1), draft.ctx,
                        draft.now, draft.due)
        return _new(draft, text, "reminder.set", {"at": format_utc(at), "text":
                    rules.reminder_text(text)}, after, due=at, kind="remind")
    if kind == "calendar":
        until = draft.due or draft.now + timedelta(days=7)
        return _new(draft, text, "calendar.read", {"from": format_utc(draft.now),
                    "to": format_utc(until)}, after, due=due)
    if kind == "save" and draft.last_write:
        return _new(draft, text, "file.write", {"path": "result.md",
                    "from_step": draft.last_write}, [*after, draft.last_write], due=due)
    return _new(draft, text, "user", {}, after, _why_yours(draft, part, contact), due, kind)


def _why_yours(draft: Draft, part: rules.Part, contact: str | None) -> str:
    if part.kind == "message":
        who = rules.person_named(part.text)
        if who is None:
            return draft.say("no contact of yours is named, so this one is yours to send",
                             "没有写明联系人，所以由你来发")
        return draft.say(f"{who} is not in your contacts, so this one is yours to send "
                         "(add them with `stepwise contacts add` to let me draft and send it)",
                         f"{who}不在你的联系人里，所以由你来发（用 `stepwise contacts add` "
                         "添加后我可以起草并发送）")
    if part.kind == "call":
        return draft.say("only you can make this call", "这个电话只能由你来打")
    if part.kind == "pay":
        return draft.say("only you can pay from your account; I never touch your bank",
                         "只有你能从自己的账户付款；我不会接触你的银行")
    return ""


