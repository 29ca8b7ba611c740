"""Date phrases in English and Chinese, against a fixed 'now' (Monday 2026-11-30 10:00)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.dates.when import DateError, parse_when, zh_number

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
    ("this week", "2026-12-06 18:00"),  # its end, Sunday, as "end of the week"
    ("这周", "2026-12-06 18:00"),
    ("本周", "2026-12-06 18:00"),
    ("这个星期", "2026-12-06 18:00"),
    ("本周五", "2026-12-04 18:00"),
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


# --- issue 12: dates that crashed or were read wrongly --------------------------------


@pytest.mark.parametrize("phrase", ["十十天后", "一十一十天后", "明天下午十十点"])
def test_malformed_chinese_numbers_are_refused_not_a_key_error(phrase: str) -> None:
    with pytest.raises(DateError, match="not a number"):
        parse_when(phrase, now=NOW)


@pytest.mark.parametrize("text", ["十十", "一十一十", "十一十", "", "百", "²"])
def test_zh_number_refuses_what_is_not_a_number(text: str) -> None:
    with pytest.raises(DateError):
        zh_number(text)


@pytest.mark.parametrize(("text", "value"), [("二零二六", 2026), ("九十九", 99), ("一十", 10)])
def test_zh_number_reads_digit_by_digit_and_tens(text: str, value: int) -> None:
    assert zh_number(text) == value


@pytest.mark.parametrize("phrase", ["in 5000000 days", "99999999天后",
                                    "9999-12-31T23:59:59-23:59", "in 999999999999 weeks"])
def test_times_past_the_end_of_the_range_are_refused_not_overflow(phrase: str) -> None:
    with pytest.raises(DateError, match="times Stepwise keeps"):
        parse_when(phrase, now=NOW)


@pytest.mark.parametrize("phrase", ["0001-01-01", "0999-06-01T00:00:00Z", "1899-12-31"])
def test_year_before_1900_is_refused_not_stored(phrase: str) -> None:
    with pytest.raises(DateError, match="1900-01-01T00:00:00Z to 9999-12-30T23:59:59Z"):
        parse_when(phrase, now=NOW)


def test_the_last_day_in_range_is_accepted() -> None:
    assert at("9999-12-30T12:00:00Z") == "9999-12-30 20:00"


@pytest.mark.parametrize(("phrase", "reason"), [
    ("tomorrow 99pm", "the hour is 1 to 12"),
    ("25pm", "the hour is 1 to 12"),
    ("0pm", "the hour is 1 to 12"),
    ("2026-13-01", "month must be in 1..12"),
    ("2026-02-30 10:00", "day is out of range"),
    ("Dec 32", "December has no day 32"),
    ("32 december", "December has no day 32"),
    ("-1", "bare number"),
    ("2026", "bare number"),
    ("13/13", "not a date"),
    ("tomorrow 5", "leaves out 5"),
    ("tomorrow at 25", "leaves out 25"),
    ("in -5 days", "negative amount"),
    ("friday at 5", "not a friday"),
    ("fri Dec 5", "not a fri"),
    ("x" * 201, "too long"),
])
def test_wrong_dates_are_refused_with_the_reason(phrase: str, reason: str) -> None:
    with pytest.raises(DateError, match=reason):
        parse_when(phrase, now=NOW)


@pytest.mark.parametrize(("phrase", "expected"), [
    ("12am", "2026-12-01 00:00"), ("12pm", "2026-11-30 12:00"), ("3.45pm", "2026-11-30 15:45"),
    ("12/31", "2026-12-31 18:00"), ("31/12/2026", "2026-12-31 18:00"),
    ("20261203", "2026-12-03 18:00"), ("Dec 3 2026 05:07", "2026-12-03 05:07"),
    ("4th of july", "2027-07-04 18:00"), ("2026年12月3日", "2026-12-03 18:00"),
])
def test_valid_dates_near_the_refused_ones_still_read(phrase: str, expected: str) -> None:
    assert at(phrase) == expected


@pytest.mark.parametrize("zone", ["Not/AZone", "garbage!!", "../../etc/passwd"])
def test_unknown_local_zone_falls_back_to_utc_with_a_warning(
        zone: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import tzlocal.unix

    from app.dates import when as dates

    monkeypatch.setenv("TZ", zone)
    monkeypatch.setattr(tzlocal.unix, "_cache_tz", None)  # tzlocal reads TZ once a process
    monkeypatch.setattr(dates, "_warned_zones", set())
    assert dates.local_zone().utcoffset(NOW) == timedelta(0)
    assert "unknown time zone" in caplog.text and zone in caplog.text
    assert parse_when("2026-12-03 17:00").when.hour == 17


def test_unknown_tz_in_a_real_process_adds_the_task_in_utc(run_process: Any) -> None:
    done = run_process("add", "x", "--due", "tomorrow 3pm", TZ="Not/AZone")
    assert done.returncode == 0, done.stderr
    assert "unknown time zone 'Not/AZone'" in done.stderr and "UTC" in done.stderr
    shown = run_process("show", done.stdout.strip(), "--json", TZ="Not/AZone")
    assert json.loads(shown.stdout)["task"]["due_at"].endswith("T15:00:00Z")


def test_year_1_due_date_is_refused_and_list_keeps_working(cli: Any) -> None:
    refused = cli("add", "x", "--due", "0001-01-01")
    assert refused.code in (1, 2) and "1900-01-01T00:00:00Z" in refused.err
    assert cli("list").code == 0


def test_a_due_time_stored_before_the_range_is_a_known_error_and_can_be_fixed(
        cli: Any, data_dir: Path) -> None:
    """A row poisoned by the old unpadded year (defect 1) exits 1 with advice, not 70."""
    task = cli("add", "x", "--due", "tomorrow").out.strip()
    raw = sqlite3.connect(data_dir / "stepwise.db")
    with raw:
        raw.execute("UPDATE task SET due_at = '1-01-01T09:54:17Z'")
    raw.close()
    shown = cli("show", task, "--json")
    assert shown.code == 1 and "stepwise edit ID --due" in shown.err, shown
    assert cli("edit", task, "--due", "tomorrow").code == 0
    assert cli("show", task, "--json").code == 0


@pytest.mark.parametrize("phrase", ["0001-01-01", "9999-12-31T23:59:59-12:00", "1899-06-01 10:00"])
def test_quick_reader_refuses_times_out_of_range(phrase: str) -> None:
    from app.dates.when import parse_quick

    with pytest.raises(DateError, match="times Stepwise keeps"):
        parse_quick(phrase, now=NOW)
