"""app.llm.offline.timing: step times — the time a part names, one relative to the due,
or a point spread over working hours out of busy time."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from app.llm.offline.timing import own_time, spread

ZONE = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZONE)  # a Monday


def test_day_before() -> None:
    due = NOW + timedelta(days=4)
    text, when = own_time("Remind me the day before", {"task": {"title": "x"}}, NOW, due)
    assert text == "Remind me" and when == due - timedelta(days=1)


def test_spread_keeps_to_working_hours_and_weekdays() -> None:
    due = NOW + timedelta(days=6)  # Sunday
    when = spread(NOW, due, 3, 4, [])
    assert when is not None and when.weekday() < 5 and 9 <= when.hour < 18
    assert spread(NOW, None, 0, 3, []) is None
    assert spread(NOW, NOW - timedelta(hours=1), 0, 3, []) == NOW - timedelta(hours=1)


def test_spread_moves_out_of_busy_time_but_never_past_the_due() -> None:
    due = NOW + timedelta(days=1)
    free = spread(NOW, due, 0, 2, [])
    assert free == NOW.replace(hour=17)  # half way is 22:00: the end of the working day
    busy = [(free - timedelta(minutes=30), free + timedelta(hours=2))]
    assert spread(NOW, due, 0, 2, busy) == free + timedelta(hours=2)
    late = [(free - timedelta(minutes=30), due + timedelta(hours=1))]
    assert spread(NOW, due, 0, 2, late) == free  # moving would pass the due time
