"""The offline planner: a deterministic provider that needs no server.

It answers each call with the same JSON a model would write, built from the call's
structured ``context`` (never from the prompt's prose), so the whole loop — review,
plan, do, check, failure review — runs offline. Its plans are simple and predictable.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from app.agent import offline_rules as rules
from app.llm.base import ChunkSink, Message, ProviderError, Reply
from app.schedule.estimates import guess_minutes
from models.fields import format_utc, parse_utc

CHUNK = 48
WORK_START, WORK_END = 9, 18


class OfflineProvider:
    name = "offline"
    model = "offline-planner"

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        started = time.perf_counter()
        if not context or "purpose" not in context:
            raise ProviderError("config", "the offline planner needs the call's context")
        handler = {"review": review, "plan": plan, "write": write, "check": check,
                   "failure_review": failure_review}.get(context["purpose"])
        if handler is None:
            raise ProviderError("config", f"the offline planner cannot do {context['purpose']!r}")
        result = handler(context)
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        if on_chunk is not None:
            for start in range(0, len(text), CHUNK):
                on_chunk(text[start:start + CHUNK])
        return Reply(text=text, model=self.model,
                     latency_ms=(time.perf_counter() - started) * 1000)

    async def list_models(self) -> list[str]:
        return [self.model]

    async def aclose(self) -> None:
        return None


def _now(ctx: Mapping[str, Any]) -> datetime:
    return datetime.fromisoformat(ctx["now"])


def _task_text(ctx: Mapping[str, Any]) -> str:
    task = ctx["task"]
    return f"{task['title']}\n{task.get('detail') or ''}"


def review(ctx: Mapping[str, Any]) -> dict[str, Any]:
    task, now = ctx["task"], _now(ctx)
    text = _task_text(ctx)
    lang = ctx.get("language", "en")
    due = task.get("due_at") or _found(rules.find_date(text, "due", now))
    actions: list[dict[str, Any]] = []
    if due and not task.get("due_at"):
        actions.append({"name": "confirm", "due": due})
    parts, _ = rules.split_parts(task["title"], task.get("detail") or "")
    think = "offline planner: " + ("several parts, so a plan" if len(parts) > 1 else parts[0].kind)
    if len(parts) == 1 and parts[0].kind == "remind" and not (due or task.get("start_at")):
        later = (now + timedelta(days=1)).replace(hour=WORK_START, minute=0, second=0,
                                                   microsecond=0)
        reason = "no time given for the reminder" if lang == "en" else "没有给出提醒时间"
        actions.append({"name": "next_check", "at": later.isoformat(), "reason": reason})
    elif len(parts) == 1 and parts[0].kind in ("remind", "write", "calendar"):
        built = plan(ctx, due_override=due)
        step = built["steps"][0]
        actions.append({"name": "execute", "step": {
            "title": step["title"], "target": step["target"], "inputs": step["inputs"],
            "done_when": step["done_when"]}})
    else:
        actions.append({"name": "plan", "plan": plan(ctx, due_override=due)})
    return {"think": think, "tags": rules.tags_for(text), "actions": actions}


def _found(when: datetime | None) -> str | None:
    return None if when is None else when.isoformat()


def plan(ctx: Mapping[str, Any], due_override: str | None = None) -> dict[str, Any]:
    task, now = ctx["task"], _now(ctx)
    lang = ctx.get("language", "en")
    parts, sequential = rules.split_parts(task["title"], task.get("detail") or "")
    if len(parts) == 1 and parts[0].kind in rules.TEMPLATES:
        template = rules.TEMPLATES[parts[0].kind][lang]
        parts = [rules.Part(title, kind if kind != "user" else "do") for title, kind in template]
        sequential = True
    parts = parts[: int(ctx.get("max_steps", 10))]
    due_text = due_override or task.get("due_at")
    due = parse_utc(due_text).astimezone(now.tzinfo) if due_text else None
    start = parse_utc(task["start_at"]).astimezone(now.tzinfo) if task.get("start_at") else now
    busy = [(parse_utc(a), parse_utc(b)) for a, b in ctx.get("busy", [])]
    steps = []
    for i, part in enumerate(parts):
        step_due = _spread(max(start, now), due, i, len(parts), busy)
        steps.append(_step(f"s{i + 1}", part, ctx, step_due, due,
                           [f"s{i}"] if sequential and i else []))
    _link_saves(steps)
    return {"schema_version": 2, "revision": 1, "origin": "assistant", "title": task["title"],
            "objective": task["title"], "steps": steps}


def _spread(start: datetime, due: datetime | None, index: int, count: int,
            busy: list[tuple[datetime, datetime]]) -> datetime | None:
    """Step i of n is due at (i+1)/n of the way to the task's due time, in working hours."""
    if due is None or due <= start:
        return None if due is None else due
    when = start + (due - start) * (index + 1) / count
    when = when.replace(minute=0, second=0, microsecond=0)
    if when.hour < WORK_START:
        when = when.replace(hour=WORK_START)
    elif when.hour >= WORK_END:
        when = when.replace(hour=WORK_END - 1)
    for begin, end in sorted(busy):  # move out of busy time, never past the due time
        if begin <= when < end and end <= due:
            when = end.astimezone(when.tzinfo)
    return min(max(when, start), due)


