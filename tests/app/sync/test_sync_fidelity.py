"""The fidelity matrix: each property another app writes, in each direction (phone →
Stepwise, Stepwise → phone, and the round trip in which Stepwise rewrites the phone's
item), on Radicale and Xandikos (``task_list`` runs each test on both).

The phone items are shaped as real clients write them:

- Apple Reminders: tasks/tasks ``app/src/androidTest/assets/apple/basic_due_date.txt``
  (CREATED, DTSTART/DUE with TZID, a VALARM with ``X-WR-ALARMUID`` and ``UID``) and
  ``app/src/test/resources/apple/priority_high.txt`` (``X-APPLE-SORT-ORDER``, PRIORITY:1);
- Tasks.org (which writes through ical4android): a subtask with ``RELATED-TO``,
  ``PERCENT-COMPLETE`` and ``X-OC-HIDESUBTASKS`` as in tasks/tasks
  ``app/src/test/resources/nextcloud/priority_2_stars.txt``, and the relative
  ``TRIGGER;VALUE=DURATION;RELATED=END:-PT15M`` of
  ``app/src/test/resources/thunderbird/reminder_before_end.txt``;
- todoman: pimutils/todoman ``todoman/model.py`` (``VtodoWriter.FIELD_MAP``: LOCATION,
  PERCENT-COMPLETE, CREATED, CATEGORIES, PRIORITY).

Times are moved into the future so that alarms are still to fire.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.plan import store as plans
from app.tasks import store as tasks
from models import Reminder, Task
from models.tables import SyncItem
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import running_offsite, sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(180)

SOON = (datetime.now(UTC) + timedelta(days=20)).replace(hour=23, minute=0, second=0,
                                                        microsecond=0)
DAY = SOON.strftime("%Y%m%d")

# Apple Reminders (tasks/tasks apple/basic_due_date.txt and apple/priority_high.txt).
APPLE = f"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Apple Inc.//Mac OS X 10.13.4//EN
CALSCALE:GREGORIAN
BEGIN:VTODO
CREATED:20180416T222650Z
UID:CB8609CD-8345-46CF-8295-4FDA84050CDB
SUMMARY:Dentist
DTSTAMP:20180416T222656Z
SEQUENCE:0
PRIORITY:1
DUE:{DAY}T230000Z
LOCATION:Main St 4
URL:https://example.org/dentist
GEO:52.52;13.40
CLASS:PRIVATE
X-APPLE-SORT-ORDER:545672627
BEGIN:VALARM
X-WR-ALARMUID:31AC3FC5-D6D1-47D1-9B8D-597BD5D097A5
UID:31AC3FC5-D6D1-47D1-9B8D-597BD5D097A5
TRIGGER;VALUE=DURATION;RELATED=END:-PT15M
DESCRIPTION:Event reminder
ACTION:DISPLAY
END:VALARM
END:VTODO
END:VCALENDAR
"""

