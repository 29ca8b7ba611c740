"""Sample data for the assistant benchmarks: tasks for the loop, and a long review reply.

``agent_tasks`` gives 1,000 varied tasks in English and Chinese, from a fixed seed, of
the kinds people type: single actions ("Write a summary of …"), lists joined by sequence
words ("Buy milk then call mum then …", "先买菜，然后做饭，再…"), lists in the detail,
reminders ("每周五提醒我交周报"), errands ("Renew passport") and events to organise;
about 60 % have a due date (a few already past), some a date in the title instead.

``review_reply`` builds a review reply of about 20 KB (a long ``think``, tags, a
``confirm`` action and a ``plan`` action carrying a 10-step plan with long objectives)
as strict JSON; ``relaxed_text`` writes the same object the way models often do
(unquoted keys, single quotes, comments, trailing commas, Python literals, inside a
```json fence with prose around it and a ``<think>`` block before it).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

TASK_COUNT = 1000
SEED = 7

TOPICS = ("the Q3 sales report", "yesterday's client meeting", "the onboarding handbook",
          "the security audit", "chapter 4 of the thesis", "the product roadmap",
          "the user interviews", "the budget review", "the incident on Tuesday",
          "the conference talk", "the supplier contract", "last month's expenses")
WRITE_VERBS = ("Write a summary of", "Draft a reply about", "Summarise", "Write a short note on",
               "Outline a proposal for", "Draft the agenda for")
ERRANDS_EN = ("buy milk", "call mum", "book the dentist", "pick up the dry cleaning",
              "pay the electricity bill", "order printer ink", "email the landlord",
              "water the plants", "book a table for Saturday", "call the plumber",
              "buy a birthday card", "send the invoice to the client", "check my calendar",
              "renew the gym membership", "save the receipts")
ERRANDS_ZH = ("买菜", "做饭", "洗碗", "给妈妈打电话", "去银行办卡", "取快递", "订机票",
              "整理发票", "交水电费", "预约体检", "买生日礼物", "打扫房间", "写周报",
              "发邮件给客户", "保存合同")
JOINERS_EN = (" then ", ", then ", " and then ", ", after that ")
REMINDERS = ("每周五提醒我交周报", "提醒我明天下午三点开会", "记得给爸爸打电话",
             "Remind me to take the medicine", "Remind me to pay the rent",
             "Don't forget to send the tax form", "Remind me to call the bank tomorrow 9am",
             "别忘了交房租", "提醒我下周一提交报销")
SINGLES = ("Renew passport", "Renew car insurance", "Book flights to Lisbon", "续签护照",
           "Organise the team offsite", "Plan Sam's birthday party", "组织周末家庭聚餐",
           "Fix the kitchen tap", "Buy a new laptop", "预订酒店", "Apply for the visa",
           "Check my calendar for a free afternoon", "Prepare the quarterly review",
           "申请公积金提取", "Call the insurance company", "Clean the garage")
TITLE_DATES = (" by Friday", " before next Monday", " tomorrow", " on 2 March", "", "",
               "明天", "下周三", "")
DETAIL_LISTS = (
    "- book the venue\n- order the cake\n- invite the neighbours\n- buy decorations",
    "1. collect last year's statements\n2. fill in the form\n3. send it to the accountant",
    "1、准备材料\n2、去银行办理\n3、保存回执",
    "- compare three quotes\n- pick one\n- pay the deposit",
)
NOTES = ("", "", "", "Ask Maria first if she has the numbers.", "Keep it under one page.",
         "上次已经问过价格了。", "The old one expires at the end of the month.")


@dataclass(frozen=True)
class AgentTask:
    title: str
    detail: str
    due_at: datetime | None
    priority: int
    recurrence: str | None = None


def agent_tasks(now: datetime, count: int = TASK_COUNT, seed: int = SEED) -> list[AgentTask]:
    """``count`` varied tasks; the same list for the same seed (due times follow ``now``)."""
    rng = random.Random(seed)
    makers = (_write, _list_en, _list_zh, _reminder, _single, _detail_list)
    weights = (20, 20, 15, 15, 20, 10)
    tasks = []
    for _ in range(count):
        title, detail, recurrence = rng.choices(makers, weights)[0](rng)
        due = None
        if recurrence is not None or rng.random() < 0.6:
            days = rng.choice((-2, -1, 1, 2, 3, 5, 7, 14, 30, 60))
            due = (now + timedelta(days=days)).replace(hour=rng.choice((9, 12, 17)), minute=0,
                                                       second=0, microsecond=0)
            if recurrence is not None:  # the rule's anchor: a Friday in the future
                due += timedelta(days=(4 - due.weekday()) % 7 + (7 if days < 0 else 0))
        tasks.append(AgentTask(title, detail, due, rng.choice((1, 2, 3, 3, 3, 4)), recurrence))
    return tasks


Made = tuple[str, str, str | None]  # title, detail, recurrence


def _write(rng: random.Random) -> Made:
    return (f"{rng.choice(WRITE_VERBS)} {rng.choice(TOPICS)}{rng.choice(TITLE_DATES[:5])}",
            rng.choice(NOTES), None)


def _list_en(rng: random.Random) -> Made:
    parts = rng.sample(ERRANDS_EN, rng.randint(2, 5))
    text = parts[0].capitalize()
    for part in parts[1:]:
        text += rng.choice(JOINERS_EN) + part
    return text, rng.choice(NOTES), None


def _list_zh(rng: random.Random) -> Made:
    parts = rng.sample(ERRANDS_ZH, rng.randint(2, 4))
    text = "先" + parts[0] + "，然后" + parts[1]
    for part in parts[2:]:
        text += rng.choice(("，再", "，接着", "，之后")) + part
    return text, rng.choice(NOTES), None


def _reminder(rng: random.Random) -> Made:
    title = rng.choice(REMINDERS)
    weekly = title.startswith("每周五")
    return title, "", "FREQ=WEEKLY;BYDAY=FR" if weekly else None


def _single(rng: random.Random) -> Made:
    return rng.choice(SINGLES) + rng.choice(TITLE_DATES), rng.choice(NOTES), None


def _detail_list(rng: random.Random) -> Made:
    title = rng.choice(("Get ready for the party", "Sort out the taxes", "办理银行业务",
                        "Replace the boiler"))
    return title, rng.choice(DETAIL_LISTS), None


# --- a long review reply ----------------------------------------------------------------

STEP_TOPICS = ("the venue", "the budget", "the guest list", "the catering", "the travel",
               "the agenda", "the speakers", "the materials", "the follow-up", "the report")


def review_reply() -> dict[str, Any]:
    """A review reply of about 20 KB: think, tags, confirm and a 10-step plan."""
    think = " ".join(
        f"Point {n}: the task asks for an offsite for the whole team of forty people, so "
        f"{STEP_TOPICS[n % 10]} has to be settled before anything that depends on it; the "
        "due date leaves three weeks, which is enough if the booking is made this week. "
        "团队希望在周五之前确定地点和预算。" for n in range(1, 8))
    steps = []
    for n, topic in enumerate(STEP_TOPICS, start=1):
        steps.append({
            "id": f"s{n}", "title": f"Settle {topic} for the offsite",
            "objective": " ".join(
                f"Find out what {topic} needs ({k}), compare at least three options on price, "
                "distance and accessibility, and write down the choice with the reasons so "
                "the team can check it." for k in range(1, 8)),
            "depends_on": [f"s{n - 1}"] if n > 1 else [], "parent": None,
            "target": "assistant.write" if n % 3 == 0 else "user",
            "inputs": {"instructions": f"Compare the options for {topic}; keep it short."}
            if n % 3 == 0 else {},
            "output_schema": None, "done_when": f"{topic.capitalize()} is decided and noted",
            "worker": "assistant" if n % 3 == 0 else "me",
            "due": f"2026-12-{n + 1:02d}T09:00:00Z", "status": "pending", "result": None,
            "error": None,
        })
    plan = {"schema_version": 1, "revision": 1, "origin": "assistant",
            "title": "Team offsite in December", "objective": "A two-day offsite for the team "
            "of forty, booked, budgeted and announced, with an agenda everyone has seen.",
            "steps": steps}
    return {"think": think, "tags": ["work", "travel", "team"], "actions": [
        {"name": "confirm", "due": "2026-12-18T17:00:00+08:00"},
        {"name": "plan", "plan": plan}]}


def strict_text(reply: dict[str, Any]) -> str:
    return json.dumps(reply, ensure_ascii=False, indent=2)


def relaxed_text(reply: dict[str, Any]) -> str:
    """The same object as a model might write it loosely, fenced, with prose and thinking."""
    body = _relaxed(reply, 0)
    return ("<think>\nThe user wants an offsite. I should confirm the due date and propose a "
            "plan of ten steps, each with a clear objective. Let me write the JSON.\n</think>\n"
            "Here is my review of the task:\n\n```json\n" + body + "\n```\n\n"
            "I kept the plan to ten steps; tell me if any of them should be yours instead.\n")


def _relaxed(value: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if key == "id":
                lines.append(f"{inner}// step {item}")
            lines.append(f"{inner}{key}: {_relaxed(item, depth + 1)},")  # trailing commas
        return "{\n" + "\n".join(lines) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + "\n".join(f"{inner}{_relaxed(v, depth + 1)}," for v in value) + f"\n{pad}]"
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if value is None or isinstance(value, bool):
        return repr(value)  # None, True, False: Python's spelling
    return json.dumps(value)
