"""``app.sync.recurring``: a repeating task's occurrence ticked off on another device
(real Radicale and Xandikos, a phone-style client), Tasks.org's way: the due moved on
to the next occurrence and the subtasks ticked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.plan import store as plans
from app.tasks import store as tasks
from models import Task, WorkLog
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import step_statuses, sync_url

Phones = Callable[[str], Phone]
DUE = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)

pytestmark = pytest.mark.timeout(120)


def _weekly(title: str = "Water plants") -> Task:
    return tasks.add_task(tasks.NewTask(title=title, due_at=DUE, recurrence="FREQ=WEEKLY",
                                        timezone="Europe/Berlin"))


def _occurrences_logged(task_id: int) -> int:
    return WorkLog.select().where(WorkLog.task == task_id,
                                  WorkLog.kind == "occurrence").count()


def test_a_due_moved_to_the_next_occurrence_with_its_step_ticked_rolls_once(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly()
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "W", "objective": "", "steps": [
                                  {"id": "fill", "title": "Fill the can", "target": "user"}]})
    plans.approve_all()
    sync_url(task_list)
    other = phone(task_list)
    other.complete("Fill the can")
    other.edit("Water plants", due=DUE + timedelta(days=7))
    report = sync_url(task_list)
    assert any("1 occurrence(s) ticked off" in note for note in report.notes)
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=7)  # not a week further
    assert _occurrences_logged(task.id) == 1
    assert step_statuses(task.id) == {"fill": "pending"}  # the next occurrence's step
    sync_url(task_list)
    due = other.by_title("Water plants").icalendar_component.decoded("due")
    assert due == DUE + timedelta(days=7)


def test_a_task_without_steps_ticked_off_that_way_logs_its_occurrence(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly("Take out the bins")
    sync_url(task_list)
    phone(task_list).edit("Take out the bins", due=DUE + timedelta(days=14))
    sync_url(task_list)
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=14)
    assert _occurrences_logged(task.id) == 2


def test_an_all_day_series_ticked_off_that_way_rolls_on_as_a_date(
        db: Path, task_list: str, phone: Phones) -> None:
    from datetime import date

    task = tasks.add_task(tasks.NewTask(title="Bins out", due_at=date(2026, 12, 7),
                                        recurrence="FREQ=WEEKLY"))
    sync_url(task_list)
    phone(task_list).edit("Bins out", due=date(2026, 12, 14))  # DUE;VALUE=DATE moved on
    report = sync_url(task_list)
    assert any("1 occurrence(s) ticked off" in note for note in report.notes)
    rolled = tasks.get_task(task.id)
    assert (tasks.when(rolled, "due"), rolled.all_day) == (date(2026, 12, 14), ["due"])
    assert _occurrences_logged(task.id) == 1


def test_a_due_moved_off_the_rule_is_an_edit(db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly("Call Mum")
    sync_url(task_list)
    phone(task_list).edit("Call Mum", due=DUE + timedelta(days=3))
    report = sync_url(task_list)
    assert report.notes == [] and _occurrences_logged(task.id) == 0
    assert tasks.get_task(task.id).due_at == DUE + timedelta(days=3)


def test_a_finished_copy_and_a_new_series_todomans_way_roll_the_task_on(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _weekly("Water plants")
    sync_url(task_list)
    other = phone(task_list)
    old = other.by_title("Water plants")
    todo = old.icalendar_component
    todo.pop("rrule")
    todo.pop("status", None)
    todo.add("status", "COMPLETED")
    todo.add("completed", DUE)
    old.save()
    other.add("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todoman//EN\r\nBEGIN:VTODO\r\n"
              "UID:series-2\r\nDTSTAMP:20261207T100000Z\r\nSUMMARY:Water plants\r\n"
              "DUE:20261214T090000Z\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    report = sync_url(task_list)
    assert any("1 occurrence(s) ticked off" in note for note in report.notes)
    assert [t.title for t in Task.select()] == ["Water plants"]  # no second series
    rolled = tasks.get_task(task.id)
    assert (rolled.due_at, rolled.recurrence, rolled.uid) == (
        DUE + timedelta(days=7), "FREQ=WEEKLY", "series-2")
    assert _occurrences_logged(task.id) == 1
    sync_url(task_list)
    found = other.todos()
    assert str(found[str(task.uid)].icalendar_component["status"]) == "COMPLETED"
    assert found[str(task.uid)].icalendar_component.get("rrule") is None  # kept as written
    assert found["series-2"].icalendar_component.get("rrule") is not None
    assert sync_url(task_list).deleted == 0
    assert report.unreadable == []  # the finished copy is kept, not a failure
    finished = other.todos()[str(task.uid)]
    finished.icalendar_component.add("description", "a note on the finished week")
    finished.save()
    assert sync_url(task_list).as_json()["unreadable"] == []
    assert Task.select().count() == 1


THUNDERBIRD_SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
BEGIN:VTODO
UID:7c1d2e3f-series-with-exdate
DTSTAMP:20261201T080000Z
SUMMARY:Piano practice
DUE;TZID=Europe/Berlin:20261207T170000
RRULE:FREQ=WEEKLY
EXDATE;TZID=Europe/Berlin:20261214T170000
X-MOZ-GENERATION:3
END:VTODO
END:VCALENDAR
"""


