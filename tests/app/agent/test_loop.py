"""The assistant loop end to end, with the offline planner and with a scripted model."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from app.agent.loop import Assistant, Outcome
from app.config import settings
from app.llm.offline.provider import OfflineProvider
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from app.tasks.urgency import urgency
from models import ModelCall, Reminder, Task, WorkLog
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # Monday 10:00 in Shanghai


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def run(assistant: Assistant, until_idle: bool = True) -> list[Outcome]:
    if until_idle:
        return asyncio.run(assistant.run_until_idle())
    outcome = asyncio.run(assistant.run_once())
    return [outcome] if outcome else []


def task(title: str, detail: str = "", **times: datetime) -> Task:
    return add_task(NewTask(title=title, detail=detail, timezone="Asia/Shanghai", **times))


def step_reminders() -> list[Reminder]:
    """The reminders steps set (not the due-time reminders the reminder list adds itself)."""
    return list(Reminder.select().where(Reminder.kind == "step").order_by(Reminder.fire_at))


def fresh(t: Task) -> Task:
    return Task.get_by_id(t.id)


def spec(t: Task) -> Any:
    return plans.spec_of(plans.latest_plan(t.id))  # type: ignore[arg-type]


def review(*actions: dict[str, Any], tags: list[str] | None = None) -> str:
    return json.dumps({"think": "ok", "tags": tags or [], "actions": list(actions)})


def plan_json(*steps: dict[str, Any]) -> str:
    full = [{"depends_on": [], "target": "user", **s} for s in steps]
    return json.dumps({"schema_version": 1, "title": "p", "steps": full})


def test_offline_plans_realistic_tasks_in_english_and_chinese(db: Path) -> None:
    offsite = task("Organise the team offsite before Dec 20")
    errands = task("Buy milk then call mum and then write a thank-you note to grandma",
                   due_at=NOW + timedelta(days=1))
    chinese = task("先买菜，然后做饭，再给妈妈写一封信", due_at=NOW + timedelta(days=2))
    outcomes = run(Assistant(OfflineProvider(), clock=Clock()))
    assert {o.task_id for o in outcomes} == {offsite.id, errands.id, chinese.id}

    offsite = fresh(offsite)
    assert offsite.due_at.astimezone(UTC) == datetime(2026, 12, 20, 10, 0, tzinfo=UTC)
    assert offsite.status == "planned" and "work" in offsite.tags
    steps = spec(offsite).steps
    assert [s.target for s in steps] == ["user", "user", "assistant.write", "user"]  # the
    # invitation is drafted once the date and the place are known
    dues = [s.due for s in steps]
    assert all(d is not None and NOW < d <= offsite.due_at for d in dues)
    assert dues == sorted(dues)
    shanghai = ZoneInfo("Asia/Shanghai")
    assert all(9 <= d.astimezone(shanghai).hour < 18 for d in dues if d)  # working hours

    titles = [s.title for s in spec(fresh(errands)).steps]
    assert titles == ["Buy milk", "Call mum", "Write a thank-you note to grandma"]
    assert [s.depends_on for s in spec(fresh(errands)).steps] == [[], ["s1"], ["s2"]]
    zh = spec(fresh(chinese)).steps
    assert [s.title for s in zh] == ["买菜", "做饭", "给妈妈写一封信"]
    assert zh[2].target == "user"  # what the letter says is the person's to write


def test_auto_accept_runs_the_assistants_steps_and_leaves_the_users(db: Path) -> None:
    t = task("Renew passport", due_at=NOW + timedelta(days=21))
    run(Assistant(OfflineProvider(), clock=Clock(), auto_accept=True))
    steps = spec(fresh(t)).steps
    assert steps[0].target == "assistant.write" and steps[0].status == "completed"
    draft = steps[0].result or ""
    assert "Renew passport" in draft and "fill in" not in draft  # usable, no outline
    assert [s.status for s in steps[1:]] == ["pending", "pending", "pending"]
    assert fresh(t).status == "in_progress"
    journal = [c.purpose for c in ModelCall.select().where(ModelCall.task == t.id)]
    assert journal == ["review", "write", "check"]


def test_without_auto_accept_a_plan_waits_for_approval(db: Path) -> None:
    t = task("Write a summary of the Q4 report", "revenue up 8%")  # something to write from
    run(Assistant(OfflineProvider(), clock=Clock()))
    assert plans.latest_plan(t.id).status == "pending"  # type: ignore[union-attr]
    assert run(Assistant(OfflineProvider(), clock=Clock())) == []
    plans.approve_all()
    run(Assistant(OfflineProvider(), clock=Clock()))
    assert fresh(t).status == "done"


def test_a_weekly_reminder_rolls_to_the_next_occurrence(db: Path) -> None:
    # a Friday 18:00 in Shanghai a week or more ahead of the real clock (add_task reads it:
    # a fixed date rolls on by itself once it has passed)
    today = datetime.now(UTC).replace(hour=10, minute=0, second=0, microsecond=0)
    friday = today + timedelta(days=7 + (4 - today.weekday()) % 7)
    t = add_task(NewTask(title="每周五提醒我交周报", due_at=friday,
                         recurrence="FREQ=WEEKLY;BYDAY=FR", timezone="Asia/Shanghai"))
    clock = Clock()
    run(Assistant(OfflineProvider(), clock=clock, auto_accept=True))
    t = fresh(t)
    # this Friday's reminder is pending, so the task shows this Friday until it passes
    assert t.status == "waiting" and t.due_at == friday
    assert [r.fire_at for r in step_reminders()] == [friday]  # at the due time, not clamped
    assert plans.latest_plan(t.id).status == "completed"  # type: ignore[union-attr]
    assert run(Assistant(OfflineProvider(), clock=clock, auto_accept=True)) == []
    clock.now = friday + timedelta(minutes=1)
    outcomes = run(Assistant(OfflineProvider(), clock=clock, auto_accept=True))
    assert [o.stage for o in outcomes] == ["quick_check", "do"]
    rolled = plans.latest_plan(t.id)
    assert rolled.revision == 2  # type: ignore[union-attr]
    assert spec(t).steps[0].inputs["at"] == f"{friday + timedelta(days=7):%Y-%m-%dT%H:%M:%SZ}"
    assert len(step_reminders()) == 2 and fresh(t).due_at == friday + timedelta(days=7)
    # kept (this Friday), rolled (to the next), kept (the next)
    assert WorkLog.select().where(WorkLog.kind == "occurrence").count() == 3


def write_plan_then(review_steps: list[dict[str, Any]], *later: str) -> ScriptedProvider:
    plan = json.loads(plan_json(*review_steps))
    return ScriptedProvider([review({"name": "plan", "plan": plan}), *later])


def test_an_expired_task_is_marked_and_its_plan_aborted(db: Path) -> None:
    t = task("Buy concert tickets", expires_at=NOW - timedelta(hours=1),
             due_at=NOW - timedelta(hours=2))
    plans.save_plan(t.id, json.loads(plan_json({"id": "a", "title": "Buy"})))
    outcomes = run(Assistant(OfflineProvider(), clock=Clock()))
    assert [o.stage for o in outcomes] == ["expire"]
    assert fresh(t).status == "expired"
    assert plans.latest_plan(t.id).status == "aborted"  # type: ignore[union-attr]


def test_the_most_urgent_task_goes_first(db: Path) -> None:
    low = task("Later", due_at=NOW + timedelta(days=30))
    soon = task("Soon", due_at=NOW + timedelta(hours=5))
    outcome = run(Assistant(OfflineProvider(), clock=Clock()), until_idle=False)[0]
    assert outcome.task_id == soon.id != low.id
    score = urgency(1, NOW, NOW, False, NOW)
    assert score.explain().startswith("priority 6.0 + due")


def test_the_pause_switch_stops_the_assistant(db: Path) -> None:
    task("Anything")
    settings.put("assistant.paused", True)
    assert run(Assistant(OfflineProvider(), clock=Clock())) == []


def busy_event(start: datetime, end: datetime, summary: str = "Team meeting") -> None:
    from models import CalendarEvent, CalendarSource
    from models.fields import format_utc

    source = CalendarSource.create(name="work", kind="ics_file", location="/x.ics")
    CalendarEvent.create(source=source, uid=summary, summary=summary, start=format_utc(start),
                         end=format_utc(end), busy=True)


def test_the_offline_planner_moves_steps_out_of_busy_time(db: Path) -> None:
    due = NOW + timedelta(days=2)
    t = task("Organise the team offsite", due_at=due)
    free_plan = spec_after_offline_review(t)
    first_due = free_plan[0].due
    assert first_due is not None
    plans.plan_action(t.id, "abort")
    busy_event(first_due - timedelta(minutes=30), first_due + timedelta(hours=2))
    t2 = task("Organise the team offsite again", due_at=due)
    moved = spec_after_offline_review(t2)
    assert moved[0].due == first_due + timedelta(hours=2)  # the end of the meeting
    prompt = ModelCall.select().where(ModelCall.task == t2.id).first().prompt
    assert "Team meeting" in prompt  # the calendar reaches the model's prompt, fenced
    assert "<<<DATA kind=calendar" in prompt


def spec_after_offline_review(t: Task) -> list[Any]:
    run(Assistant(OfflineProvider(), clock=Clock()), until_idle=False)
    return spec(fresh(t)).steps



def test_echoed_draft_fails(db: Path) -> None:
    """A model's draft that says the request back is no draft: the step fails saying so,
    and the check is never asked."""
    from tests.app.agent.fakes import ScriptedProvider

    t = task("Write the agenda for Monday's meeting")
    step = {"title": "Write the agenda", "target": "assistant.write",
            "inputs": {"instructions": "Write the agenda for Monday's meeting"},
            "done_when": "an agenda"}
    execute = json.dumps({"think": "", "tags": ["work"],
                          "actions": [{"name": "execute", "step": step}]})
    provider = ScriptedProvider(script=[execute, "Write the agenda for Monday's meeting."])
    asyncio.run(Assistant(provider, auto_accept=True, clock=Clock()).run_until_idle(limit=4))
    from models import WorkLog

    done = spec(fresh(t)).steps[0]
    said = " ".join(w.message for w in WorkLog.select().where(WorkLog.task == t.id))
    assert "repeats the request" in said and done.status != "completed"
    assert "check" not in provider.purposes()
