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
from datetime import UTC, datetime, time, timedelta
from typing import Any

from app.dates.in_text import find_date
from app.dates.moments import sensible_moment
from app.dates.recurrence_words import find_recurrence
from app.llm.offline import rules
from app.llm.offline.situations import situation_parts
from app.llm.offline.templates import starter_parts, template_parts, umbrella
from app.schedule.estimates import duration_minutes, guess_minutes, without_duration
from app.tasks.quickadd import keeps_words
from models.fields import format_utc, parse_utc

WORK_START, WORK_END = 9, 18
_BEFORE = re.compile(
    r"(?:the\s+)?(day|week)\s+before|(\d+|a|one|two|three)\s+(days?|weeks?|hours?)\s+before"
    r"|提前(\d+|[一二两三四五六七])(天|周|个?小时)|前一(天|周)", re.IGNORECASE)
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
    _spread_all(draft)
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
    text, due = _own_time(draft, part.text)
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
    text, due = _own_time(draft, part.text)
    kind = part.kind
    if kind == "write":
        instructions = text + (f"\n{part.notes}" if part.notes else "")
        return _new(draft, text, "assistant.write", {"instructions": instructions}, after,
                    due=due, kind="write")
    if kind == "remind":
        at = _ahead(due or draft.due or draft.now + timedelta(hours=1), draft)
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


def _ahead(at: datetime, draft: Draft) -> datetime:
    """A reminder's moment, moved on to the next sensible one (a working morning, 09:00
    in the request's zone; the doer moves it again by the person's own hours) when it
    has passed."""
    zone = draft.now.tzinfo or UTC
    return sensible_moment(at, draft.now, closes=draft.due, work_start=time(9, 0), zone=zone)


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


def _own_time(draft: Draft, text: str) -> tuple[str, datetime | None]:
    """The part without its date words, and the time it names (or one relative to the due)."""
    repeats = find_recurrence(text)
    if repeats is not None:  # the task's recurrence is its own; the step keeps the words
        text = _cut(text, repeats.start, repeats.end) or text
    m = _BEFORE.search(text)
    if m and draft.due is not None:
        return _cut(text, m.start(), m.end()) or text, draft.due - _before(m)
    found = find_date(text, "due", draft.now)
    if found is None:
        return text, None
    when = found.understood.when
    if repeats is not None and draft.due is not None:  # "every Monday at 9am": this occurrence
        when = draft.due
    if keeps_words(text, found):
        return text, when
    if not found.understood.had_time and draft.due and when.date() == draft.due.date():
        when = draft.due
    return _cut(text, found.start, found.end) or text, when  # "Friday" alone stays a title


def _before(m: re.Match[str]) -> timedelta:
    from app.dates.when import zh_number

    if m.group(1) or m.group(6):
        return timedelta(weeks=1) if (m.group(1) or m.group(6)) in ("week", "周") else timedelta(1)
    if m.group(2):
        amount = {"a": 1, "one": 1, "two": 2, "three": 3}.get(m.group(2).lower()) or int(m.group(2))
        unit = m.group(3).lower()
    else:
        amount, unit = zh_number(m.group(4)), m.group(5)
    if unit.startswith("week") or unit == "周":
        return timedelta(weeks=amount)
    if unit.startswith("hour") or "时" in unit:
        return timedelta(hours=amount)
    return timedelta(days=amount)


def _cut(text: str, start: int, end: int) -> str:
    joined = text[:start] + (" " if text[:start].isascii() else "") + text[end:]
    return re.sub(r"\s+([:：,，;；.?!])", r"\1", re.sub(r"\s{2,}", " ", joined)).strip(" ,，")


def _spread_all(draft: Draft) -> None:
    """Steps without a time of their own: spread to the task's due, in working hours."""
    loose = [s for s in draft.steps if s["due"] is None]
    start = draft.now
    task = draft.ctx["task"]
    if task.get("start_at"):
        start = max(start, parse_utc(task["start_at"]).astimezone(draft.now.tzinfo))
    busy = [(parse_utc(a), parse_utc(b)) for a, b in draft.ctx.get("busy", [])]
    for i, step in enumerate(loose):
        step["due"] = spread(start, draft.due, i, len(loose), busy)
    for step in draft.steps:
        step["due"] = None if step["due"] is None else format_utc(step["due"])


def spread(start: datetime, due: datetime | None, index: int, count: int,
           busy: list[tuple[datetime, datetime]]) -> datetime | None:
    """Step i of n is due at (i+1)/n of the way to the task's due time, on a working day."""
    if due is None or due <= start:
        return due
    when = (start + (due - start) * (index + 1) / count).replace(minute=0, second=0,
                                                                 microsecond=0)
    if when.hour < WORK_START:
        when = when.replace(hour=WORK_START)
    elif when.hour >= WORK_END:
        when = when.replace(hour=WORK_END - 1)
    while when.weekday() >= 5 and when - timedelta(days=1) > start:
        when -= timedelta(days=1)  # a weekend: the Friday before, if it is still ahead
    for begin, end in sorted(busy):  # move out of busy time, never past the due time
        if begin <= when < end and end <= due:
            when = end.astimezone(when.tzinfo)
    return min(max(when, start), due)
