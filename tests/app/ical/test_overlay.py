"""``overlay.written_over`` and ``overlay.alarms_over``: a rewrite of another app's VTODO
keeps what Stepwise does not model, and alarms stay their author's."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from icalendar import Calendar, Todo

from app.ical.overlay import alarms_over, written_over
from app.ical.values import Reminder, alarms_of
from app.ical.vtodo import read_task, task_vtodo

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
DUE = datetime(2026, 12, 10, 17, 0, tzinfo=UTC)
PHONE = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//phone//EN
BEGIN:VTODO
UID:t-1
DTSTAMP:20261101T080000Z
SUMMARY:Dentist
DUE;VALUE=DATE:20261210
PRIORITY:0
CREATED:20261101T080000Z
X-APPLE-SORT-ORDER:7
RELATED-TO;RELTYPE=SIBLING:t-2
BEGIN:VALARM
UID:a-1
X-WR-ALARMUID:a-1
ACTION:DISPLAY
TRIGGER;RELATED=END:-PT15M
DESCRIPTION:Reminder
END:VALARM
BEGIN:VALARM
UID:a-old
ACTION:DISPLAY
TRIGGER;VALUE=DATE-TIME:20261120T080000Z
ACKNOWLEDGED:20261120T080100Z
DESCRIPTION:old
END:VALARM
END:VTODO
END:VCALENDAR
"""


def _base() -> Todo:
    todo: Todo = Calendar.from_ical(PHONE).walk("VTODO")[0]
    return todo


def test_a_rewrite_keeps_unmodelled_and_unchanged_lines() -> None:
    base = _base()
    item = replace(read_task(base), title="Dentist (Dr Lee)", modified=NOW)
    todo = written_over(base, task_vtodo(item, NOW), ["SUMMARY"], [])
    text = todo.to_ical().decode()
    assert "SUMMARY:Dentist (Dr Lee)" in text
    for line in ("DUE;VALUE=DATE:20261210", "PRIORITY:0", "CREATED:20261101T080000Z",
                 "X-APPLE-SORT-ORDER:7", "RELATED-TO;RELTYPE=SIBLING:t-2"):
        assert line in text
    assert "X-STEPWISE" not in text and "LAST-MODIFIED:20261201T080000Z" in text


def test_the_authors_alarms_stay_and_none_of_ours_is_added() -> None:
    base = _base()
    fire = alarms_of(base)[0].fire_at
    mine = [Reminder(fire, "Due soon", "ours-1", kind="due"),
            Reminder(DUE - timedelta(days=1), "Start: Dentist", "ours-2", kind="start")]
    alarms, same = alarms_over(base, mine, own=False, now=NOW)
    assert same and [str(a["UID"]) for a in alarms] == ["a-1", "a-old"]
    assert alarms[0]["TRIGGER"].to_ical() == b"-PT15M"


def test_on_an_item_made_here_ours_are_added_and_an_old_dismissed_one_goes() -> None:
    base = _base()
    fire = alarms_of(base)[0].fire_at
    mine = [Reminder(fire, "Due soon", "a-1", kind="due"),
            Reminder(DUE - timedelta(days=1), "Start: Dentist", "ours-2", kind="start")]
    alarms, same = alarms_over(base, mine, own=True, now=NOW)
    assert not same and [str(a["UID"]) for a in alarms] == ["a-1", "ours-2"]


def test_dismissed_here_marks_the_authors_alarm_acknowledged() -> None:
    base = _base()
    fire = alarms_of(base)[0].fire_at
    mine = [Reminder(fire, "Due soon", "x", NOW, kind="remote")]
    alarms, same = alarms_over(base, mine, own=False, now=NOW)
    assert not same and str(alarms[0]["UID"]) == "a-1"
    assert alarms[0]["X-WR-ALARMUID"] == "a-1" and alarms[0].decoded("acknowledged") == NOW


def test_an_alarm_removed_here_goes_and_a_dismissed_one_is_not_sent() -> None:
    base = _base()
    alarms, same = alarms_over(base, [], own=False, now=NOW)  # a-1 was still to fire
    assert not same and [str(a["UID"]) for a in alarms] == ["a-old"]
    gone = [Reminder(DUE - timedelta(days=2), "x", "ours-3", NOW, kind="due")]
    alarms, _ = alarms_over(base, gone, own=True, now=NOW)
    assert alarms == []


def test_our_alarm_on_our_item_follows_a_rename() -> None:
    base = _base()
    fire = alarms_of(base)[0].fire_at
    mine = [Reminder(fire, "Due: Dentist (Dr Lee)", "a-1", kind="due")]
    alarms, same = alarms_over(base, mine, own=True, now=NOW)
    assert not same and str(alarms[0]["DESCRIPTION"]) == "Due: Dentist (Dr Lee)"
    assert str(alarms[0]["UID"]) == "a-1"


def test_our_automatic_alarm_already_on_a_phone_item_goes() -> None:
    base = _base()
    fire = alarms_of(base)[0].fire_at
    mine = [Reminder(fire, "Due soon", "a-1", kind="due")]  # a-1: the UID we gave it
    alarms, same = alarms_over(base, mine, own=False, now=NOW)
    assert not same and [str(a["UID"]) for a in alarms] == ["a-old"]
