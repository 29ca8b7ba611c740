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


def test_the_cores_own_dates_are_retold(qapp: QApplication, english: object) -> None:
    from ui.words.dates import retell_core_whens

    written = datetime(2026, 12, 14, 8, 0).astimezone()
    said = retell_core_whens("placed Mon 12-14 10:00: first free 2 h before the due date "
                             "Fri 12-18 17:00; due 2026-12-18T09:00:00Z", written)
    assert "12-14" not in said and "12-18" not in said and "T09" not in said
    assert f"placed {short_when(datetime(2026, 12, 14, 10, 0).astimezone())}:" in said
    new_year = retell_core_whens("Tue 01-05 09:00", datetime(2026, 12, 30, 9).astimezone())
    assert new_year == short_when(datetime(2027, 1, 5, 9, 0).astimezone())


def test_a_date_is_its_day_alone(qapp: QApplication, english: object) -> None:
    from ui.words.dates import read_day_text

    day, today = date(2026, 12, 15), date(2026, 12, 1)
    assert short_when(day, today) == "Tue 15 Dec"  # never the 18:00 it stands for
    assert short_when(day, day) == "Tue 15 Dec"  # today too: a date has no clock to show
    assert long_when(day) in ("Tue 15 Dec", "Tue 15 Dec 2026")
    i18n.install(qapp, "zh_CN")
    assert short_when(day, today) == "12月15日 周二"
    assert read_day_text("12月15日 周二", today) == day
    assert read_day_text("2027年1月5日 周二") == date(2027, 1, 5)
    assert read_day_text("12月15日 周二 18:00") is None and read_day_text("2月30日") is None
