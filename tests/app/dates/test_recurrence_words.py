"""Recurrence phrases in English and Chinese read as RRULEs (``app.dates.recurrence_words``)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.dates.recurrence_words import find_recurrence


@pytest.mark.parametrize(("text", "rule"), [
    ("every day", "FREQ=DAILY"), ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ("every Monday", "FREQ=WEEKLY;BYDAY=MO"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
    ("on the 5th of every month", "FREQ=MONTHLY;BYMONTHDAY=5"),
    ("every year on March 3", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3"),
    ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("每天", "FREQ=DAILY"),
    ("每个工作日", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("每周五", "FREQ=WEEKLY;BYDAY=FR"),
    ("每两周", "FREQ=WEEKLY;INTERVAL=2"), ("每月5号", "FREQ=MONTHLY;BYMONTHDAY=5"),
    ("每年3月8日", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8"),
    ("每个月最后一天", "FREQ=MONTHLY;BYMONTHDAY=-1"), ("每周一三五", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
])
def test_recurrence_words_become_rrules(text: str, rule: str) -> None:
    found = find_recurrence(f"x {text} y")
    assert found is not None and found.rule == rule


@pytest.mark.parametrize("text", ["every blue moon", "the 45th of every month", "每月45号",
                                  "everyday objects", "每人一份"])
def test_words_that_only_look_like_a_recurrence_are_not_one(text: str) -> None:
    assert find_recurrence(text) is None


def test_a_weekly_nine_oclock_stays_nine_oclock_across_daylight_saving() -> None:
    new_york = ZoneInfo("America/New_York")
    friday = datetime(2026, 10, 30, 12, 0, tzinfo=new_york)  # DST ends on Nov 1
    found = find_recurrence("every monday")
    assert found is not None
    first = found.first(friday, datetime(2026, 1, 1, 9, 0).time())
    assert first == datetime(2026, 11, 2, 9, 0, tzinfo=new_york) and first.utcoffset() is not None


def test_a_recurrence_says_where_it_was_in_the_text() -> None:
    text = "water plants every day"
    found = find_recurrence(text)
    assert found is not None and text[found.start:found.end] == "every day"
    assert find_recurrence("") is None


def test_the_first_occurrence_is_after_now_at_the_given_clock() -> None:
    zone = ZoneInfo("Asia/Shanghai")
    found = find_recurrence("every Friday")
    assert found is not None
    now = datetime(2026, 12, 4, 10, 0, tzinfo=zone)  # a Friday, after nine
    assert found.first(now, datetime(2026, 1, 1, 9, 0).time()) == \
        datetime(2026, 12, 11, 9, 0, tzinfo=zone)
    assert found.first(now, datetime(2026, 1, 1, 11, 0).time()) == \
        datetime(2026, 12, 4, 11, 0, tzinfo=zone)