def test_a_phones_left_out_occurrence_is_passed_over_and_kept_on_the_server(
        db: Path, task_list: str, phone: Phones) -> None:
    """Thunderbird's "delete this occurrence" (EXDATE): the task here skips that week
    when rolled on, and a rewrite keeps the EXDATE; one added here reaches the phone."""
    from zoneinfo import ZoneInfo

    from app.plan import ticks

    berlin = ZoneInfo("Europe/Berlin")
    sync_url(task_list)
    other = phone(task_list)
    other.add(THUNDERBIRD_SERIES)
    sync_url(task_list)
    task = Task.get(Task.uid == "7c1d2e3f-series-with-exdate")
    assert tasks.occurrences_as_set(task, "exdates") == [datetime(2026, 12, 14, 17,
                                                                   tzinfo=berlin)]
    ticks.finish_task(task.id)
    assert tasks.when(tasks.get_task(task.id), "due") == datetime(2026, 12, 21, 17,
                                                                   tzinfo=berlin)
    tasks.update_task(task.id, exdates=[datetime(2026, 12, 14, 17, tzinfo=berlin),
                                        datetime(2026, 12, 28, 17, tzinfo=berlin)])
    sync_url(task_list)
    todo = other.by_title("Piano practice").icalendar_component
    left_out = {v.dt for prop in (todo["exdate"] if isinstance(todo["exdate"], list)
                                  else [todo["exdate"]]) for v in prop.dts}
    assert left_out == {datetime(2026, 12, 14, 17, tzinfo=berlin),
                        datetime(2026, 12, 28, 17, tzinfo=berlin)}
    assert str(todo["X-MOZ-GENERATION"]) == "3"


def _series_with_done_occurrence(uid: str, first: str, done: str) -> str:
    """A weekly series and one occurrence marked done on its own, as Thunderbird writes
    it (RFC 5545 §3.8.4.4: the override has the series' UID and a RECURRENCE-ID)."""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n"
            f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Swim\r\n"
            f"DTSTART:{first}\r\nDUE:{first}\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\n"
            f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20261201T090000Z\r\nSUMMARY:Swim\r\n"
            f"RECURRENCE-ID:{done}\r\nDTSTART:{done}\r\nDUE:{done}\r\nSTATUS:COMPLETED\r\n"
            "COMPLETED:20261201T090000Z\r\nPERCENT-COMPLETE:100\r\nEND:VTODO\r\n"
            "END:VCALENDAR\r\n")


def test_an_occurrence_done_on_its_own_rolls_the_series_on_once(
        db: Path, task_list: str, phone: Phones) -> None:
    """Thunderbird / eM Client: the current occurrence done as a RECURRENCE-ID override
    is that occurrence done here (not the whole series, not left open); the series'
    other fields are taken as they are, and a rewrite keeps the override."""
    sync_url(task_list)
    other = phone(task_list)
    other.add(_series_with_done_occurrence("tb-swim", "20261207T070000Z", "20261207T070000Z"))
    report = sync_url(task_list)
    task = Task.get(Task.uid == "tb-swim")
    assert any("1 occurrence(s) ticked off" in note for note in report.notes), report
    assert task.title == "Swim" and task.status != "done"
    assert task.due_at == DUE.replace(hour=7) + timedelta(days=7)
    assert _occurrences_logged(task.id) == 1
    sync_url(task_list)  # writes the rolled-on series back
    item = other.by_title("Swim")
    assert item.data.count("BEGIN:VTODO") == 2 and "RECURRENCE-ID" in item.data
    assert sync_url(task_list).notes == []  # the override is not counted again
    assert _occurrences_logged(task.id) == 1


def test_an_old_occurrence_done_on_its_own_changes_nothing(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    phone(task_list).add(_series_with_done_occurrence("tb-swim-old", "20261214T070000Z",
                                                      "20261207T070000Z"))
    sync_url(task_list)
    task = Task.get(Task.uid == "tb-swim-old")
    assert task.due_at == DUE.replace(hour=7) + timedelta(days=7)
    assert _occurrences_logged(task.id) == 0
