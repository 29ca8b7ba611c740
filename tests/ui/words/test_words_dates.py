"""Dates in one format everywhere (``ui.words.dates``): weekday, day, month and a 24-hour
clock, the year only when it is not this one, the clock alone today — in English and
Chinese."""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtWidgets import QApplication

from ui.words import i18n
from ui.words.dates import clock_text, day_text, long_when, short_when, short_when_text


def test_dates_follow_the_interface_language(qapp: QApplication, english: object) -> None:
    moment = datetime(2026, 12, 15, 18, 0).astimezone()
    today = date(2026, 12, 1)
    assert short_when(moment, today) == "Tue 15 Dec 18:00"
    assert short_when(moment, moment.date()) == "18:00"
    assert short_when(moment, date(2025, 1, 1)) == "Tue 15 Dec 2026 18:00"
    assert long_when(moment) in ("Tue 15 Dec 18:00", "Tue 15 Dec 2026 18:00")
    i18n.install(qapp, "zh_CN")
    assert short_when(moment, today) == "12月15日 周二 18:00"
    assert short_when(moment, date(2025, 1, 1)) == "2026年12月15日 周二 18:00"
    assert day_text(date(2027, 1, 5), today) == "2027年1月5日 周二"


def test_the_clock_is_24_hour_whatever_the_locale(qapp: QApplication) -> None:
    from PySide6.QtCore import QLocale

    QLocale.setDefault(QLocale("en_US"))  # whose own short time is "6:00 PM"
    assert clock_text(datetime(2026, 12, 15, 18, 0)) == "18:00"
    assert "PM" not in short_when(datetime(2026, 12, 15, 18, 0), date(2026, 12, 1))


def test_a_stored_stamp_is_written_as_a_person_reads_it(qapp: QApplication,
                                                        english: object) -> None:
    shown = short_when_text("2026-12-01T15:00:00Z")
    assert shown == short_when(datetime(2026, 12, 1, 15, 0, tzinfo=UTC))
    assert "2026-12" not in shown and not shown.endswith("Z")
    assert short_when_text("soon") == "soon"
