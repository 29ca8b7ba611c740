"""app.schedule.model: the scheduler's plain data — keys, the --json shape, the text of a
step that did not fit, and times told in the working hours' zone."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from app.schedule.model import Block, Hours, Unplaced, Work, clock, day_clock

WHEN = datetime(2026, 12, 1, 3, 30, tzinfo=UTC)  # Tue 11:30 in Shanghai


def test_keys_are_task_and_step() -> None:
    assert Work(1, "s1", "T", 30).key == (1, "s1")
    assert Block(2, "s2", WHEN, WHEN).key == (2, "s2")
    assert Unplaced(3, "s3", "T", "r").key == (3, "s3")


def test_a_block_as_json_is_in_utc() -> None:
    block = Block(1, "s1", WHEN, WHEN.replace(hour=4, minute=0), why="first free 30 min")
    assert block.as_json() == {"task": 1, "step": "s1", "start": "2026-12-01T03:30:00Z",
                               "end": "2026-12-01T04:00:00Z", "why": "first free 30 min"}


def test_unplaced_text_with_and_without_a_fix() -> None:
    assert Unplaced(1, "s1", "Call", "no time").text() == "task 1 step 's1' (Call): no time"
    assert Unplaced(1, "s1", "Call", "no time", "shorten it").text().endswith("; shorten it")


def test_clock_and_day_clock_in_the_zone() -> None:
    zone = ZoneInfo("Asia/Shanghai")
    assert clock(WHEN, zone) == "Tue 11:30"
    assert day_clock(WHEN, zone) == "Tue 12-01 11:30"
    assert clock(WHEN, UTC) == "Tue 03:30"


def test_default_hours_are_weekdays_nine_to_six() -> None:
    hours = Hours()
    assert (hours.start.hour, hours.end.hour, sorted(hours.days)) == (9, 18, [0, 1, 2, 3, 4])
