"""Date phrases in English and Chinese, against a fixed 'now' (Monday 2026-11-30 10:00)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.dates import DateError, parse_when, zh_number

ZONE = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZONE)  # a Monday
FRIDAY = datetime(2026, 12, 4, 10, 0, tzinfo=ZONE)


def at(text: str, role: str = "due", now: datetime = NOW) -> str:
    return parse_when(text, role, now).when.strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize(("phrase", "expected"), [
    ("tomorrow 3pm", "2026-12-01 15:00"),
    ("3pm tomorrow", "2026-12-01 15:00"),
    ("next friday", "2026-12-04 18:00"),
    ("friday 10:30", "2026-12-04 10:30"),
    ("in 2 hours", "2026-11-30 12:00"),
    ("in 90 minutes", "2026-11-30 11:30"),
    ("in 2 days", "2026-12-02 18:00"),
    ("next week", "2026-12-07 18:00"),
    ("tonight", "2026-11-30 20:00"),
    ("noon", "2026-11-30 12:00"),
    ("明天下午三点", "2026-12-01 15:00"),
    ("后天", "2026-12-02 18:00"),
    ("大后天上午十点", "2026-12-03 10:00"),
    ("下周五", "2026-12-11 18:00"),
    ("周五", "2026-12-04 18:00"),
    ("3天后", "2026-12-03 18:00"),
    ("两小时后", "2026-11-30 12:00"),
    ("半小时后", "2026-11-30 10:30"),
    ("下午3点半", "2026-11-30 15:30"),
    ("明晚8点", "2026-12-01 20:00"),
    ("2026-12-03", "2026-12-03 18:00"),
    ("2026-12-03 17:00", "2026-12-03 17:00"),
    ("2026-12-03T09:00:00Z", "2026-12-03 17:00"),
    ("Dec 24", "2026-12-24 18:00"),
])
def test_phrases(phrase: str, expected: str) -> None:
    assert at(phrase) == expected


def test_next_friday_on_a_friday_is_a_week_on() -> None:
    assert at("next friday", now=FRIDAY) == "2026-12-11 18:00"


def test_a_passed_bare_time_means_tomorrow() -> None:
    assert at("9am") == "2026-12-01 09:00"
    assert at("11am") == "2026-11-30 11:00"


@pytest.mark.parametrize(("role", "expected"), [
    ("start", "2026-12-01 09:00"), ("due", "2026-12-01 18:00"), ("expires", "2026-12-01 23:59")])
def test_a_date_without_a_time_takes_the_roles_time(role: str, expected: str) -> None:
    assert at("tomorrow", role) == expected
    assert at("明天", role) == expected


def test_the_result_is_aware_and_in_the_local_zone() -> None:
    when = parse_when("tomorrow 3pm", now=NOW).when
    assert when.tzinfo is not None and when.utcoffset() is not None
    assert when.utcoffset().total_seconds() == 8 * 3600  # type: ignore[union-attr]


@pytest.mark.parametrize("phrase", ["", "   ", "whenever you like", "每周五", "25:00"])
def test_nonsense_is_refused_with_examples(phrase: str) -> None:
    with pytest.raises(DateError, match="try"):
        parse_when(phrase, now=NOW)


@pytest.mark.parametrize(("text", "value"), [("15", 15), ("十", 10), ("十五", 15),
                                             ("二十三", 23), ("两", 2), ("三", 3)])
def test_chinese_numbers(text: str, value: int) -> None:
    assert zh_number(text) == value
