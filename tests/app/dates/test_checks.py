"""Date text refused rather than guessed at (``app.dates.checks``), each with its reason."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dates.checks import DateError, check_iso_date, check_reading, refuse_nonsense


@pytest.mark.parametrize(("phrase", "says"), [
    ("5", "bare number"), ("-1", "bare number"), ("2.5", "bare number"),
    ("in -3 days", "negative amount"), ("Dec 32", "December has no day 32"),
    ("31st of April", "April has no day 31"), ("feb 30", "February has no day 30"),
    ("2026-13-01", "is not a date"), ("13/13", "is not a date"), ("31/31/2026", "is not a date"),
])
def test_nonsense_is_refused_with_what_is_wrong(phrase: str, says: str) -> None:
    with pytest.raises(DateError, match=says):
        refuse_nonsense(phrase)


@pytest.mark.parametrize("phrase", ["tomorrow 5pm", "Dec 5", "in 5 days", "Feb 29", "12/31",
                                    "31/12/2026", "2026-12-03", "Dec 5 at 10:30", "5pm",
                                    "Dec 3 5pm"])
def test_real_dates_pass(phrase: str) -> None:
    refuse_nonsense(phrase)


def test_an_iso_date_must_exist() -> None:
    check_iso_date("2028-02-29T10:00")
    with pytest.raises(DateError, match="'2027-02-29' is not a date"):
        check_iso_date("2027-02-29")


FRIDAY_5PM = datetime(2026, 12, 4, 17, 0)


def test_a_reading_that_keeps_every_number_and_the_weekday_passes() -> None:
    check_reading("friday 5pm", FRIDAY_5PM)
    check_reading("Dec 4 17:00", FRIDAY_5PM)
    check_reading("in 3 days", FRIDAY_5PM)  # relative: its numbers count, not name parts


def test_a_reading_that_dropped_a_number_or_named_another_day_is_refused() -> None:
    with pytest.raises(DateError, match="leaves out 9"):
        check_reading("tomorrow 9", FRIDAY_5PM)
    with pytest.raises(DateError, match="which is not a monday"):
        check_reading("monday 5pm", FRIDAY_5PM)
