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

from app.llm.offline import messages, rules, timing
from app.llm.offline.situations import known_list, situation_parts
from app.llm.offline.templates import starter_parts, template_parts, umbrella
from app.plan.capabilities import CAPABILITIES
from app.schedule.estimates import duration_minutes, guess_minutes, without_duration
from models.fields import format_utc, parse_utc


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
    from app.tasks.quickadd import as_reminder

    task, lang = ctx["task"], ctx.get("language", "en")
    title, detail = task["title"], task.get("detail") or ""
    reminder = as_reminder(title, detail)  # "remind me" quick add took out of the title
    if reminder is not None:
        title, detail = reminder, ""
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
    if contact and part.kind != "message" and messages.leads_with_said(part.text):
        part = rules.Part(part.text, "message", part.after, part.notes)  # "thank Alice for …"
    if contact and part.kind in ("do", "message", "organise") \
            and messages.kind_of(part.text) in ("availability", "meet"):
        # finding a time with someone: your free times first, then the message offers them
        text, _ = timing.own_time(part.text, draft.ctx, draft.now, draft.due)
        start, end = _window(draft, part.text)
        found = _new(draft, draft.say("Find your free times", "查你的空闲时间"), "calendar.read",
                     {"from": format_utc(start), "to": format_utc(end)}, after)
        part = rules.Part(part.text, "message", part.after, part.notes)
        after = [str(found["id"])]
    if part.kind == "message" and contact:  # one message to each person named
        posts = [_message(draft, part, who, after) for who in (named or [contact])]
        draft.ends[index] = posts[-1]
        return
    step = _step(draft, part, contact, after)
    draft.ends[index] = step["id"]
    if step["target"] == "assistant.write" or step["id"] in draft.checks:
        draft.last_write = step["id"]
        if contact and _addressed_to(part.text, contact):  # "写一封感谢信给李老师"
            draft.ends[index] = _message(draft, part, contact, [draft.ends[index]],
                                         deliver=True)


def _fill_in(draft: Draft, written: dict[str, Any], what: str = "") -> str:
    """Text that needs facts only the person has (a report's figures, "the two options")
    is theirs to write, never a "finished" draft: the step becomes the person's, with an
    outline to help (the sections such a text usually has) or what to say. A message
    after it sends the text the person marks the step done with."""
    from app.llm.offline.templates import document_sections

    if what:
        help_en, help_zh = f"what to say: {what}", f"要说的内容：{what}"
    else:
        sections = document_sections(written["title"], draft.zh)
        help_en = "an outline to help: " + " · ".join(sections)
        help_zh = "可参考的提纲：" + " · ".join(sections)
    written.update(target="user", inputs={}, worker="me", done_when=draft.say(
        "the text is written", "文字已写好"), objective=draft.say(
        f"Only you know what goes in it, so this one is yours — {help_en}. Mark it done "
        "with the finished text as its result",
        f"内容只有你清楚，所以由你来写——{help_zh}。完成时把定稿作为结果填入"))
    draft.checks[str(written["id"])] = str(written["id"])
    return str(written["id"])


def _addressed_to(text: str, contact: str) -> bool:
    name = re.escape(contact)
    return bool(re.search(r"(?:给|\bto\s+)" + name + r"(?:\s|$|[,，。])|^\s*给" + name + r"写",
                          text, re.IGNORECASE))


def _new(draft: Draft, title: str, target: str, inputs: dict[str, Any], after: list[str],
         objective: str = "", due: datetime | None = None, kind: str = "do") -> dict[str, Any]:
    done = CAPABILITIES[target].done_when
    step = {"id": f"s{len(draft.steps) + 1}", "title": _unique(draft, without_duration(title)),
            "objective": objective,
            "depends_on": after, "parent": None, "target": target, "inputs": inputs,
            "output_schema": None, "done_when": done.in_("zh" if draft.zh else "en"),
            "worker": "me" if target == "user" else "assistant", "due": due,
            "estimate_minutes": guess_minutes(title, kind), "status": "pending", "result": None,
            "error": None}
    if duration_minutes(title) is not None:
        draft.timed.add(str(step["id"]))
    draft.steps.append(step)
    return step


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def _unique(draft: Draft, text: str) -> str:
    """The step's title, numbered when an earlier step has it ("… (2)"): a plan never
    repeats a step's name (its validation refuses that)."""
    title, taken = _title(text), {" ".join(s["title"].lower().split()) for s in draft.steps}
    count = 1
    while " ".join(title.lower().split()) in taken:
        count += 1
        title = f"{_title(text)}（{count}）" if draft.zh else f"{_title(text)} ({count})"
    return title


