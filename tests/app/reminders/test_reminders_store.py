"""Reminders fire exactly once on a wall clock that jumps, across restarts, snoozes and
schedule changes; the reminder list keeps them until they are acknowledged."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.errors import NotFound, Refused
from app.plan import store as plans
from app.reminders import store as reminders
from app.tasks.store import NewTask, add_task
from models import Reminder, Step, Task, close_database, database, open_database
from tests.app.calendar.support import run_cli

T0 = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)  # 08:00 in Shanghai


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def task(title: str = "Report", **times: datetime) -> int:
    return add_task(NewTask(title=title, **times)).id


def plan_with_steps(task_id: int, dues: dict[str, datetime | None], approve: bool = True) -> None:
    steps = [{"id": sid, "title": f"Step {sid}", "due": None if due is None else
              due.strftime("%Y-%m-%dT%H:%M:%SZ")} for sid, due in dues.items()]
    if not approve:  # a step in which the assistant acts: the plan waits for approval
        steps.append({"id": "w", "title": "Draft", "target": "assistant.write", "due": None,
                      "inputs": {"instructions": "a draft"}})
    plans.save_plan(task_id, {"schema_version": 1, "revision": 1, "title": "p", "steps": steps})
    if approve:
        plans.approve_all()


def pending(task_id: int) -> list[tuple[str, datetime]]:
    return [(r.kind, r.fire_at) for r in reminders.schedule_for_task(task_id, now=T0)]


# --- scheduling ------------------------------------------------------------------------------

def test_a_task_gets_start_due_and_step_reminders(db: Path) -> None:
    t = task(start_at=at(60), due_at=at(600))
    plan_with_steps(t, {"a": at(300), "b": at(400), "c": None})
    assert pending(t) == [("start", at(60)), ("step_due", at(285)), ("step_due", at(385)),
                          ("due", at(585))]
    texts = [r.text for r in reminders.upcoming()]
    assert texts[0] == "Start: Report"
    assert texts[1] == "Step due Tue 12-01 13:00: Step a (Report)"  # local time
    assert texts[3] == "Due Tue 12-01 18:00: Report"


def test_an_all_day_due_reminds_at_the_settings_time_of_its_day(db: Path) -> None:
    from datetime import date

    from app.config import settings

    t = add_task(NewTask(title="Pay rent", due_at=date(2026, 12, 3))).id
    assert pending(t) == [("due", datetime(2026, 12, 3, 1, 0, tzinfo=UTC))]  # 09:00 there
    assert [r.text for r in reminders.upcoming()] == ["Due Thu 12-03: Pay rent"]
    settings.put("reminders.all_day_at", "07:30")
    assert pending(t) == [("due", datetime(2026, 12, 2, 23, 30, tzinfo=UTC))]


def test_a_start_and_due_on_the_same_day_remind_once(db: Path) -> None:
    from datetime import date

    t = add_task(NewTask(title="Move", start_at=date(2026, 12, 3), due_at=date(2026, 12, 3))).id
    assert pending(t) == [("due", datetime(2026, 12, 3, 1, 0, tzinfo=UTC))]
    t2 = add_task(NewTask(title="Trip", start_at=date(2026, 12, 2), due_at=date(2026, 12, 4))).id
    assert [k for k, _ in pending(t2)] == ["start", "due"]


def test_an_unapproved_plan_and_past_times_get_no_reminders(db: Path) -> None:
    t = task(start_at=at(-60), due_at=at(10))
    plan_with_steps(t, {"a": at(5)}, approve=False)
    assert pending(t) == [("due", at(-5))]  # due in 10 minutes: the lead time has passed
    assert [r.text for r in reminders.tick(at(0))] == ["Due Tue 12-01 08:10: Report"]


def test_rescheduling_replaces_only_pending_automatic_reminders(db: Path) -> None:
    t = task(start_at=at(60), due_at=at(600))
    plan_with_steps(t, {"a": at(300)})
    pending(t)
    step_pk = Step.get(Step.step_id == "a").id
    own = Reminder.create(task=t, step=step_pk, kind="step", text="from reminder.set",
                          fire_at=at(30))
    fired = reminders.tick(at(61))
    assert {r.kind for r in fired} == {"start", "step"}
    snoozed = next(r for r in reminders.upcoming() if r.kind == "due")
    reminders.snooze(snoozed.id, at(700), now=at(61))
    Task.update(due_at=at(600), title="Report v2").where(Task.id == t).execute()
    reminders.schedule_for_task(t, now=at(62))
    kept = {r.id: r for r in Reminder.select()}
    assert kept[snoozed.id].snoozed_until == at(700)  # same due time: the snooze survives
    assert kept[own.id].fired_at == at(61)  # reminder.set's own reminder is untouched
    Task.update(due_at=at(900)).where(Task.id == t).execute()
    after = reminders.schedule_for_task(t, now=at(62))
    assert [(r.kind, r.fire_at) for r in after] == [("step_due", at(285)), ("due", at(885))]
    assert snoozed.id not in {r.id for r in Reminder.select()}
    assert [r.kind for r in reminders.reminder_list()] == ["step", "start"]  # fired stay


def test_a_closed_task_keeps_no_pending_reminders(db: Path) -> None:
    t = task(due_at=at(600))
    assert pending(t) == [("due", at(585))]
    Task.update(status="cancelled").where(Task.id == t).execute()
    assert pending(t) == []
    with pytest.raises(NotFound):
        reminders.schedule_for_task(9999)


def test_a_recurring_task_rolls_its_reminders_forward(db: Path) -> None:
    t = task(due_at=at(600))
    pending(t)
    assert [r.fire_at for r in reminders.tick(at(590))] == [at(585)]
    week = timedelta(days=7)
    Task.update(due_at=at(600) + week).where(Task.id == t).execute()  # what recurrence does
    after = reminders.schedule_for_task(t, now=at(601))
    assert [(r.kind, r.fire_at) for r in after] == [("due", at(585) + week)]
    assert [r.fire_at for r in reminders.reminder_list()] == [at(585)]  # still to acknowledge
    assert reminders.tick(at(602)) == []


def test_edits_plans_and_recurrence_schedule_without_a_listener(db: Path) -> None:
    from app.events import Kind, events
    from app.tasks.store import update_task

    scheduled: list[int | None] = []
    unsubscribe = events.subscribe(
        lambda c: scheduled.extend(x.task_id for x in c.of(Kind.REMINDERS_SCHEDULED)))
    try:
        due = datetime.now(UTC).replace(microsecond=0) + timedelta(days=2)
        t = add_task(NewTask(title="Weekly report", due_at=due, timezone="Asia/Shanghai",
                             recurrence="FREQ=WEEKLY")).id
        assert scheduled == [t]
    finally:
        unsubscribe()
    assert [(r.kind, r.fire_at) for r in reminders.upcoming()] == [
        ("due", due - timedelta(minutes=15))]
    update_task(t, due_at=due + timedelta(hours=1))
    assert [r.fire_at for r in reminders.upcoming()] == [due + timedelta(minutes=45)]
    plan_with_steps(t, {"a": due - timedelta(hours=2)})
    assert [r.kind for r in reminders.upcoming()] == ["step_due", "due"]
    plans.step_action(t, "a", "done")  # the last step: the task rolls a week on
    week = timedelta(days=7)
    assert Task.get_by_id(t).due_at == due + timedelta(hours=1) + week
    assert [(r.kind, r.fire_at) for r in reminders.upcoming()] == [
        ("step_due", due - timedelta(hours=2, minutes=15) + week),
        ("due", due + timedelta(minutes=45) + week)]


# --- firing exactly once ---------------------------------------------------------------------

def three_reminders() -> list[int]:
    t = task(due_at=at(24 * 60))
    Reminder.delete().where(Reminder.task == t).execute()  # only the three made here
    return [Reminder.create(task=t, kind="due", text=f"r{i}", fire_at=at(60 * i)).id
            for i in (1, 2, 3)]


def test_a_jump_forward_returns_every_missed_reminder_once_together(db: Path) -> None:
    ids = three_reminders()
    assert reminders.tick(at(30)) == []
    resumed = reminders.tick(at(600))  # the laptop slept through all three
    assert [r.id for r in resumed] == ids and all(r.fired_at == at(600) for r in resumed)
    assert reminders.summary(resumed) == "3 reminders: r1; r2; r3"
    assert reminders.tick(at(601)) == []
    assert [r.id for r in reminders.reminder_list()] == ids


def test_a_jump_back_fires_nothing_twice(db: Path) -> None:
    ids = three_reminders()
    assert [r.id for r in reminders.tick(at(150))] == ids[:2]
    assert reminders.tick(at(-120)) == []  # the clock went back two and a half hours
    assert reminders.tick(at(170)) == []
    assert [r.id for r in reminders.tick(at(181))] == ids[2:]
    assert Reminder.select().where(Reminder.fired_at.is_null()).count() == 0


def test_a_restart_between_firing_and_acknowledging_keeps_it_listed_once(db: Path) -> None:
    ids = three_reminders()
    assert [r.id for r in reminders.tick(at(61))] == ids[:1]
    close_database()  # the window crashes before the user saw the notification
    open_database(db)
    assert [(r.id, r.state) for r in reminders.reminder_list()] == [(ids[0], "fired")]
    assert [r.id for r in reminders.tick(at(62))] == []
    reminders.acknowledge(ids[0], now=at(63))
    assert reminders.reminder_list() == []
    close_database()
    open_database(db)
    assert [r.id for r in reminders.tick(at(400))] == ids[1:]


def test_snooze_fires_again_once_and_done_takes_it_off_the_list(db: Path) -> None:
    first, second, _third = three_reminders()
    reminders.tick(at(61))
    snoozed = reminders.snooze(first, at(66), now=at(61))
    assert snoozed.state == "snoozed" and reminders.reminder_list() == []
    assert reminders.tick(at(65)) == []
    again = reminders.tick(at(66))
    assert [r.id for r in again] == [first] and reminders.tick(at(67)) == []
    assert reminders.done(first, now=at(68)).state == "done"
    assert reminders.reminder_list() == []
    with pytest.raises(Refused, match="already done"):
        reminders.snooze(first, at(200), now=at(69))
    with pytest.raises(Refused, match="a time in the future"):
        reminders.snooze(second, at(60), now=at(69))
    reminders.done(second, now=at(69))  # done before it fires: it never does
    assert [r.text for r in reminders.tick(at(999))] == ["r3"]


def test_snooze_choices(db: Path) -> None:
    assert reminders.snooze_until("5m", T0) == at(5)
    assert reminders.snooze_until("1h", T0) == at(60)
    late = datetime(2026, 12, 1, 17, 30, tzinfo=UTC)  # 01:30 on 2 December in Shanghai
    assert reminders.snooze_until("tomorrow", late) == datetime(2026, 12, 3, 1, 0, tzinfo=UTC)
    with pytest.raises(Refused, match="5m, 1h, tomorrow"):
        reminders.snooze_until("later", T0)


def test_done_on_a_step_reminder_does_not_complete_the_step(db: Path) -> None:
    t = task(due_at=at(600))
    plan_with_steps(t, {"a": at(300)})
    pending(t)
    fired = reminders.tick(at(290))
    assert [r.kind for r in fired] == ["step_due"]
    reminders.done(fired[0].id, now=at(291))
    assert Step.get(Step.step_id == "a").status == "pending"


def test_tick_reads_only_due_rows_through_the_fire_time_index(db: Path) -> None:
    plan = database.execute_sql(
        "EXPLAIN QUERY PLAN " + reminders._due("2026-12-01T00:00:00Z").sql()[0],
        reminders._due("2026-12-01T00:00:00Z").sql()[1]).fetchall()
    detail = " ".join(str(row[-1]) for row in plan)
    assert re.search(r"USING INDEX reminder_(fire_at|pending)", detail), detail
    assert "SCAN reminder" not in detail


# --- the command line ------------------------------------------------------------------------

def test_the_reminders_commands(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = task("Pay rent", due_at=datetime.now(UTC) + timedelta(minutes=5))
    reminders.schedule_for_task(t)
    close_database()
    ticked = run_cli(capsys, "reminders", "tick", "--json")
    assert ticked.code == 0 and '"state": "fired"' in ticked.out and "Pay rent" in ticked.out
    listed = run_cli(capsys, "reminders", "list")
    rid = int(listed.out.split()[0])
    assert "fired" in listed.out
    snoozed = run_cli(capsys, "reminders", "snooze", str(rid), "1h")
    assert snoozed.code == 0 and f"reminder {rid}: again at" in snoozed.out
    assert "snoozed" in run_cli(capsys, "reminders", "list").out
    assert run_cli(capsys, "reminders", "done", str(rid)).out == f"reminder {rid}: done\n"
    assert run_cli(capsys, "reminders", "list").out == "no reminders\n"
    missing = run_cli(capsys, "reminders", "done", "999")
    assert missing.code == 1 and "there is no reminder 999" in missing.err
    bad = run_cli(capsys, "reminders", "snooze", str(rid), "soon")
    assert bad.code == 2 and "invalid choice" in bad.err


def test_schedule_all_does_what_schedule_for_task_does_for_each(db: Path) -> None:
    from app.plan import store as plans
    from app.reminders import store as reminders
    from app.tasks.store import NewTask, add_task
    from models import Reminder

    now = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
    ids = []
    for i in range(6):
        task = add_task(NewTask(title=f"t{i}", start_at=now + timedelta(hours=i + 1),
                                due_at=now + timedelta(days=i + 1)))
        ids.append(task.id)
    plans.save_plan(ids[0], {"schema_version": 1, "steps": [
        {"id": "a", "title": "A", "due": "2026-12-01T01:00:00Z"},
        {"id": "b", "title": "B", "due": "2026-11-29T01:00:00Z"}]})
    plans.approve_all()

    def rows() -> list[tuple[object, ...]]:
        return sorted((r.task_id, r.step_id or 0, r.kind, r.text, r.fire_at)  # type: ignore[attr-defined]
                      for r in Reminder.select())

    for task_id in ids:
        reminders.schedule_for_task(task_id, now=now)
    one_by_one = rows()
    Reminder.delete().execute()
    assert reminders.schedule_all(now=now) == 6
    assert rows() == one_by_one and len(one_by_one) == 6 * 2 + 1
    assert reminders.schedule_all(now=now) == 6 and rows() == one_by_one  # idempotent


def test_new_task_same_reminders(db: Path) -> None:
    soon = datetime.now(UTC) + timedelta(days=2)
    rows = "SELECT kind, text, fire_at FROM reminder WHERE task_id = ? ORDER BY kind"
    for times in ({"start_at": soon, "due_at": soon + timedelta(hours=5)}, {"due_at": soon},
                  {"start_at": soon}):
        t = task(**times)
        made = database.execute_sql(rows, (t,)).fetchall()  # by schedule_new_task
        assert made
        reminders.schedule_for_task(t)
        assert database.execute_sql(rows, (t,)).fetchall() == made