# todoman (pimutils/todoman todoman/model.py VtodoWriter.FIELD_MAP).
TODOMAN = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:io.barrera.todoman
BEGIN:VTODO
UID:b4a9f1d0c3a94d6f8f2a0e7c1d2b3a45@todoman
SUMMARY:Water the plants
DESCRIPTION:balcony first
LOCATION:home
PRIORITY:7
PERCENT-COMPLETE:30
STATUS:IN-PROCESS
CATEGORIES:home,garden
CREATED:20261101T080000Z
LAST-MODIFIED:20261101T080000Z
DTSTAMP:20261101T080000Z
SEQUENCE:1
END:VTODO
END:VCALENDAR
"""


def _tasks_org_subtask(parent: str) -> str:
    """A subtask as Tasks.org writes it (ical4android; nextcloud/priority_2_stars.txt)."""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:+//IDN tasks.org//android-130800//EN\r\n"
            "BEGIN:VTODO\r\nUID:3166913405283429000\r\nDTSTAMP:20261101T080000Z\r\n"
            "CREATED:20261101T080000Z\r\nLAST-MODIFIED:20261101T080000Z\r\n"
            "SUMMARY:Pack the van\r\nPERCENT-COMPLETE:40\r\nSTATUS:IN-PROCESS\r\nPRIORITY:1\r\n"
            "X-APPLE-SORT-ORDER:-2\r\nX-OC-HIDESUBTASKS:0\r\n"
            f"RELATED-TO;RELTYPE=PARENT:{parent}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def _todo(phone: Phone, title: str) -> Any:
    return phone.by_title(title).icalendar_component


def _lines(todo: Any, *names: str) -> dict[str, str]:
    def text(value: Any) -> str:
        raw = value.to_ical()
        return raw.decode() if isinstance(raw, bytes) else str(raw)

    return {name: text(todo[name]) for name in names if name in todo}


KEPT = ("CREATED", "LOCATION", "URL", "GEO", "CLASS", "X-APPLE-SORT-ORDER", "PRIORITY", "DUE")


def test_apple_item_keeps_what_apple_wrote(db: Path, task_list: str, phone: Phones) -> None:
    """phone → Stepwise: title, priority, due, the alarm; round trip after an edit here:
    every property Stepwise does not model, the alarm's UIDs and relative trigger."""
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(APPLE)
    sync_url(task_list)
    task = Task.get(Task.uid == "CB8609CD-8345-46CF-8295-4FDA84050CDB")
    assert (task.title, task.priority, task.due_at) == ("Dentist", 1, SOON)
    at = [r.fire_at for r in Reminder.select().where(Reminder.task == task.id)]
    assert SOON - timedelta(minutes=15) in at  # the alarm (or Stepwise's own at its time)
    before = _lines(_todo(phone, "Dentist"), *KEPT)
    tasks.update_task(task.id, title="Dentist (Dr Lee)")
    assert sync_url(task_list).pushed == 1
    after = _todo(phone, "Dentist (Dr Lee)")
    assert _lines(after, *KEPT) == before and len(before) == len(KEPT)
    alarms = after.walk("VALARM")
    assert len(alarms) == 1  # none of Stepwise's own ("Start:", "Due −15 min") added
    assert str(alarms[0]["UID"]) == str(alarms[0]["X-WR-ALARMUID"]) == \
        "31AC3FC5-D6D1-47D1-9B8D-597BD5D097A5"
    assert alarms[0]["TRIGGER"].to_ical().decode() == "-PT15M"  # still relative
    assert alarms[0]["TRIGGER"].params.get("RELATED") == "END"
    assert sync_url(task_list).pushed == 0  # nothing more to write


def test_todoman_item_keeps_priority_band_tags_percent(db: Path, task_list: str,
                                                       phone: Phones) -> None:
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(TODOMAN)
    sync_url(task_list)
    task = Task.get(Task.uid == "b4a9f1d0c3a94d6f8f2a0e7c1d2b3a45@todoman")
    assert (task.priority, sorted(task.tags)) == (4, ["garden", "home"])  # 7: low band
    tasks.update_task(task.id, detail="balcony first, then the kitchen")
    assert sync_url(task_list).pushed == 1
    after = _todo(phone, "Water the plants")
    assert str(after["DESCRIPTION"]) == "balcony first, then the kitchen"
    assert (int(after["PRIORITY"]), int(after["PERCENT-COMPLETE"])) == (7, 30)  # not 9, not 0
    assert str(after["LOCATION"]) == "home"
    assert _lines(after, "CREATED") == {"CREATED": "20261101T080000Z"}
    assert int(after["SEQUENCE"]) >= 2


def test_tasks_org_subtask_keeps_its_percent(db: Path, task_list: str, phone: Phones) -> None:
    task = running_offsite()
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(_tasks_org_subtask(task.uid))
    sync_url(task_list)
    plan = plans.latest_plan(task.id)
    assert plan is not None
    data = plans.spec_of(plan).to_json()
    added = [s for s in data["steps"] if s["title"] == "Pack the van"]
    assert len(added) == 1
    added[0]["title"] = "Pack the van (blue)"
    plans.save_plan(task.id, data)
    sync_url(task_list)
    after = _todo(phone, "Pack the van (blue)")
    assert int(after["PERCENT-COMPLETE"]) == 40  # 40 → 0 before
    assert int(after["PRIORITY"]) == 1  # a step has none here: the line is kept as written
    assert (str(after["X-APPLE-SORT-ORDER"]), str(after["X-OC-HIDESUBTASKS"])) == ("-2", "0")
    assert _lines(after, "CREATED") == {"CREATED": "20261101T080000Z"}


@pytest.mark.parametrize(("ours", "written"), [(1, 1), (2, 3), (3, 5), (4, 9)])
def test_priority_written_in_rfc_bands(db: Path, task_list: str, phone: Phones,
                                       ours: int, written: int) -> None:
    """Stepwise → phone: 3, the default, is medium (5), never "no priority" (0)."""
    tasks.add_task(tasks.NewTask(title="Call Bob", priority=ours))
    sync_url(task_list)
    assert int(_todo(phone(task_list), "Call Bob")["PRIORITY"]) == written