def _message(draft: Draft, part: rules.Part, contact: str, after: list[str],
             deliver: bool = False) -> str:
    text, due = timing.own_time(part.text, draft.ctx, draft.now, draft.due)
    named = rules.contacts_in(part.text, list(draft.ctx.get("contacts", [])))
    gist = "" if deliver else rules.message_gist(text, contact, named)
    kind = messages.kind_of(text)
    if contact in draft.posts and not set(after) & _downstream(draft, draft.posts[contact]):
        # one message per contact: say this in the same message (unless it must come later)
        post = next(s for s in draft.steps if s["id"] == draft.posts[contact])
        source = next(s for s in draft.steps if s["id"] == post["inputs"]["from_step"])
        _say_also(draft, source, kind, gist)
        post["depends_on"] = sorted((set(post["depends_on"]) | set(after)) - {post["id"]})
        return str(post["id"])
    if not deliver and kind == "send" and messages.attachment_in(gist):  # a file: yours
        step = _new(draft, text, "user", {}, after, draft.say(
            "Stepwise cannot attach files, so this one is yours: send it from your mail app",
            "Stepwise 不能添加附件，所以由你来发：请在邮件应用里发送"), due, "message")
        return str(step["id"])
    source_id = draft.last_write if deliver or _only_delivery(gist, contact) else None
    if source_id is None:
        said = gist or draft.ctx["task"]["title"]
        instructions = draft.say(f"A message to {contact} ({kind}): {said}",
                                 f"给{contact}的消息（{kind}）：{said}")
        title = draft.say(f"Draft the message to {contact}", f"起草给{contact}的消息")
        written = _new(draft, title, "assistant.write", {"instructions": instructions}, after,
                       due=due, kind="write")
        if messages.needs_facts(kind, gist) and not _has_facts(draft, after):
            _fill_in(draft, written, said)
        source_id, after = str(written["id"]), []
    elif deliver and source_id not in draft.checks:  # the person reads it before it goes
        check = _new(draft, draft.say(f"Read the draft for {contact} and change what you like",
                                      f"看一遍给{contact}的稿子，改你想改的"), "user", {},
                     [source_id], draft.say(
                         "mark it done as it is, or with your changed text as its result",
                         "不改就直接完成；改了就把改好的文字作为结果填入"), due, "review")
        draft.checks[source_id] = str(check["id"])
    title = draft.say(f"Send it to {contact}", f"发给{contact}") if deliver else text
    if len(named) > 1 or any(s["title"] == _title(title) for s in draft.steps):
        title = draft.say(f"Send the message to {contact}", f"把消息发给{contact}")
    checked = [draft.checks[source_id]] if source_id in draft.checks else []
    post = _new(draft, title, "message.post", {"to": contact, "from_step": source_id},
                sorted({source_id, *after, *checked}), draft.say(
                    "sent only after you approve it", "经你批准后才会发出"), due, "message")
    draft.posts[contact] = str(post["id"])
    return str(post["id"])


def _window(draft: Draft, text: str) -> tuple[datetime, datetime]:
    """The time a calendar step looks at: the window the text names ("a slot next week"),
    else now to the due."""
    return timing.search_window(text, draft.ctx, draft.now, draft.due)


def _has_facts(draft: Draft, after: list[str]) -> bool:
    """Whether a step this one waits for finds something (a calendar read, a draft)."""
    finding = ("calendar.read", "assistant.write")
    return any(s["id"] in after and s["target"] in finding for s in draft.steps)


