"""The one RRULE validator and the bounded search for the next occurrence (``app.dates.rrules``)."""

from __future__ import annotations

import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.dates.rrules import (
    InvalidRule,
    next_after,
    parse_parts,
    until_wall,
    validate_rrule,
    written,
)

ZONE = ZoneInfo("Asia/Shanghai")
FRIDAY = datetime(2026, 12, 4, 9, 0)


@pytest.mark.parametrize(("rule", "says"), [
    ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),
    ("FREQ=DAILY;INTERVAL=99999999999999999999", "INTERVAL"),
    ("FREQ=YEARLY;INTERVAL=5000", "INTERVAL"),
    ("FREQ=DAILY;COUNT=10000000000000000000000", "COUNT"),
    ("FREQ=DAILY;COUNT=0", "COUNT"),
    ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY"),
    ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY"),
    ("FREQ=YEARLY;BYMONTH=13", "BYMONTH"),
    ("FREQ=DAILY;BYHOUR=24", "BYHOUR"),
    ("FREQ=WEEKLY;BYDAY=XX", "BYDAY"),
    ("FREQ=MONTHLY;BYDAY=60MO", "BYDAY"),
    ("FREQ=DAILY;FOO=1", "not an RRULE part"),
    ("FREQ=DAILY;FREQ=WEEKLY", "twice"),
    ("BYDAY=MO", "no FREQ"),
    ("FREQ=SOMETIMES", "FREQ"),
    ("FREQ=MINUTELY", "more often than hourly"),
    ("FREQ=DAILY;BYMINUTE=0,1,2,3,4,5,6,7,8,9;BYSECOND=0,1,2,3,4,5,6,7,8,9", "times a day"),
    ("FREQ=DAILY;COUNT=2;UNTIL=20270101", "both COUNT and UNTIL"),
    ("FREQ=DAILY;UNTIL=20261399", "UNTIL"),
    ("FREQ=MONTHLY;BYWEEKNO=3", "BYWEEKNO"),
    ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "does not occur"),
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=300", "does not occur"),
    ("FREQ=HOURLY;BYMINUTE=12,46,12;BYSETPOS=-3", "2 times each hour"),  # was 9 s
    ("FREQ=DAILY;BYHOUR=9;BYSETPOS=2,-2", "1 time each day"),
    ("FREQ=HOURLY;INTERVAL=24;BYHOUR=5", "not usable"),
    ("garbage ;;; \x00", "not an RRULE part"),
    ("FREQ=DAILY;" + "BYHOUR=1;" * 200, "characters"),
])
@pytest.mark.timeout(20)
def test_defect_3_bad_rules_are_refused_with_the_part_named(rule: str, says: str) -> None:
    started = time.monotonic()
    with pytest.raises(InvalidRule, match=says):
        validate_rrule(rule, FRIDAY)
    assert time.monotonic() - started < 2


@pytest.mark.parametrize(("rule", "normal"), [
    ("FREQ=WEEKLY;BYDAY=FR", "FREQ=WEEKLY;BYDAY=FR"),
    ("rrule:byday=fr;freq=weekly;", "FREQ=WEEKLY;BYDAY=FR"),
    ("FREQ=MONTHLY;BYDAY=+2MO;INTERVAL=01", "FREQ=MONTHLY;INTERVAL=1;BYDAY=2MO"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2"),
    ("FREQ=DAILY;UNTIL=20200101", "FREQ=DAILY;UNTIL=20200101"),
    ("FREQ=HOURLY;BYMINUTE=5,7;BYSETPOS=-2", "FREQ=HOURLY;BYMINUTE=5,7;BYSETPOS=-2"),
    ("FREQ=YEARLY;BYMONTH=1;BYDAY=MO;BYSETPOS=-1", "FREQ=YEARLY;BYDAY=MO;BYMONTH=1;BYSETPOS=-1"),
])
def test_good_rules_come_back_in_normal_form(rule: str, normal: str) -> None:
    assert validate_rrule(rule, FRIDAY) == normal
    assert validate_rrule(normal, FRIDAY) == normal


def test_next_after_follows_the_rule_and_its_until() -> None:
    assert next_after("FREQ=WEEKLY;BYDAY=FR", FRIDAY, ZONE) == datetime(2026, 12, 11, 9, 0)
    assert next_after("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", datetime(2024, 2, 29, 9), ZONE) \
        == datetime(2028, 2, 29, 9)
    assert next_after("FREQ=DAILY;UNTIL=20261205T000000Z", FRIDAY, ZONE) is None  # 08:00 local
    assert next_after("FREQ=DAILY;UNTIL=20261205T020000Z", FRIDAY, ZONE) == \
        datetime(2026, 12, 5, 9, 0)
    assert next_after("FREQ=DAILY;COUNT=1", FRIDAY, ZONE) is None
    assert next_after("FREQ=DAILY", datetime(9999, 12, 31, 9), ZONE) is None


@pytest.mark.timeout(20)
def test_the_search_for_a_rule_that_never_matches_is_bounded() -> None:
    started = time.monotonic()
    assert next_after("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", datetime(1900, 1, 1), ZONE) is None
    assert time.monotonic() - started < 2  # dateutil alone scans to 9999: about 4 s


def test_until_wall_reads_a_date_as_its_whole_day_and_utc_in_the_zone() -> None:
    assert until_wall("20261205", ZONE) == datetime(2026, 12, 5, 23, 59, 59)
    assert until_wall("20261205T020000Z", ZONE) == datetime(2026, 12, 5, 10, 0)
    assert until_wall("20261205T020000", ZONE) == datetime(2026, 12, 5, 2, 0)
    assert until_wall("99991231T235959Z", ZoneInfo("Pacific/Kiritimati")) == datetime.max


@pytest.mark.parametrize("value", ["2026-12-05", "20261305", "20261205T250000Z", "", "x"])
def test_until_wall_refuses_what_is_not_a_real_date_or_time(value: str) -> None:
    with pytest.raises(ValueError):
        until_wall(value, ZONE)


def test_parse_parts_normalises_case_order_and_prefix_and_written_joins_them() -> None:
    parts = parse_parts(" rrule:interval=2;freq=weekly;; ")
    assert list(parts) == ["FREQ", "INTERVAL"] and written(parts) == "FREQ=WEEKLY;INTERVAL=2"


@pytest.mark.parametrize("value", [None, 5, ["FREQ=DAILY"]])
def test_a_rule_that_is_not_text_is_refused_naming_its_type(value: object) -> None:
    with pytest.raises(InvalidRule, match="not"):
        parse_parts(value)  # type: ignore[arg-type]


def test_next_after_refuses_a_rule_validate_refuses() -> None:
    with pytest.raises(InvalidRule):
        next_after("FREQ=SOMETIMES", FRIDAY, ZONE)
