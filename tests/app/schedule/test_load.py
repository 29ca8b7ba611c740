"""A day's planned work against the daily limit: minutes per local day, a block over
midnight on both days, no warning without a limit."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from app.schedule import load

Z = ZoneInfo("Asia/Shanghai")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=Z)


def test_day_minutes() -> None:
    spans = [(at(7, 9), at(7, 10, 30)), (at(7, 23), at(8, 1)), (at(8, 9), at(8, 9, 45))]
    assert load.day_minutes(spans, Z) == {date(2026, 12, 7): 150, date(2026, 12, 8): 105}


def test_over_limit() -> None:
    totals = {date(2026, 12, 7): 400, date(2026, 12, 8): 300}
    assert load.over_limit(totals, 360) == [(date(2026, 12, 7), 400)]
    assert load.over_limit(totals, 0) == []
    assert load.warning(date(2026, 12, 7), 450, 360).startswith(
        "Mon 12-07 holds 7 h 30 min of planned work, over your limit of 6 h")
