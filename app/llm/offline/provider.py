"""The offline planner: a deterministic provider that needs no server.

It answers each call with the same JSON a model would write, built from the call's
structured ``context`` (never from the prompt's prose), so the whole loop — review,
plan, do, check, failure review — runs offline. Its plans are simple and predictable.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from app.config.provider_kinds import ProviderKind
from app.llm.base import ChunkSink, Failure, Message, ProviderError, Reply
from app.llm.offline import plan as offline_plan
from app.llm.offline import rules
from app.llm.offline import write as offline_write

CHUNK = 48
WORK_START = 9
PAST_LIMIT = timedelta(days=7)  # a due time further back than this is a date that has passed


class OfflineProvider:
    name: str = ProviderKind.OFFLINE
    model = "offline-planner"

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        started = time.perf_counter()
        if not context or "purpose" not in context:
            raise ProviderError(Failure.CONFIG, "the offline planner needs the call's context")
        handler = {"review": review, "plan": plan, "write": write, "check": check,
                   "failure_review": failure_review}.get(context["purpose"])
        if handler is None:
            raise ProviderError(Failure.CONFIG,
                                f"the offline planner cannot do {context['purpose']!r}")
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


def _as_reminder(ctx: Mapping[str, Any]) -> Mapping[str, Any]:
    """The context with the task's title as the reminder quick add read ("Call mum", its
    detail keeping "Remind me to": "Remind me to call mum"), so it is planned as one."""
    from app.tasks.quickadd import as_reminder

    task = ctx["task"]
    words = as_reminder(task["title"], task.get("detail") or "")
    if words is None:
        return ctx
    return {**ctx, "task": {**task, "title": words, "detail": ""}}


def _words_due(text: str, now: datetime) -> str | None:
    """The due the task's words give, read by role (app.dates.roles, as quick add reads
    it): a deadline, the time to do it, or before the event it prepares for."""
    from app.dates.roles import due_in

    found = due_in(text, now)
    return None if found is None else found.when.isoformat()


def review(ctx: Mapping[str, Any]) -> dict[str, Any]:
    ctx = _as_reminder(ctx)
    task, now = ctx["task"], _now(ctx)
    text = _task_text(ctx)
    lang = ctx.get("language", "en")
    judged = _judgement(ctx, now)
    if judged is not None:
        return {"think": "offline planner: " + judged["reason"], "tags": [], "actions": [judged]}
    due = task.get("due_at") or _words_due(text, now)
    actions: list[dict[str, Any]] = []
    if due and not task.get("due_at"):
        actions.append({"name": "confirm", "due": due})
    parts, _ = rules.split_parts(task["title"], task.get("detail") or "")
    think = "offline planner: " + ("several parts, so a plan" if len(parts) > 1 else parts[0].kind)
    if len(parts) == 1 and parts[0].kind == "remind" and not (due or task.get("start_at")):
        later = (now + timedelta(days=1)).replace(hour=WORK_START, minute=0, second=0,
                                                   microsecond=0)
        reason = ("When should I remind you? Add a time, e.g. 'tomorrow 9am'" if lang == "en"
                  else "什么时候提醒你？请加上时间，例如“明天上午9点”")
        actions.append({"name": "next_check", "at": later.isoformat(), "reason": reason})
    elif len(parts) == 1 and parts[0].kind in ("remind", "calendar"):
        step = plan(ctx, due_override=due)["steps"][0]
        actions.append({"name": "execute", "step": {
            "title": step["title"], "target": step["target"], "inputs": step["inputs"],
            "done_when": step["done_when"]}})
    else:
        actions.append({"name": "plan", "plan": plan(ctx, due_override=due)})
    return {"think": think, "tags": rules.tags_for(text), "actions": actions}


def _judgement(ctx: Mapping[str, Any], now: datetime) -> dict[str, Any] | None:
    """A fail action for what no plan could do: the impossible, a date already past."""
    task, zh = ctx["task"], ctx.get("language") == "zh"
    text = _task_text(ctx)
    if rules.is_impossible(text):
        return {"name": "fail", "reason": "这件事在现实中做不到（时间不能倒流），没有计划能完成它"
                if zh else "this cannot be done in the real world (time only runs forward); "
                "no plan could achieve it"}
    past = _named_time(text, now)
    year_named = re.search(r"\b(19|20)\d\d\b|(19|20)\d\d年", text)
    if past is not None and year_named and past < now and not task.get("recurrence"):
        return _passed(past, zh)
    due = datetime.fromisoformat(task["due_at"]) if task.get("due_at") else None
    if due is not None and due < now - PAST_LIMIT and not task.get("recurrence"):
        return _passed(due, zh)
    return None


def _passed(when: datetime, zh: bool) -> dict[str, Any]:
    return {"name": "fail", "reason": f"日期 {when:%Y-%m-%d} 已经过去；如果可以改期，请设新的日期"
            if zh else f"its date, {when:%Y-%m-%d}, has already passed; if it can move, give it "
            "a new date"}


def _named_time(text: str, now: datetime) -> datetime | None:
    """The first time the words name for the task itself (not one asked about)."""
    from app.dates.roles import times_in

    timed = next((t for t in times_in(text, now) if t.role != "asked"), None)
    return None if timed is None else timed.found.understood.when


def plan(ctx: Mapping[str, Any], due_override: str | None = None) -> dict[str, Any]:
    return offline_plan.build(ctx, due_override or ctx["task"].get("due_at"))


def write(ctx: Mapping[str, Any]) -> str:
    return offline_write.draft(ctx)


def check(ctx: Mapping[str, Any]) -> dict[str, Any]:
    step = ctx["step"]
    passed, reason = offline_write.meets(step.get("result") or "", step.get("done_when") or "")
    return {"think": "offline check: " + ("the result meets done_when" if passed else reason),
            "passed": passed, "reason": reason}


def failure_review(ctx: Mapping[str, Any]) -> dict[str, Any]:
    return {"think": "the offline planner cannot do better than the owner here",
            "decision": "change_worker", "worker": "me", "steps": [], "advice": ""}
