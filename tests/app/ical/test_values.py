"""app.ical.values: property values read out of VTODOs as other clients write them."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from icalendar import Alarm, Todo

from app.ical.values import alarms_of, as_list, categories_of, related, text_of, when_of


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
        (datetime(2026, 12, 1, 16, 45, tzinfo=UTC), "Remember"),  # before DUE
        (datetime(2026, 12, 1, 8, 55, tzinfo=UTC), "Remember"),  # before DTSTART
        (datetime(2026, 11, 30, 20, 0, tzinfo=UTC), "Remember"),  # absolute
    ]


def test_an_alarm_relative_to_a_time_the_todo_lacks_is_left_out() -> None:
    todo = Todo()
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", timedelta(minutes=-10))
    todo.add_component(alarm)
    assert alarms_of(todo) == []
