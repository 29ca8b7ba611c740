"""Every plan the offline planner writes passes its own validation: thousands of task texts
built the way people type them — lists, people (known and not), dates, questions, letters,
both languages — go through quick add and the offline review, and the review and its plan
must pass the same checks a model's reply does (app.agent.review.sensible_review): no
repeated step, no dependency on a missing or later step, no step due after one that waits
for it; and distinct recipients get distinctly named steps."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.agent.outbox import add_contact
from app.agent.review import sensible_review
from app.llm.offline.provider import review
from app.tasks.quickadd import read_typed
from app.tasks.store import NewTask, add_task
from app.words.plain import language_of
from models.fields import parse_utc

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
CONTACTS = ["Alice", "Bob", "Priya", "李老师", "王总", "妈妈", "小王"]
EN_PEOPLE = ["Alice", "Bob", "Priya", "the landlord", "Grandma", "him", "everyone"]
ZH_PEOPLE = ["李老师", "王总", "妈妈", "小王", "大家", "房东", "他"]
EN_VERBS = ["Email {p} the budget", "Ask {p} whether the venue is free", "Invite {p} to dinner",
            "Tell {p} that the meeting moved", "Send {p} the slides", "Thank {p} for the gift",
            "Follow up with {p} about the invoice", "Find a time to meet {p}",
            "Write a thank-you note to {p}", "Apologise to {p} for the delay",
            "Ask {p} when next week's meeting starts", "Call {p}", "Pay {p} back",
            "Book a table for Saturday dinner", "Write the quarterly report", "Buy milk",
            "Renew passport", "Remind me to water the plants", "Check my calendar"]
ZH_VERBS = ["给{p}发消息问周末有没有空", "问{p}下周家长会几点开", "邀请{p}参加周五的年会",
            "告诉{p}会议改到三点", "把简历发给{p}", "感谢{p}的帮助", "催一下{p}的报销",
            "给{p}写一封感谢信", "和{p}约个时间见面", "给{p}打电话", "还{p}钱", "写周报",
            "买菜", "订机票", "提醒我交房租", "查看日程", "通知大家时间改到周五"]
EN_WHEN = ["", " by Friday", " next week", " tomorrow at 9am", " before the flight in April",
           " on the 15th", " every Monday"]
ZH_WHEN = ["", "，周五之前", "，下周", "，明天上午9点", "，下个月15号", "，每周一"]


@st.composite
def task_texts(draw: st.DrawFn) -> str:
    zh = draw(st.booleans())
    verbs, people, when = (ZH_VERBS, ZH_PEOPLE, ZH_WHEN) if zh else (EN_VERBS, EN_PEOPLE, EN_WHEN)
    parts = [draw(st.sampled_from(verbs)).format(p=draw(st.sampled_from(people)))
             for _ in range(draw(st.integers(1, 4)))]
    form = draw(st.sampled_from(["list", "then", "numbered", "colon"]))
    if len(parts) == 1:
        text = parts[0]
    elif form == "numbered":
        text = " ".join(f"{i}. {p}" for i, p in enumerate(parts, 1))
    elif form == "colon":
        head = "准备周会：" if zh else "Prepare the meeting: "
        text = head + ("、" if zh else ", ").join(parts)
    else:
        text = ("，然后" if zh else ", then ").join(parts) if form == "then" else \
            ("，" if zh else ", ").join(parts)
    return text + draw(st.sampled_from(when))


def _plan_for(text: str) -> tuple[dict, dict | None]:
    typed = read_typed(text, NOW)
    task = add_task(NewTask(title=typed.title or text, detail=typed.detail,
                            due_at=typed.due, timezone="Asia/Shanghai"))
    facts = {"id": task.id, "title": task.title, "detail": task.detail, "status": "new",
             "priority": 3, "tags": [], "start_at": None, "expires_at": None,
             "due_at": typed.due.isoformat() if typed.due else None,
             "recurrence": typed.recurrence}
    ctx = {"purpose": "review", "now": NOW.isoformat(), "language": language_of(task.title),
           "task": facts, "max_steps": 10, "contacts": CONTACTS, "busy": []}
    answer = review(ctx)
    decision = sensible_review(json.dumps(answer, ensure_ascii=False), task, NOW)
    return answer, decision.plan


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                   HealthCheck.too_slow], deadline=None)
@given(task_texts())
def test_plans_valid(db: Path, text: str) -> None:
    if not CONTACTS_ADDED:
        for name in CONTACTS:
            add_contact(name, f"{len(CONTACTS_ADDED)}{ord(name[0])}@example.com")
            CONTACTS_ADDED.append(name)
    _answer, plan = _plan_for(text)  # raises when the review or its plan is refused
    if plan is None:
        return
    steps = {s["id"]: s for s in plan["steps"]}
    for step in plan["steps"]:
        for dep in step["depends_on"]:
            before, after = steps[dep].get("due"), step.get("due")
            if before and after:
                assert parse_utc(before) <= parse_utc(after), (text, dep, step["id"])
    titles = [s["title"] for s in plan["steps"] if s["target"] == "message.post"]
    assert len(titles) == len(set(titles)), text


CONTACTS_ADDED: list[str] = []
