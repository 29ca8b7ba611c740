"""Dates and moments (``app.dates.days``): a date stays a date, its stand-in moment."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from app.dates import days

LA = ZoneInfo("America/Los_Angeles")


def test_a_date_stands_for_the_end_of_its_working_day_in_its_zone() -> None:
    assert days.stand_in(date(2026, 12, 15), "due", LA) == datetime(2026, 12, 16, 2, tzinfo=UTC)
    assert days.stand_in(date(2026, 12, 15), "start", LA) == \
        datetime(2026, 12, 15, 17, tzinfo=UTC)


def test_the_day_comes_back_in_the_tasks_zone_not_the_machines() -> None:
    stored = days.moment(date(2026, 12, 15), "due", LA)
    assert days.as_set(stored, "due", ["due"], "America/Los_Angeles") == date(2026, 12, 15)
    assert days.as_set(stored, "due", [], "Europe/Berlin") == \
        datetime(2026, 12, 16, 3, tzinfo=ZoneInfo("Europe/Berlin"))
    assert days.as_set(None, "due", ["due"], None) is None


def test_only_a_date_without_a_time_is_a_day() -> None:
    assert days.is_day(date(2026, 1, 1)) and not days.is_day(datetime(2026, 1, 1, tzinfo=UTC))
    assert days.days_of({"start_at": date(2026, 1, 1), "due_at": datetime.now(UTC)}) == \
        ["start"]


def test_a_reading_without_a_clock_time_is_its_local_date() -> None:
    read = datetime(2026, 12, 15, 18, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert days.as_given(read, False) == date(2026, 12, 15)
    assert days.as_given(read, True) is read


def test_an_unknown_zone_falls_back_to_the_local_one() -> None:
    assert days.zone("Mars/Olympus") == days.zone(None)
    assert days.plain(date(2026, 12, 15)) == "Tue 2026-12-15"
