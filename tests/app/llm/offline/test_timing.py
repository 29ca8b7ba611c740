"""app.llm.offline.timing: step times — the time a part names, one relative to the due,
or a point spread over working hours out of busy time."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from app.llm.offline.timing import (
    event_time,
    never_after_dependents,
    own_time,
    search_window,
    spread,
)

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


def test_day_before_the_event() -> None:
    task = {"title": "Prepare slides for Thursday's meeting"}
    due = datetime(2026, 12, 2, 18, 0, tzinfo=ZONE)  # Wednesday, the day before
    _, when = own_time("Print the handouts the day before", {"task": task}, NOW, due)
    assert when == datetime(2026, 12, 2, 18, 0, tzinfo=ZONE)  # Thursday less a day, not Tuesday


def test_event_and_window() -> None:
    ctx = {"task": {"title": "Renew passport before the flight in April"}}
    assert event_time(ctx, NOW) == datetime(2027, 4, 1, tzinfo=ZONE)
    slot = {"task": {"title": "Find a slot next week to meet Bob"}}
    assert search_window("Check my calendar", slot, NOW, None) == (
        datetime(2026, 12, 7, tzinfo=ZONE), datetime(2026, 12, 14, tzinfo=ZONE))
    due = NOW + timedelta(days=2)
    assert search_window("Check my calendar", {"task": {"title": "x"}}, NOW, due) == (NOW, due)
    week = search_window("Check my calendar", {"task": {"title": "x"}}, NOW, None)
    assert week == (NOW, NOW + timedelta(days=7))


def test_bring_on_the_day() -> None:
    ctx = {"task": {"title": "Doctor's appointment on Friday at 3pm"}}
    _, when = own_time("Bring your ID", ctx, NOW, None)
    assert when == datetime(2026, 12, 4, 15, 0, tzinfo=ZONE)


def test_never_after_dependents() -> None:
    late, early = NOW + timedelta(days=3), NOW + timedelta(days=1)
    steps = [{"id": "s1", "depends_on": [], "due": late},
             {"id": "s2", "depends_on": ["s1"], "due": early},
             {"id": "s3", "depends_on": ["s2"], "due": None}]
    never_after_dependents(steps)
    assert [s["due"] for s in steps] == [early, early, None]
