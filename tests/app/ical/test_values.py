"""app.ical.values: property values read out of VTODOs as other clients write them."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from icalendar import Alarm, Todo

from app.ical.values import (
    Reminder,
    alarms_of,
    as_list,
    categories_of,
    related,
    text_of,
    when_of,
)


def test_text_and_lists_whether_a_property_appears_once_or_many_times() -> None:
    todo = Todo()
    todo.add("summary", "Buy milk")
    assert text_of(todo, "summary") == "Buy milk" and text_of(todo, "description") == ""
    assert as_list(None) == [] and as_list("a") == ["a"] and as_list(["a", "b"]) == ["a", "b"]


def test_categories_spread_over_lines_keep_their_order_without_repeats() -> None:
    todo = Todo()
    todo.add("categories", ["home", "errands"])
    todo.add("categories", ["errands", "shop"])
    assert categories_of(todo) == ["home", "errands", "shop"]


def test_related_to_is_a_parent_unless_its_reltype_says_otherwise() -> None:
    todo = Todo()
    todo.add("related-to", "task-1")  # RFC 5545: no RELTYPE means PARENT
    todo.add("related-to", "step-2", parameters={"RELTYPE": "DEPENDS-ON"})
    todo.add("related-to", " ", parameters={"RELTYPE": "DEPENDS-ON"})  # empty: ignored
    assert related(todo, "PARENT") == ["task-1"]
    assert related(todo, "DEPENDS-ON") == ["step-2"]


def test_times_come_back_in_utc_and_a_date_gets_the_role_s_time_of_day(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.ical import values

    monkeypatch.setattr(values, "local_zone", lambda: ZoneInfo("Asia/Shanghai"))
    todo = Todo()
    todo.add("dtstart", datetime(2026, 12, 1, 9, 30, 15, 999, tzinfo=UTC))
    todo.add("due", date(2026, 12, 3))
    start = when_of(todo, "dtstart", "start")
    due = when_of(todo, "due", "due")
    assert start == datetime(2026, 12, 1, 9, 30, 15, tzinfo=UTC)  # whole seconds
    local_due = datetime.combine(date(2026, 12, 3), values._DAY_TIME["due"],
                                 ZoneInfo("Asia/Shanghai"))
    assert due == local_due.astimezone(UTC)  # a floating DATE is the local day's due time
    assert when_of(todo, "completed", "done") is None


def test_alarms_absolute_and_relative_to_due_or_start() -> None:
    todo = Todo()
    todo.add("dtstart", datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
    todo.add("due", datetime(2026, 12, 1, 17, 0, tzinfo=UTC))
    for trigger, params in ((timedelta(minutes=-15), {"RELATED": "END"}),
                            (timedelta(minutes=-5), {}),
                            (datetime(2026, 11, 30, 20, 0, tzinfo=UTC), {})):
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", "Remember")
        alarm.add("trigger", trigger, parameters=params)
        todo.add_component(alarm)
    assert alarms_of(todo) == [
        Reminder(datetime(2026, 12, 1, 16, 45, tzinfo=UTC), "Remember"),  # before DUE
        Reminder(datetime(2026, 12, 1, 8, 55, tzinfo=UTC), "Remember"),  # before DTSTART
        Reminder(datetime(2026, 11, 30, 20, 0, tzinfo=UTC), "Remember"),  # absolute
    ]


def test_an_alarm_relative_to_a_time_the_todo_lacks_is_left_out() -> None:
    todo = Todo()
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", timedelta(minutes=-10))
    todo.add_component(alarm)
    assert alarms_of(todo) == []


def _valarm(uid: str, trigger: str, extra: str = "") -> str:
    return (f"BEGIN:VALARM\r\nUID:{uid}\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\r\n"
            f"TRIGGER;VALUE=DATE-TIME:{trigger}\r\n{extra}END:VALARM\r\n")


def _todo(alarms: str) -> Todo:
    text = ("BEGIN:VTODO\r\nUID:t\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Call\r\n"
            f"{alarms}END:VTODO\r\n")
    return Todo.from_ical(text)


AT = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)


def test_an_acknowledged_alarm_reads_as_dismissed() -> None:
    todo = _todo(_valarm("a1", "20261203T090000Z", "ACKNOWLEDGED:20261203T091500Z\r\n"))
    assert alarms_of(todo) == [Reminder(AT, "Call", "a1", AT + timedelta(minutes=15))]


def test_a_snooze_alarm_folds_into_the_alarm_it_snoozes() -> None:
    """RFC 9074 §6, as Apple writes it: the alarm acknowledged, a snooze alarm related."""
    todo = _todo(_valarm("a1", "20261203T090000Z", "ACKNOWLEDGED:20261203T090500Z\r\n")
                 + _valarm("s1", "20261203T100000Z", "RELATED-TO;RELTYPE=SNOOZE:a1\r\n"))
    snoozed = Reminder(AT, "Call", "a1", None, AT + timedelta(hours=1))
    assert alarms_of(todo) == [snoozed]  # snoozing is no dismissal
    todo = _todo(_valarm("a1", "20261203T090000Z", "ACKNOWLEDGED:20261203T090500Z\r\n")
                 + _valarm("s1", "20261203T100000Z", "RELATED-TO;RELTYPE=SNOOZE:a1\r\n"
                           "ACKNOWLEDGED:20261203T100100Z\r\n"))
    assert alarms_of(todo)[0].acknowledged_at == AT + timedelta(hours=1, minutes=1)


def test_a_snooze_alarm_without_its_alarm_is_an_alarm() -> None:
    todo = _todo(_valarm("s1", "20261203T100000Z", "RELATED-TO;RELTYPE=SNOOZE:gone\r\n"))
    assert alarms_of(todo) == [Reminder(AT + timedelta(hours=1), "Call", "s1")]