def _say_also(draft: Draft, source: dict[str, Any], kind: str, gist: str) -> None:
    """Add a part to a message's draft ("; (ask) …"); a message that had nothing of its
    own to say yet ("Email Alice and ask her …") says this instead."""
    if "instructions" not in source["inputs"]:  # the person writes it: a note of what to say
        said = messages.kind_words(kind, draft.zh)
        source["objective"] += draft.say(f"; also say ({said}): {gist}",
                                         f"；还要说（{said}）：{gist}")
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


def _step(draft: Draft, part: rules.Part, contact: str | None, after: list[str]
          ) -> dict[str, Any]:
    text, due = timing.own_time(part.text, draft.ctx, draft.now, draft.due)
    kind = part.kind
    if kind == "write":
        return _writing(draft, part, text, contact, after, due)
    if kind == "remind":
        at = timing.ahead(due or draft.due or draft.now + timedelta(hours=1), draft.ctx,
                        draft.now, draft.due)
        return _new(draft, text, "reminder.set", {"at": format_utc(at), "text":
                    rules.reminder_text(text)}, after, due=at, kind="remind")
    if kind == "calendar":
        start, until = _window(draft, part.text)
        return _new(draft, text, "calendar.read", {"from": format_utc(start),
                    "to": format_utc(until)}, after, due=due)
    if kind == "save" and draft.last_write:
        return _new(draft, text, "file.write", {"path": "result.md",
                    "from_step": draft.last_write}, [*after, draft.last_write], due=due)
    return _new(draft, text, "user", {}, after, _why_yours(draft, part, contact), due, kind)


def _writing(draft: Draft, part: rules.Part, text: str, contact: str | None,
             after: list[str], due: datetime | None) -> dict[str, Any]:
    """A text to write: a letter the writer can finish (a thank-you, an invitation, an
    apology, congratulations), a list whose content the planner knows (its notes), a text
    from what earlier steps found — or else the person's, with an outline."""
    kind = messages.kind_of(text)
    if kind in messages.LETTERS:
        to = contact or rules.person_named(text) or _recipient(text)
        gist = rules.message_gist(text, to or None, [to] if to else [])
        gist = re.sub(r"^(?:write|draft|send)?\s*(?:a|an)?\s*(?:thank[- ]you|apology|"
                      r"invitation|congratulations)?\s*(?:notes?|cards?|letters?|emails?|messages?)?\s*",
                      "", gist, flags=re.IGNORECASE)
        gist = re.sub(r"^给?\s*(?:写|起草)?一?(?:封|张|份)?(?:感谢|道歉|邀请|祝贺)?"
                      r"(?:信|卡|卡片|函|邮件)?", "", gist).strip(" ,，。")
        instructions = draft.say(f"A letter to {to or 'them'} ({kind}): {gist}",
                                 f"给{to or '对方'}的信（{kind}）：{gist}")
        return _new(draft, text, "assistant.write", {"instructions": instructions}, after,
                    due=due, kind="write")
    notes = part.notes or known_list(text, "zh" if draft.zh else "en")
    written = _new(draft, text, "assistant.write", {"instructions": text + (
        f"\n{notes}" if notes else "")}, after, due=due, kind="write")
    detail = (draft.ctx["task"].get("detail") or "").strip()
    if not notes and not detail and not _has_facts(draft, after):  # nothing known yet
        _fill_in(draft, written)
    return written


_TO = re.compile(r"\bto\s+(?:my\s+)?(?!the\b|a\b|an\b|me\b|us\b|you\b|them\b|everyone\b)"
                 r"([A-Za-z][\w'-]*)|^\s*给(?!大家|所有人|对方)([\u4e00-\u9fff]{1,4}?)写",
                 re.IGNORECASE)


def _recipient(text: str) -> str:
    """Whom a letter is to, as written ("to grandma", "给妈妈写"), or ''."""
    m = _TO.search(text)
    return "" if m is None else (m.group(1) or m.group(2))


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


