"""The instant column type: one supported range, zero-padded text, lenient reads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from models.fields import (
    EARLIEST,
    LATEST,
    InstantOutOfRange,
    UTCDateTimeField,
    checked_utc,
    format_utc,
    parse_utc,
)


def test_range_ends_are_stored_at_full_width() -> None:
    assert format_utc(EARLIEST) == "1900-01-01T00:00:00Z"
    assert format_utc(LATEST) == "9999-12-30T23:59:59Z"
    assert parse_utc(format_utc(LATEST)) == LATEST


def test_every_instant_in_range_fits_any_offset() -> None:
    for offset in (timedelta(hours=-23, minutes=-59), timedelta(hours=23, minutes=59)):
        zone = timezone(offset)
        assert EARLIEST.astimezone(zone).astimezone(UTC) == EARLIEST
        assert LATEST.astimezone(zone).astimezone(UTC) == LATEST


def test_year_before_1000_is_refused_not_stored() -> None:
    with pytest.raises(InstantOutOfRange, match="1900-01-01T00:00:00Z to 9999-12-30"):
        format_utc(datetime(1, 1, 1, 18, tzinfo=UTC))
    with pytest.raises(InstantOutOfRange):
        UTCDateTimeField().db_value(datetime(999, 6, 1, tzinfo=UTC))
    with pytest.raises(InstantOutOfRange):
        UTCDateTimeField().db_value("0999-06-01T00:00:00Z")


def test_offset_past_the_end_of_time_is_out_of_range_not_overflow() -> None:
    with pytest.raises(InstantOutOfRange):
        parse_utc("9999-12-31T23:59:59-12:00")
    with pytest.raises(InstantOutOfRange):
        parse_utc("0001-01-01T00:00:00+05:00")
    with pytest.raises(InstantOutOfRange):
        checked_utc(datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-12))))


def test_one_second_outside_either_end_is_refused() -> None:
    for value in (EARLIEST - timedelta(seconds=1), LATEST + timedelta(seconds=1)):
        with pytest.raises(InstantOutOfRange):
            checked_utc(value)


def test_naive_and_offsetless_times_are_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        checked_utc(datetime(2026, 12, 3, 9))
    with pytest.raises(ValueError, match="time zone"):
        parse_utc("2026-12-03T09:00:00")


@pytest.mark.parametrize("text", ["", "x", "2026-13-01T00:00:00Z", "Z", "2026-12-03T25:00Z",
                                  "9" * 5000])
def test_garbage_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_utc(text)


def test_db_value_normalises_text_to_utc() -> None:
    field = UTCDateTimeField()
    assert field.db_value("2026-12-03T17:00:00+08:00") == "2026-12-03T09:00:00Z"
    assert field.db_value(None) is None


def test_rows_written_before_the_range_still_read() -> None:
    """A year stored without zero padding (the old bug) reads back, so it can be fixed."""
    value = UTCDateTimeField().python_value("1-01-01T09:54:17Z")
    assert value == datetime(1, 1, 1, 9, 54, 17, tzinfo=UTC)
