"""When a reminder whose moment has passed fires instead (``app.dates.moments``)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from app.dates.moments import sensible_moment

BERLIN = ZoneInfo("Europe/Berlin")
NINE = time(9, 0)
NOW = datetime(2026, 12, 1, 20, 45, tzinfo=UTC)  # 21:45 in Berlin


def test_ahead_kept() -> None:
    later = NOW + timedelta(hours=2)
    assert sensible_moment(later, NOW, closes=None, work_start=NINE, zone=BERLIN) == later


def test_passed_next_morning() -> None:
    due = datetime(2026, 12, 2, 14, tzinfo=UTC)  # 15:00 in Berlin tomorrow
    moved = sensible_moment(NOW - timedelta(hours=6), NOW, closes=due, work_start=NINE,
                            zone=BERLIN)
    assert moved == datetime(2026, 12, 2, 8, tzinfo=UTC)  # 09:00 in Berlin


def test_passed_same_morning() -> None:
    early = datetime(2026, 12, 1, 5, tzinfo=UTC)  # 06:00 in Berlin, before work starts
    moved = sensible_moment(early - timedelta(hours=1), early, closes=None, work_start=NINE,
                            zone=BERLIN)
    assert moved == datetime(2026, 12, 1, 8, tzinfo=UTC)


def test_passed_too_close_now() -> None:
    due = NOW + timedelta(hours=3)  # tonight: no morning comes before it
    assert sensible_moment(NOW - timedelta(hours=6), NOW, closes=due, work_start=NINE,
                           zone=BERLIN) == NOW
