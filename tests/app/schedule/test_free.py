"""app.schedule.free: free working time as sorted spans that placements carve away."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.calendar.freebusy import Interval
from app.schedule.free import FreeTime, instant, seconds, step_seconds, working_free
from app.schedule.model import Hours

ZONE = ZoneInfo("Asia/Shanghai")
MONDAY = datetime(2026, 11, 30, tzinfo=ZONE)


def test_seconds_and_instant_round_trip() -> None:
    when = datetime(2026, 12, 1, 3, 4, 5, tzinfo=UTC)
    assert instant(seconds(when)) == when and step_seconds(90) == 5400


def test_working_free_keeps_working_days_and_hours_around_busy_time() -> None:
    busy = [Interval(MONDAY.replace(hour=10), MONDAY.replace(hour=11), ("Meeting",))]
    spans = working_free(MONDAY, MONDAY + timedelta(days=7), busy,
                         Hours(time(9), time(12), frozenset({0, 6})), ZONE)
    local = [(instant(a).astimezone(ZONE), instant(b).astimezone(ZONE)) for a, b in spans]
    assert [(a.weekday(), a.hour, b.hour) for a, b in local] == [(0, 9, 10), (0, 11, 12),
                                                                 (6, 9, 12)]


def test_first_fit_from_the_earliest_and_by_the_deadline() -> None:
    free = FreeTime([(100, 200), (0, 50), (300, 400), (60, 60)])
    assert free.first_fit(0, 40, 1000) == (0, 40)
    assert free.first_fit(20, 40, 1000) == (100, 140)
    assert free.first_fit(0, 100, 1000) == (100, 200)
    assert free.first_fit(150, 100, 1000) == (300, 400)
    assert free.first_fit(150, 100, 399) is None


def test_chunks_never_leave_a_piece_shorter_than_the_shortest() -> None:
    free = FreeTime([(0, 50), (100, 130), (200, 300)])
    assert free.chunks(0, 90, 1000, 30) == [(0, 50), (200, 240)]  # 100-130 would leave 10
    assert free.chunks(0, 500, 1000, 30) == []
    assert free.usable(0, 1000, 40) == (100, 150)


def test_take_splits_a_span_and_refuses_what_is_not_free() -> None:
    free = FreeTime([(0, 100)])
    free.take((20, 30))
    assert list(zip(free.starts, free.ends, strict=True)) == [(0, 20), (30, 100)]
    with pytest.raises(ValueError, match="is not free"):
        free.take((15, 35))


@pytest.mark.timeout(60)
@given(st.lists(st.tuples(st.integers(0, 50), st.integers(1, 10)), max_size=20))
def test_taking_first_fits_never_overlaps(needs: list[tuple[int, int]]) -> None:
    free = FreeTime([(0, 100), (150, 300)])
    taken: list[tuple[int, int]] = []
    for earliest, need in needs:
        piece = free.first_fit(earliest, need, 400)
        if piece is not None:
            free.take(piece)
            taken.append(piece)
    taken.sort()
    assert all(a[1] <= b[0] for a, b in zip(taken, taken[1:], strict=False))
