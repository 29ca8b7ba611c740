"""VALARMs from another client (the ``caldav`` library acting as a phone, against real
Radicale and Xandikos) read back into reminders: absolute and relative triggers, changed
and removed alarms, and Stepwise's own alarms coming back without a duplicate; reminders
dismissed or snoozed on either side reach the other (RFC 9074)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from icalendar import Alarm

from app.plan import store as plans
from app.reminders import store as reminders
from app.sync import alarms
from app.tasks import store as tasks
from models import Reminder, Task, WorkLog
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(120)
SOON = (datetime.now(UTC) + timedelta(days=3)).replace(microsecond=0, second=0)


def _stamp(at: datetime) -> str:
    return at.strftime("%Y%m%dT%H%M%SZ")


def _phone_task(uid: str, extra: str) -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Dentist\r\n{extra}"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def _alarm(trigger: str) -> str:
    return (f"BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call the dentist\r\n{trigger}\r\n"
            "END:VALARM\r\n")


def _remote(task_id: int) -> list[tuple[datetime, int | None]]:
    rows = Reminder.select().where(Reminder.task == task_id, Reminder.kind == alarms.KIND)
    return sorted((r.fire_at, r.step_id) for r in rows)  # type: ignore[attr-defined]


def _set_alarm(phone: Phone, title: str, at: datetime | None) -> None:
    """The phone replaces the VTODO's alarms by one at ``at`` (or none)."""
    obj = phone.by_title(title)
    todo = obj.icalendar_component
    todo.subcomponents = [c for c in todo.subcomponents if c.name != "VALARM"]
    if at is not None:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", "Phone alarm")
        alarm.add("trigger", at, parameters={"VALUE": "DATE-TIME"})
        todo.add_component(alarm)
    todo.pop("last-modified", None)
    todo.add("last-modified", datetime.now(UTC) + timedelta(seconds=5))
    obj.save()


def test_an_absolute_valarm_on_a_phone_task_becomes_one_reminder_once(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    phone(task_list).add(_phone_task("phone-a", _alarm(f"TRIGGER;VALUE=DATE-TIME:{_stamp(SOON)}")))
    sync_url(task_list)
    task = Task.get(Task.uid == "phone-a")
    assert _remote(task.id) == [(SOON, None)]
    assert Reminder.get(Reminder.task == task.id).text == "Call the dentist"
    sync_url(task_list), sync_url(task_list)
    assert _remote(task.id) == [(SOON, None)]  # its own VALARM came back: nothing new


def test_a_valarm_relative_to_due_on_a_phone_subtask_is_a_reminder_of_that_step(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Trip"))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "Trip", "objective": "",
                              "steps": [{"id": "pack", "title": "Pack", "target": "user"}]})
    plans.approve_all()
    sync_url(task_list)
    task = tasks.get_task(task.id)
    phone(task_list).add(_phone_task("phone-b", f"RELATED-TO;RELTYPE=PARENT:{task.uid}\r\n"
                                     f"DUE:{_stamp(SOON)}\r\n"
                                     + _alarm("TRIGGER;RELATED=END:-PT30M")))
    sync_url(task_list)
    [(at, step_pk)] = _remote(task.id)
    assert at == SOON - timedelta(minutes=30) and step_pk is not None
    plan = plans.latest_plan(task.id)
    assert plan is not None and plans.spec_of(plan).steps[-1].title == "Dentist"


