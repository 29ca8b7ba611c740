"""Date phrases found anywhere in typed text, without dateparser (``app.dates.in_text``)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.dates.in_text import calendar_day, find_date, find_dates

SHANGHAI = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=SHANGHAI)  # a Monday


@pytest.mark.parametrize(("text", "due"), [
    ("Renew passport before Dec 20", "2026-12-20 18:00"),
    ("Prepare for the job interview at Acme on Thursday", "2026-12-03 18:00"),
    ("next Tuesday at 10am", "2026-12-01 10:00"), ("in March", "2027-03-31 18:00"),
    ("late December", "2026-12-31 18:00"), ("国庆节前", "2027-09-30 18:00"),
    ("晚上10点", "2026-11-30 22:00"), ("下个月初", "2026-12-05 18:00"),
    ("明年1月", "2027-01-31 18:00"), ("the 3rd of January", "2027-01-03 18:00"),
    ("in two weeks", "2026-12-14 18:00"), ("tomorrow morning", "2026-12-01 09:00"),
])
def test_dates_are_found_anywhere_without_dateparser(text: str, due: str) -> None:
    found = find_date(text, "due", NOW)
    assert found is not None and found.understood.when.strftime("%Y-%m-%d %H:%M") == due


@pytest.mark.parametrize("text", ["买一点水果", "Sun cream", "起草邀请，写明日期和地点",
                                  "I may march on", "3号楼"])
def test_words_that_are_not_dates_stay_words(text: str) -> None:
    assert find_date(text, "due", NOW) is None


def test_a_found_date_says_where_it_was_so_the_title_can_drop_it() -> None:
    text = "Renew passport Dec 20"
    found = find_date(text, "due", NOW)
    assert found is not None and text[found.start:found.end] == "Dec 20"
    assert found.understood.when == datetime(2026, 12, 20, 18, 0, tzinfo=SHANGHAI)
    assert not found.understood.had_time and not found.deadline and not found.attributive


@pytest.mark.parametrize(("text", "phrase"), [("Pay by Friday", "by Friday"),
                                              ("周五前交报告", "周五前")])
def test_a_deadline_word_marks_the_date_as_when_it_is_due(text: str, phrase: str) -> None:
    found = find_date(text, "due", NOW)
    assert found is not None and found.deadline and text[found.start:found.end] == phrase
    assert found.understood.when.astimezone(SHANGHAI).date().isoformat() == "2026-12-04"


@pytest.mark.parametrize(("text", "phrase", "deadline"), [
    ("这周把报告写完", "这周", False), ("finish the report this week", "this week", False),
    ("这个周末打扫车库", "这个周末", False), ("本周内交报告", "本周内", True),
    ("周五内部会议", "周五", False)])
def test_this_week_is_cut_whole(text: str, phrase: str, deadline: bool) -> None:
    found = find_date(text, "due", NOW)
    assert found is not None and text[found.start:found.end] == phrase
    assert found.deadline == deadline


def test_a_date_that_describes_a_thing_is_attributive() -> None:
    found = find_date("邀请张经理参加周五的聚餐", "due", NOW)
    assert found is not None and found.attributive and not found.deadline


@pytest.mark.parametrize(("phrase", "day"), [
    ("Dec 20", "2026-12-20"), ("the 3rd", "2026-12-03"), ("下个月", "2026-12-31"),
    ("国庆节", "2027-10-01"), (" Dec 20 ", "2026-12-20"),
])
def test_calendar_day_names_the_next_such_day(phrase: str, day: str) -> None:
    found = calendar_day(phrase, "due", NOW)
    assert found is not None and found.isoformat() == day


@pytest.mark.parametrize("phrase", ["bogus", "", "Dec 20 and more", "tomorrow at 9"])
def test_calendar_day_of_anything_but_one_calendar_phrase_is_none(phrase: str) -> None:
    assert calendar_day(phrase, "due", NOW) is None


def test_every_date_in_order() -> None:
    text = "Send the slides by Tuesday for the meeting on Thursday"
    found = find_dates(text, "due", NOW)
    assert [text[f.start:f.end] for f in found] == ["by Tuesday", "on Thursday"]
    assert find_dates("买一点水果", "due", NOW) == []
