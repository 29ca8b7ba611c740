"""app.agent.doers: each capability's step done for real behind its guard, once per attempt."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.agent import doers
from app.agent.outbox import add_contact
from app.plan import store as plans
from app.plan.spec import PlanSpec, PlanStep, parse
from app.tasks.store import NewTask, add_task
from models import OutboxMessage, Reminder, Task

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def planned(*steps: dict[str, Any], **task: Any) -> tuple[Task, PlanSpec, int]:
    """A task with a saved plan of ``steps``; returns it, its spec and the plan id."""
    t = add_task(NewTask(title="Renew passport", **task))
    full = [{"depends_on": [], "title": s["id"].upper(), **s} for s in steps]
    plan = plans.save_plan(t.id, {"schema_version": 2, "title": "p", "steps": full})
    return t, plans.spec_of(plan), plan.id


def with_inputs(step: PlanStep, inputs: dict[str, Any]) -> PlanStep:
    """A copy of ``step`` with inputs its plan's validation would have refused."""
    changed = copy.copy(step)
    changed.inputs = inputs
    return changed


def test_file_write_writes_its_content_and_refuses_a_path_outside(db: Path) -> None:
    t, spec, _ = planned({"id": "s1", "target": "file.write",
                          "inputs": {"path": "notes.md", "content": "hello"}})
    assert doers.do_file_write(t, spec.step("s1"), spec).result == "wrote notes.md (5 characters)"
    bad = with_inputs(spec.step("s1"), {"path": "../x", "content": "x"})
    assert doers.do_file_write(t, bad, spec).status == "failed"


def test_file_write_from_a_step_without_a_result_fails_saying_so(db: Path) -> None:
    t, spec, _ = planned({"id": "s1", "target": "user"},
                         {"id": "s2", "target": "file.write", "depends_on": ["s1"],
                          "inputs": {"path": "a.md", "from_step": "s1"}})
    done = doers.do_file_write(t, spec.step("s2"), spec)
    assert done.status == "failed" and "has no result" in (done.error or "")


def test_a_message_to_a_stranger_fails_and_to_a_contact_waits_once(db: Path) -> None:
    t, spec, plan_id = planned({"id": "s1", "target": "message.post",
                                "inputs": {"to": "Alice", "text": "Hi"}})
    pk = doers.step_pk(plan_id, "s1")
    assert "not in your contacts" in (doers.do_message(t, spec.step("s1"), pk).error or "")
    add_contact("Alice", "alice@example.com")
    assert doers.do_message(t, spec.step("s1"), pk).status == "waiting"
    assert doers.do_message(t, spec.step("s1"), pk).status == "waiting"
    assert OutboxMessage.select().count() == 1


def test_a_reminder_is_set_once_and_moved_to_the_task_start(db: Path) -> None:
    start = NOW + timedelta(days=2)
    at = (NOW + timedelta(days=1)).isoformat()
    t, spec, plan_id = planned({"id": "s1", "target": "reminder.set",
                                "inputs": {"at": at, "text": "go"}}, start_at=start)
    pk = doers.step_pk(plan_id, "s1")
    assert doers.do_reminder(t, spec.step("s1"), pk, NOW).status == "completed"
    assert doers.do_reminder(t, spec.step("s1"), pk, NOW).status == "completed"
    assert [r.fire_at for r in Reminder.select().where(Reminder.kind == "step")] == [start]


@pytest.mark.parametrize("at, said", [("tomorrow", "not an ISO 8601"),
                                      ("2027-06-01T00:00:00+00:00", "window closes")])
def test_a_reminder_time_that_cannot_be_kept_fails(db: Path, at: str, said: str) -> None:
    t, spec, plan_id = planned({"id": "s1", "target": "reminder.set",
                                "inputs": {"at": "2026-12-01T00:00:00+00:00", "text": "go"}},
                               due_at=NOW + timedelta(days=10))
    step = with_inputs(spec.step("s1"), {"at": at, "text": "go"})
    done = doers.do_reminder(t, step, doers.step_pk(plan_id, "s1"), NOW)
    assert done.status == "failed" and said in (done.error or "")


def test_past_reminder_moves_on(db: Path) -> None:
    t, spec, plan_id = planned({"id": "s1", "target": "reminder.set",
                                "inputs": {"at": "2026-11-29T00:00:00+00:00", "text": "go"}},
                               due_at=NOW + timedelta(days=10))
    done = doers.do_reminder(t, spec.step("s1"), doers.step_pk(plan_id, "s1"), NOW)
    assert done.status == "completed"  # never a failure handed to the person
    [fired] = [r.fire_at for r in Reminder.select().where(Reminder.kind == "step")]
    assert NOW < fired <= NOW + timedelta(days=1)  # the next working morning


def test_past_reminder_near_due(db: Path) -> None:
    t, spec, plan_id = planned({"id": "s1", "target": "reminder.set",
                                "inputs": {"at": "2026-11-29T00:00:00+00:00", "text": "go"}},
                               due_at=NOW + timedelta(minutes=30))
    doers.do_reminder(t, spec.step("s1"), doers.step_pk(plan_id, "s1"), NOW)
    [fired] = [r.fire_at for r in Reminder.select().where(Reminder.kind == "step")]
    assert fired == NOW  # too close to its due for a later moment: shown at once