def test_an_alarm_moved_on_the_phone_moves_the_reminder_and_a_removed_one_goes(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Dentist"))
    sync_url(task_list)
    one = phone(task_list)
    _set_alarm(one, "Dentist", SOON)
    sync_url(task_list)
    assert _remote(task.id) == [(SOON, None)]
    _set_alarm(one, "Dentist", SOON + timedelta(hours=2))
    sync_url(task_list)
    assert _remote(task.id) == [(SOON + timedelta(hours=2), None)]
    _set_alarm(one, "Dentist", None)
    sync_url(task_list)
    assert _remote(task.id) == []


def test_stepwise_own_valarms_coming_back_unchanged_add_no_reminder(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Report", due_at=SOON))
    reminders.schedule_for_task(task.id)
    mine = Reminder.select().where(Reminder.task == task.id).count()
    assert mine >= 1
    sync_url(task_list)
    todo = phone(task_list).by_title("Report").icalendar_component
    assert len(todo.walk("VALARM")) == mine  # the phone reminds too
    phone(task_list).edit("Report", summary="Weekly report")  # the alarm stays as it was
    sync_url(task_list)
    assert tasks.get_task(task.id).title == "Weekly report"
    assert Reminder.select().where(Reminder.task == task.id).count() == mine
    assert _remote(task.id) == []


def test_an_alarm_whose_time_has_passed_is_not_made_a_reminder(
        db: Path, task_list: str, phone: Phones) -> None:
    past = datetime.now(UTC) - timedelta(hours=1)
    sync_url(task_list)
    phone(task_list).add(_phone_task("phone-c", _alarm(f"TRIGGER;VALUE=DATE-TIME:{_stamp(past)}")))
    sync_url(task_list)
    assert _remote(Task.get(Task.uid == "phone-c").id) == []


def _due_reminder(title: str) -> tuple[Task, Reminder]:
    task = tasks.add_task(tasks.NewTask(title=title, due_at=SOON))
    return task, Reminder.get(Reminder.task == task.id)


def _phone_alarms(phone: Phone, title: str) -> list[Alarm]:
    return list(phone.by_title(title).icalendar_component.walk("VALARM"))


def _answer_on_phone(phone: Phone, title: str, acknowledged: datetime,
                     snooze_to: datetime | None = None) -> None:
    """The phone dismisses its alarm, or snoozes it (RFC 9074 §6: acknowledged, and a
    snooze alarm related to it)."""
    obj = phone.by_title(title)
    todo = obj.icalendar_component
    (alarm,) = todo.walk("VALARM")
    alarm.add("acknowledged", acknowledged)
    if snooze_to is not None:
        again = Alarm()
        again.add("uid", "phone-snooze-1")
        again.add("action", "DISPLAY")
        again.add("trigger", snooze_to, parameters={"VALUE": "DATE-TIME"})
        again.add("related-to", str(alarm["uid"]), parameters={"RELTYPE": "SNOOZE"})
        todo.add_component(again)
    todo.pop("last-modified", None)
    todo.add("last-modified", datetime.now(UTC) + timedelta(seconds=5))
    obj.save()


def test_a_reminder_dismissed_here_is_acknowledged_on_the_phone(
        db: Path, task_list: str, phone: Phones) -> None:
    task, row = _due_reminder("Dentist")
    sync_url(task_list)
    (alarm,) = _phone_alarms(phone(task_list), "Dentist")
    assert alarm.get("acknowledged") is None and str(alarm["uid"])
    reminders.done(row.id)
    sync_url(task_list)
    (alarm,) = _phone_alarms(phone(task_list), "Dentist")  # it stays, answered
    acknowledged = Reminder.get_by_id(row.id).acknowledged_at
    assert alarm.decoded("acknowledged") == acknowledged.replace(microsecond=0)
    report = sync_url(task_list)
    assert report.pushed == 0 and _remote(task.id) == []  # nothing comes back as new


def test_a_reminder_snoozed_here_has_a_snooze_alarm_on_the_phone(
        db: Path, task_list: str, phone: Phones) -> None:
    task, row = _due_reminder("Dentist")
    sync_url(task_list)
    later = SOON + timedelta(hours=2)
    reminders.snooze(row.id, later)
    sync_url(task_list)
    first, snooze = _phone_alarms(phone(task_list), "Dentist")
    assert first.decoded("acknowledged") == row.fire_at  # dealt with: not to fire again
    assert snooze.decoded("trigger") == later and snooze.get("acknowledged") is None
    assert snooze["related-to"].params["RELTYPE"] == "SNOOZE"
    assert str(snooze["related-to"]) == str(first["uid"])
    assert sync_url(task_list).pushed == 0
    assert _remote(task.id) == [] and Reminder.get_by_id(row.id).acknowledged_at is None


def test_a_reminder_dismissed_on_the_phone_is_dismissed_here(
        db: Path, task_list: str, phone: Phones) -> None:
    task, row = _due_reminder("Dentist")
    sync_url(task_list)
    when = (datetime.now(UTC) - timedelta(minutes=1)).replace(microsecond=0)
    _answer_on_phone(phone(task_list), "Dentist", when)
    sync_url(task_list)
    assert Reminder.get_by_id(row.id).acknowledged_at == when
    assert _remote(task.id) == [] and reminders.upcoming() == []


def test_a_reminder_snoozed_on_the_phone_is_snoozed_here(
        db: Path, task_list: str, phone: Phones) -> None:
    task, row = _due_reminder("Dentist")
    sync_url(task_list)
    later = SOON + timedelta(hours=1)
    _answer_on_phone(phone(task_list), "Dentist", datetime.now(UTC), snooze_to=later)
    sync_url(task_list)
    back = Reminder.get_by_id(row.id)
    assert (back.snoozed_until, back.acknowledged_at) == (later, None)
    assert _remote(task.id) == []


def test_many_alarms_capped(db: Path, task_list: str, phone: Phones) -> None:
    count = 1_000
    many = "".join(_alarm(f"TRIGGER;VALUE=DATE-TIME:{_stamp(SOON + timedelta(minutes=n))}")
                   for n in range(count))
    sync_url(task_list)
    phone(task_list).add(_phone_task("phone-many", many))
    sync_url(task_list)
    task = Task.get(Task.uid == "phone-many")
    kept = [SOON + timedelta(minutes=n) for n in range(alarms.MAX_REMOTE_ALARMS)]
    assert _remote(task.id) == [(at, None) for at in kept]  # the soonest ones
    notes = [row.message for row in WorkLog.select().where(WorkLog.task == task.id)]
    assert f"kept 10 of {count:,} alarms from another device" in " ".join(notes)
    sync_url(task_list)
    assert len(_remote(task.id)) == alarms.MAX_REMOTE_ALARMS
