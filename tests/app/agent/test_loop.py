"""The assistant loop end to end, with the offline planner and with a scripted model."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app import plans, settings
from app.agent.loop import Assistant, Outcome
from app.llm.base import ProviderError
from app.llm.offline import OfflineProvider
from app.tasks import NewTask, add_task
from app.urgency import urgency
from models import ModelCall, Plan, Reminder, Task, WorkLog
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
    assert zh[2].target == "assistant.write"


def test_auto_accept_runs_the_assistants_steps_and_leaves_the_users(db: Path) -> None:
    t = task("Renew passport", due_at=NOW + timedelta(days=21))
    run(Assistant(OfflineProvider(), clock=Clock(), auto_accept=True))
    steps = spec(fresh(t)).steps
    assert steps[0].target == "assistant.write" and steps[0].status == "completed"
    draft = steps[0].result or ""
    assert "Renew passport" in draft and "fill in the details" not in draft  # usable, no outline
    assert [s.status for s in steps[1:]] == ["pending", "pending", "pending"]
    assert fresh(t).status == "in_progress"
    journal = [c.purpose for c in ModelCall.select().where(ModelCall.task == t.id)]
    assert journal == ["review", "write", "check"]


def test_without_auto_accept_a_plan_waits_for_approval(db: Path) -> None:
    t = task("Write a summary of the Q4 report", "revenue up 8%")  # something to write from
    run(Assistant(OfflineProvider(), clock=Clock()))
    assert plans.latest_plan(t.id).status == "pending"  # type: ignore[union-attr]
    assert run(Assistant(OfflineProvider(), clock=Clock())) == []
    plans.plan_action(t.id, "approve")
    run(Assistant(OfflineProvider(), clock=Clock()))
    assert fresh(t).status == "done"


def test_a_weekly_reminder_rolls_to_the_next_occurrence(db: Path) -> None:
    friday = datetime(2026, 12, 4, 10, 0, tzinfo=UTC)  # Friday 18:00 in Shanghai
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
    assert spec(t).steps[0].inputs["at"] == "2026-12-11T10:00:00Z"
    assert len(step_reminders()) == 2 and fresh(t).due_at == friday + timedelta(days=7)
    # kept (Dec 4), rolled (Dec 4 → 11), kept (Dec 11)
    assert WorkLog.select().where(WorkLog.kind == "occurrence").count() == 3


def test_the_review_keeps_the_users_times_and_adds_missing_ones(db: Path) -> None:
    due = NOW + timedelta(days=3)
    t = task("Send the report", due_at=due)
    proposed = review({"name": "confirm", "start": "2026-12-01T09:00:00+08:00",
                       "due": "2026-12-10T09:00:00+08:00"}, tags=["work", "report"])
    run(Assistant(ScriptedProvider([proposed]), clock=Clock()), until_idle=False)
    t = fresh(t)
    assert t.due_at == due  # the user's time wins
    assert t.start_at == datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    assert t.status == "reviewed" and t.tags == ["report", "work"]


def test_next_check_waits_then_reviews_again(db: Path) -> None:
    t = task("Call the plumber when he is back")
    clock = Clock()
    provider = ScriptedProvider([review({"name": "next_check", "at": "2026-12-01T09:00:00+08:00",
                                         "reason": "he is away"})])
    run(Assistant(provider, clock=clock), until_idle=False)
    assert fresh(t).status == "waiting"
    assert run(Assistant(provider, clock=clock)) == []
    clock.now = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    outcomes = run(Assistant(provider, clock=clock))
    assert [o.stage for o in outcomes][:2] == ["quick_check", "review"]


@pytest.mark.parametrize(("action", "status"), [
    ({"name": "cancel", "reason": "no longer needed"}, "cancelled"),
    ({"name": "fail", "reason": "needs a signature in person"}, "failed"),
])
def test_cancel_and_fail(db: Path, action: dict[str, Any], status: str) -> None:
    t = task("Something")
    run(Assistant(ScriptedProvider([review(action)]), clock=Clock()), until_idle=False)
    t = fresh(t)
    assert t.status == status
    assert action["reason"] in WorkLog.select().where(WorkLog.kind == "state").get().message


def test_an_unusable_reply_is_asked_again_once_then_the_task_says_why(db: Path) -> None:
    t = task("Plan a trip")
    provider = ScriptedProvider(["I think you should go to Paris!", "{actions: [launch]}"])
    outcomes = run(Assistant(provider, clock=Clock()), until_idle=False)
    assert outcomes[0].summary == "failed"
    t = fresh(t)
    assert t.status == "new" and "could not be used" in t.problem
    assert "Reply again" in provider.calls[1].messages[-1].content
    calls = list(ModelCall.select().order_by(ModelCall.id))
    assert [c.outcome for c in calls] == ["unusable", "unusable"]
    assert calls[0].reply == "I think you should go to Paris!"
    assert Plan.select().count() == 0


def test_a_reask_that_works_is_used(db: Path) -> None:
    t = task("Plan a trip")
    good = review({"name": "plan", "plan": json.loads(plan_json({"id": "a", "title": "Go"}))})
    run(Assistant(ScriptedProvider(["not json", good]), clock=Clock()), until_idle=False)
    assert fresh(t).status == "planned" and fresh(t).problem is None


def test_a_server_error_retries_the_task_later_with_backoff(db: Path) -> None:
    t = task("Plan a trip")
    clock = Clock()
    down = ProviderError("connect", "cannot reach http://127.0.0.1:9", retryable=True)
    provider = ScriptedProvider([down, down])
    run(Assistant(provider, clock=clock), until_idle=False)
    t = fresh(t)
    assert "model server failed" in t.problem and t.retry_count == 1
    assert t.next_check_at == NOW + timedelta(minutes=1)
    assert run(Assistant(provider, clock=clock)) == []  # not before the retry time
    clock.now = NOW + timedelta(minutes=1)
    run(Assistant(provider, clock=clock), until_idle=False)
    assert fresh(t).next_check_at == clock.now + timedelta(minutes=2)
    clock.now += timedelta(minutes=2)
    run(Assistant(provider, clock=clock), until_idle=False)  # the offline fallback answers
    t = fresh(t)
    assert t.problem is None and t.retry_count == 0 and t.status == "planned"
    assert ModelCall.select().where(ModelCall.outcome == "error: connect").count() == 2


def write_plan_then(review_steps: list[dict[str, Any]], *later: str) -> ScriptedProvider:
    plan = json.loads(plan_json(*review_steps))
    return ScriptedProvider([review({"name": "plan", "plan": plan}), *later])


def test_a_failing_step_is_retried_then_reviewed_and_handed_to_you(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    t = task("Save notes")
    past = {"at": "2026-11-01T00:00:00Z", "text": "too late"}  # fails when it runs
    provider = write_plan_then([{"id": "think", "title": "Think", "target": "user"},
                                {"id": "remind", "title": "Remind", "target": "reminder.set",
                                 "inputs": past}])
    run(Assistant(provider, clock=Clock()))
    steps = {s.id: s for s in spec(fresh(t)).steps}
    assert steps["remind"].target == "user" and steps["remind"].status == "pending"
    worklog = [w.message for w in WorkLog.select().where(WorkLog.kind == "retry")]
    assert len(worklog) == 2 and all("has passed" in m for m in worklog)
    assert provider.purposes()[-1] == "failure_review"
    assert plans.latest_plan(t.id).status == "in_progress"  # type: ignore[union-attr]


def test_a_failure_review_can_split_the_step(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    t = task("Save notes")
    split = json.dumps({"decision": "split", "steps": [
        {"id": "a", "title": "Write it", "target": "assistant.write",
         "inputs": {"instructions": "notes"}},
        {"id": "b", "title": "Save it", "target": "file.write", "depends_on": ["a"],
         "inputs": {"path": "notes.md", "from_step": "save.a"}}]})
    provider = write_plan_then([{"id": "save", "title": "Save", "target": "reminder.set",
                                 "inputs": {"at": "2026-11-01T00:00:00Z", "text": "x"}}],
                               split)
    run(Assistant(provider, clock=Clock()))
    result = {s.id: s for s in spec(fresh(t)).steps}
    assert result["save"].target is None and result["save.b"].parent == "save"
    assert result["save"].status == "completed" and fresh(t).status == "done"
    saved = (db.parent / "tasks" / str(t.id) / "notes.md").read_text(encoding="utf-8")
    assert saved == result["save.a"].result and "Save notes" in saved


def test_advice_goes_into_the_next_attempts_prompt(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    settings.put("assistant.review_budget", 1)
    t = task("Draft the letter")
    never: Callable[[Any], str] = lambda ctx: '{"passed": false, "reason": "too short"}'  # noqa
    draft: Callable[[Any], str] = lambda ctx: "Dear Ann"  # noqa: E731
    provider = write_plan_then(
        [{"id": "w", "title": "Write", "target": "assistant.write", "done_when": "a full page",
          "inputs": {"instructions": "the letter"}}],
        draft, never, draft, never, draft, never,
        '{"decision": "advice", "advice": "Write at least three paragraphs."}',
        draft, never)
    run(Assistant(provider, clock=Clock()))
    writes = [c for c in provider.calls if c.purpose == "write"]
    assert len(writes) == 4
    assert "three paragraphs" in writes[-1].messages[-1].content
    t = fresh(t)
    assert "failed for good" in t.problem and plans.latest_plan(t.id).status == "paused"


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


def test_the_daily_call_budget_is_a_guard(db: Path) -> None:
    settings.put("assistant.calls_per_task_day", 1)
    t = task("Plan a trip")
    run(Assistant(ScriptedProvider(["garbage", "garbage"]), clock=Clock()), until_idle=False)
    clock = Clock(NOW + timedelta(minutes=5))
    outcomes = run(Assistant(ScriptedProvider(), clock=clock), until_idle=False)
    assert outcomes[0].summary == "skipped" and "budget" in fresh(t).problem


def test_the_key_never_reaches_the_journal(db: Path) -> None:
    task("Ask about key sk-secret-123")
    provider = ScriptedProvider([lambda ctx: "echo sk-secret-123 " + review({"name": "plan"})])
    run(Assistant(provider, clock=Clock(), secret="sk-secret-123"), until_idle=False)
    for call in ModelCall.select():
        assert "sk-secret-123" not in call.prompt + call.reply
    assert "[redacted]" in ModelCall.select().first().prompt


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


def test_a_model_plan_in_busy_time_is_flagged(db: Path) -> None:
    due = NOW + timedelta(days=2)
    task("Call the bank", due_at=due)
    meeting = NOW + timedelta(days=1)
    busy_event(meeting, meeting + timedelta(hours=1))
    step = {"id": "call", "title": "Call", "due": "2026-12-01T02:30:00Z"}  # in the meeting
    outcomes = run(Assistant(ScriptedProvider([review({"name": "plan", "plan": json.loads(
        plan_json(step))})]), clock=Clock()), until_idle=False)
    assert "due in busy time: call" in outcomes[0].summary
    logged = WorkLog.select().where(WorkLog.kind == "calendar").get().message
    assert "call at 2026-12-01T02:30:00Z" in logged