def test_an_alarm_deleted_on_the_phone_stays_deleted(db: Path, task_list: str,
                                                     phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="File taxes", due_at=SOON))
    sync_url(task_list)
    phone = phone(task_list)
    obj = phone.by_title("File taxes")
    todo = obj.icalendar_component
    alarms = todo.walk("VALARM")
    assert alarms  # Stepwise's own reminder for the due time
    todo.subcomponents = []
    obj.save()
    sync_url(task_list)
    tasks.update_task(task.id, title="File the taxes")
    sync_url(task_list)
    assert _todo(phone, "File the taxes").walk("VALARM") == []
    item = SyncItem.get(SyncItem.uid == task.uid)
    assert item.made_here


def test_tags_changed_on_both_sides_merge(db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Pack", tags=("trip",)))
    sync_url(task_list)
    phone = phone(task_list)
    obj = phone.by_title("Pack")
    obj.icalendar_component.pop("categories")
    obj.icalendar_component.add("categories", ["trip", "kids"])
    obj.save()
    tasks.update_task(task.id, tags=("trip", "car"))
    sync_url(task_list)
    assert sorted(tasks.get_task(task.id).tags) == ["car", "kids", "trip"]
    sync_url(task_list)
    cats = _todo(phone, "Pack")["CATEGORIES"]
    assert sorted(str(c) for c in cats.cats) == ["car", "kids", "trip"]


def test_our_item_keeps_what_the_phone_added(db: Path, task_list: str, phone: Phones) -> None:
    """Stepwise → phone → Stepwise: lines the phone added to an item made here stay, and
    Stepwise's own alarm is still there."""
    task = tasks.add_task(tasks.NewTask(title="Renew passport", due_at=SOON))
    sync_url(task_list)
    phone = phone(task_list)
    obj = phone.by_title("Renew passport")
    obj.icalendar_component.add("x-apple-sort-order", "12")
    obj.icalendar_component.add("location", "town hall")
    obj.save()
    sync_url(task_list)
    tasks.update_task(task.id, title="Renew the passport")
    sync_url(task_list)
    after = _todo(phone, "Renew the passport")
    assert (str(after["X-APPLE-SORT-ORDER"]), str(after["LOCATION"])) == ("12", "town hall")
    assert after.walk("VALARM")


def test_a_date_only_due_stays_a_date_when_untouched(db: Path, task_list: str,
                                                     phone: Phones) -> None:
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(TODOMAN.replace("SEQUENCE:1\n", f"SEQUENCE:1\nDUE;VALUE=DATE:{DAY}\n"))
    sync_url(task_list)
    task = Task.get(Task.uid == "b4a9f1d0c3a94d6f8f2a0e7c1d2b3a45@todoman")
    tasks.update_task(task.id, title="Water the plants (all)")
    sync_url(task_list)
    assert _lines(_todo(phone, "Water the plants (all)"), "DUE") == {"DUE": DAY}


# --- dates and zones (issue 22 item 1) ----------------------------------------------------

BERLIN_WEEKLY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Apple Inc.//iOS 17.0//EN
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
DTSTART:19810329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
TZNAME:CEST
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
DTSTART:19961027T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
TZNAME:CET
END:STANDARD
END:VTIMEZONE
BEGIN:VTODO
UID:5D2E0B9C-BERLIN-WEEKLY
DTSTAMP:20261101T080000Z
SUMMARY:Stand-up notes
DTSTART;TZID=Europe/Berlin:20270319T090000
DUE;TZID=Europe/Berlin:20270319T090000
RRULE:FREQ=WEEKLY
X-APPLE-SORT-ORDER:7
END:VTODO
END:VCALENDAR
"""


def test_a_phones_all_day_due_is_a_date_here_and_stays_one_when_moved(
        db: Path, task_list: str, phone: Phones, monkeypatch: pytest.MonkeyPatch) -> None:
    """Phone → Stepwise → phone: ``DUE;VALUE=DATE`` is a date here (not 18:00 local),
    and a due moved here to another day is written as a date, in any zone (the
    America/Los_Angeles stand-in is on the next day in UTC)."""
    import time as clock
    from datetime import date

    monkeypatch.setenv("TZ", "America/Los_Angeles")
    clock.tzset()
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(TODOMAN.replace("SEQUENCE:1\n", "SEQUENCE:1\nDUE;VALUE=DATE:20271215\n"))
    sync_url(task_list)
    task = Task.get(Task.uid == "b4a9f1d0c3a94d6f8f2a0e7c1d2b3a45@todoman")
    assert (task.all_day, tasks.when(task, "due")) == (["due"], date(2027, 12, 15))
    assert not task.named  # a date is no appointment
    tasks.update_task(task.id, due_at=date(2027, 12, 16))
    sync_url(task_list)
    todo = _todo(phone, "Water the plants")
    assert _lines(todo, "DUE") == {"DUE": "20271216"}
    assert todo["DUE"].params.get("VALUE") == "DATE"
    assert _lines(todo, "LOCATION", "CREATED") == {"LOCATION": "home",
                                                   "CREATED": "20261101T080000Z"}


def test_a_date_set_here_reaches_the_phone_as_a_date(db: Path, task_list: str,
                                                     phone: Phones) -> None:
    """Stepwise → phone: a task due "Friday" (no time) is ``DUE;VALUE=DATE``, a start
    date ``DTSTART;VALUE=DATE``."""
    from datetime import date

    tasks.add_task(tasks.NewTask(title="Pay rent", start_at=date(2027, 1, 4),
                                 due_at=date(2027, 1, 8)))
    sync_url(task_list)
    todo = _todo(phone(task_list), "Pay rent")
    assert _lines(todo, "DTSTART", "DUE") == {"DTSTART": "20270104", "DUE": "20270108"}
    assert todo["DUE"].params.get("VALUE") == "DATE"


def test_a_zoned_time_keeps_its_zone_and_its_local_time_across_dst(
        db: Path, task_list: str, phone: Phones) -> None:
    """Phone → Stepwise → phone: a weekly 09:00 Europe/Berlin task keeps its zone here;
    ticked off before the March change, its next occurrence is still 09:00 Berlin, and
    it goes back with ``TZID=Europe/Berlin`` and that zone's VTIMEZONE."""
    from zoneinfo import ZoneInfo

    from app.plan import ticks

    berlin = ZoneInfo("Europe/Berlin")
    sync_url(task_list)
    phone = phone(task_list)
    phone.add(BERLIN_WEEKLY)
    sync_url(task_list)
    task = Task.get(Task.uid == "5D2E0B9C-BERLIN-WEEKLY")
    assert task.timezone == "Europe/Berlin" and task.named == ["start", "due"]
    assert tasks.when(task, "due") == datetime(2027, 3, 19, 9, 0, tzinfo=berlin)
    ticks.finish_task(task.id)  # the 19 March one: the next is after the DST change
    rolled = tasks.get_task(task.id)
    assert rolled.due_at.astimezone(berlin) == datetime(2027, 3, 26, 9, 0, tzinfo=berlin)
    sync_url(task_list)
    item = phone.by_title("Stand-up notes")
    todo = item.icalendar_component
    assert todo["DUE"].params.get("TZID") == "Europe/Berlin"
    assert _lines(todo, "DUE", "X-APPLE-SORT-ORDER") == {"DUE": "20270326T090000",
                                                         "X-APPLE-SORT-ORDER": "7"}
    assert "TZID:Europe/Berlin" in item.data and "BEGIN:VTIMEZONE" in item.data


def test_a_time_set_here_goes_out_in_the_zone_it_was_set_in(db: Path, task_list: str,
                                                            phone: Phones) -> None:
    """Stepwise → phone: a due typed here at 07:00 is written ``TZID=<the local zone>``
    with that zone's VTIMEZONE (the tests' zone is Asia/Shanghai)."""
    from zoneinfo import ZoneInfo

    at_seven = datetime(2027, 1, 8, 7, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    tasks.add_task(tasks.NewTask(title="Gym", due_at=at_seven, timezone="Asia/Shanghai",
                                 named=("due",)))
    sync_url(task_list)
    item = phone(task_list).by_title("Gym")
    todo = item.icalendar_component
    assert todo["DUE"].params.get("TZID") == "Asia/Shanghai"
    assert _lines(todo, "DUE") == {"DUE": "20270108T070000"}
    assert "BEGIN:VTIMEZONE" in item.data and "TZID:Asia/Shanghai" in item.data


def test_a_step_cancelled_on_the_phone_is_skipped_and_the_task_goes_on(
        db: Path, task_list: str, phone: Phones) -> None:
    """Tasks.org's cancel of one subtask: that step is skipped, the task stays open with
    its other step to do, and the phone's CANCELLED stays as it wrote it."""
    task = running_offsite()
    sync_url(task_list)
    phone(task_list).edit("Book room", status="CANCELLED")
    sync_url(task_list)
    spec = plans.spec_of(plans.latest_plan(task.id))
    assert {s.id: s.status for s in spec.steps} == {"room": "skipped", "invite": "pending"}
    assert tasks.get_task(task.id).status == "in_progress"
    sync_url(task_list)
    statuses = {str(t.icalendar_component["summary"]): str(t.icalendar_component["status"])
                for t in phone(task_list).todos().values()}
    assert statuses == {"Team offsite": "IN-PROCESS", "Book room": "CANCELLED",
                        "Send invites": "NEEDS-ACTION"}