def _step(sid: str, part: rules.Part, ctx: Mapping[str, Any], step_due: datetime | None,
          task_due: datetime | None, depends_on: list[str]) -> dict[str, Any]:
    lang = ctx.get("language", "en")
    title = part.text[:1].upper() + part.text[1:]
    target, inputs, done_when = "user", {}, ("done" if lang == "en" else "已完成")
    contact = rules.known_contact(part.text, list(ctx.get("contacts", [])))
    if part.kind == "write":
        target, inputs = "assistant.write", {"instructions": part.text}
        done_when = "a draft is ready" if lang == "en" else "草稿已完成"
    elif part.kind == "message" and contact:
        target, inputs = "message.post", {"to": contact, "text": part.text}
        done_when = "the message is sent" if lang == "en" else "消息已发送"
    elif part.kind == "remind":
        at = step_due or task_due or (_now(ctx) + timedelta(hours=1))
        target, inputs = "reminder.set", {"at": format_utc(at), "text": ctx["task"]["title"]}
        done_when = "the reminder is set" if lang == "en" else "提醒已设置"
    elif part.kind == "calendar":
        now = _now(ctx)
        target, inputs = "calendar.read", {"from": format_utc(now),
                                           "to": format_utc(task_due or now + timedelta(7))}
        done_when = "the free time is known" if lang == "en" else "已知空闲时间"
    elif part.kind == "save":
        target, inputs = "file.write", {"path": "result.md", "content": part.text}
        done_when = "the file is saved" if lang == "en" else "文件已保存"
    return {"id": sid, "title": title, "objective": "", "depends_on": depends_on,
            "parent": None, "target": target, "inputs": inputs, "output_schema": None,
            "done_when": done_when, "worker": "assistant" if target != "user" else "me",
            "due": None if step_due is None else format_utc(step_due),
            "estimate_minutes": guess_minutes(part.text, part.kind),
            "status": "pending", "result": None, "error": None}


def _link_saves(steps: list[dict[str, Any]]) -> None:
    """A 'save' step after a writing step saves that step's draft."""
    for i, step in enumerate(steps):
        if step["target"] == "file.write" and i and steps[i - 1]["target"] == "assistant.write":
            step["inputs"] = {"path": "result.md", "from_step": steps[i - 1]["id"]}


def write(ctx: Mapping[str, Any]) -> str:
    step, task = ctx["step"], ctx["task"]
    instructions = step.get("inputs", {}).get("instructions", step["title"])
    if ctx.get("language") == "zh":
        return (f"【草稿】{step['title']}\n\n任务：{task['title']}\n要求：{instructions}\n\n"
                "（离线规划器生成的提纲，请补充细节后使用。）\n1. 目的\n2. 要点\n3. 下一步")
    return (f"DRAFT: {step['title']}\n\nTask: {task['title']}\nAsked for: {instructions}\n\n"
            "(An outline from the offline planner; fill in the details before use.)\n"
            "1. Purpose\n2. Key points\n3. Next steps")


def check(ctx: Mapping[str, Any]) -> dict[str, Any]:
    result = (ctx["step"].get("result") or "").strip()
    return {"think": "offline check: a result exists" if result else "no result",
            "passed": bool(result), "reason": "" if result else "the step produced nothing"}


def failure_review(ctx: Mapping[str, Any]) -> dict[str, Any]:
    return {"think": "the offline planner cannot do better than the owner here",
            "decision": "change_worker", "worker": "me", "steps": [], "advice": ""}