def _calendar_plan(**task: Any) -> tuple[Task, PlanSpec]:
    t, spec, _ = planned({"id": "s1", "target": "calendar.read",
                          "inputs": {"from": "2026-12-01T01:00:00+00:00",  # 09:00 Shanghai
                                     "to": "2026-12-01T10:00:00+00:00"}},
                         {"id": "s2", "target": "assistant.write", "depends_on": ["s1"],
                          "inputs": {"instructions": "A message to Bob (availability): x"}},
                         {"id": "s3", "target": "message.post", "depends_on": ["s2"],
                          "inputs": {"to": "Bob", "from_step": "s2"}}, **task)
    return t, spec


def test_calendar_none_connected(db: Path) -> None:
    t, spec = _calendar_plan()
    done = doers.do_calendar(t, spec.step("s1"), spec)
    assert done.status == "completed" and "no calendar is connected" in (done.result or "")
    bad = with_inputs(spec.step("s1"), {"from": "x", "to": "y"})
    assert doers.do_calendar(t, bad, spec).status == "failed"


def test_calendar_free_not_titles(db: Path) -> None:
    from app.calendar.cache import add_source
    from models import CalendarEvent

    source = add_source("Home", "ics_file", "/nowhere.ics")
    CalendarEvent.create(source=source, uid="e1", summary="Dentist",
                         start="2026-12-01T02:00:00Z", end="2026-12-01T03:00:00Z")
    t, spec = _calendar_plan()
    shared = doers.do_calendar(t, spec.step("s1"), spec).result or ""
    assert shared.startswith("Free times (") and "- Tue 1 Dec 09:00–10:00" in shared
    assert "- Tue 1 Dec 11:00–18:00" in shared  # local times, the dentist's hour left out
    assert "Dentist" not in shared and "Z" not in shared.partition("\n")[2]
    alone = parse({"schema_version": 2, "title": "p", "steps": [spec.steps[0].to_json()]})
    own = doers.do_calendar(t, alone.steps[0], alone)
    assert "Dentist" in (own.result or "")  # the person's own look at their calendar


def test_calendar_in_chinese(db: Path) -> None:
    t, spec = _calendar_plan(detail="")
    t.title = "约王总下周见面"
    assert "没有连接日历" in (doers.do_calendar(t, spec.step("s1"), spec).result or "")


@pytest.mark.parametrize("text, subject, body", [
    ("Subject: Thank you\n\nHi Ann,\n\nThanks.", "Thank you", "Hi Ann,\n\nThanks."),
    ("主题：感谢\n\n李老师您好：", "感谢", "李老师您好："),
    ("Hi Ann,\n\nno subject here", "", "Hi Ann,\n\nno subject here")])
def test_split_subject(text: str, subject: str, body: str) -> None:
    assert doers.split_subject(text) == (subject, body)


def test_message_keeps_subject(db: Path) -> None:
    add_contact("Bob", "bob@example.com")
    t, spec, plan_id = planned({"id": "s1", "target": "message.post",
                                "inputs": {"to": "Bob", "text": "Subject: Lunch\n\nHi Bob"}})
    doers.do_message(t, spec.step("s1"), doers.step_pk(plan_id, "s1"), spec)
    message = OutboxMessage.get()
    assert (message.subject, message.text) == ("Lunch", "Hi Bob")


def test_clip_keeps_a_result_to_its_limit() -> None:
    assert doers.clip("abc") == "abc"
    assert doers.clip("x" * 30_000) == "x" * doers.MAX_RESULT_CHARS + " …"


def test_offered_weekdays(db: Path) -> None:
    from app.calendar.cache import add_source

    add_source("Home", "ics_file", "/nowhere.ics")
    t, spec, _ = planned({"id": "s1", "target": "calendar.read",  # Sat 5 Dec to Sun 13 Dec
                          "inputs": {"from": "2026-12-04T16:00:00Z", "to": "2026-12-13T16:00:00Z"}},
                         {"id": "s2", "target": "message.post", "depends_on": ["s1"],
                          "inputs": {"to": "Bob", "text": "x"}})
    offered = (doers.do_calendar(t, spec.step("s1"), spec).result or "").splitlines()[1:]
    assert [line.split()[1] for line in offered] == ["Mon", "Tue", "Wed", "Thu", "Fri"]


def test_all_day_reminder(db: Path) -> None:
    """A reminder set for an all-day due (the day's stand-in moment) comes at
    reminders.all_day_at on that day, as the due's own reminder would, not at its end."""
    from datetime import date

    from app.config import settings
    from app.dates import days

    settings.put("reminders.all_day_at", "07:30")
    t, spec, plan_id = planned({"id": "s1", "target": "reminder.set",
                                "inputs": {"at": "2026-12-10T00:00:00+00:00", "text": "go"}},
                               due_at=date(2026, 12, 11))
    assert t.all_day == ["due"] and t.due_at is not None
    at_due = with_inputs(spec.step("s1"), {"at": t.due_at.isoformat(), "text": "go"})
    done = doers.do_reminder(t, at_due, doers.step_pk(plan_id, "s1"), NOW)
    assert done.status == "completed"
    [fired] = [r.fire_at for r in Reminder.select().where(Reminder.kind == "step")]
    local = fired.astimezone(days.zone(t.timezone))
    assert (local.date(), local.hour, local.minute) == (date(2026, 12, 11), 7, 30)


def test_every_capability_has_a_doer() -> None:
    """Each capability but the person's own is done, by its doer or by the model's writer."""
    from app.agent.doers import DOERS, MODEL_DOES
    from app.plan.capabilities import CAPABILITIES

    assert sorted({*DOERS, MODEL_DOES, "user"}) == sorted(CAPABILITIES)
    assert MODEL_DOES not in DOERS and "user" not in DOERS
