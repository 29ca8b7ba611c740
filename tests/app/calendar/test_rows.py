"""app.calendar.rows: occurrences become cached rows inside the window, cut to the range
the store keeps; which events block their time."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.calendar.rows import MAX_SUMMARY, Occurrence, Window, is_busy

SHANGHAI = ZoneInfo("Asia/Shanghai")
START = datetime(2026, 12, 1, tzinfo=UTC)
WINDOW = (START, START + timedelta(days=7))


def occ(begin: date, finish: date | None, **fields: Any) -> Occurrence:
    values: dict[str, Any] = {"uid": "u1", "recurrence_id": None, "summary": " Lunch ",
                              "location": "", "description": "", "begin": begin,
                              "finish": finish, "transp": "", "status": "", "busy_status": ""}
    return Occurrence(**(values | fields))


def window() -> Window:
    return Window(*WINDOW, SHANGHAI)


def test_a_timed_occurrence_is_stored_in_utc_with_its_zone() -> None:
    begin = datetime(2026, 12, 2, 12, 0, tzinfo=SHANGHAI)
    row = window().row(occ(begin, begin + timedelta(hours=1)))
    assert row is not None
    assert (row.start, row.end, row.tzid, row.summary) == (
        "2026-12-02T04:00:00Z", "2026-12-02T05:00:00Z", "Asia/Shanghai", "Lunch")
    assert row.busy and not row.all_day


def test_an_all_day_occurrence_without_an_end_lasts_its_day() -> None:
    row = window().row(occ(date(2026, 12, 3), None))
    assert row is not None and (row.start, row.end, row.all_day) == ("2026-12-03",
                                                                     "2026-12-04", True)
    assert not row.busy  # all-day events are free unless they say otherwise


def test_outside_the_window_or_cancelled_is_no_row() -> None:
    after = datetime(2026, 12, 9, tzinfo=UTC)
    assert window().row(occ(after, after + timedelta(hours=1))) is None
    inside = datetime(2026, 12, 2, tzinfo=UTC)
    assert window().row(occ(inside, None, status="cancelled ")) is None
    ended_at_start = START - timedelta(hours=1)
    assert window().row(occ(ended_at_start, START)) is None


def test_texts_are_cut_to_their_bounds() -> None:
    begin = datetime(2026, 12, 2, tzinfo=UTC)
    row = window().row(occ(begin, None, summary="x" * 1000, recurrence_id=begin))
    assert row is not None and len(row.summary) == MAX_SUMMARY
    assert row.recurrence_id == "2026-12-02T00:00:00Z"


def test_an_event_from_year_1_is_clipped_and_counted() -> None:
    w = window()
    row = w.row(occ(datetime(1, 1, 1, tzinfo=UTC), datetime(2026, 12, 2, tzinfo=UTC)))
    assert row is not None and row.start.startswith("1900") and w.clipped == 1
    assert "1900" in Window.range_text()


def test_the_padded_dates_cover_every_zone() -> None:
    assert window().padded_dates() == (date(2026, 11, 30), date(2026, 12, 10))


@pytest.mark.parametrize("transp, status, all_day, busy", [
    ("OPAQUE", "FREE", True, True), ("transparent", "BUSY", False, False),
    ("", "FREE", False, False), ("", "WORKINGELSEWHERE", False, False),
    ("", "TENTATIVE", True, True), ("", "", True, False), ("", "", False, True)])
def test_is_busy_transp_first_then_busy_status_then_all_day(transp: str, status: str,
                                                            all_day: bool, busy: bool) -> None:
    assert is_busy(transp, status, all_day=all_day) is busy
