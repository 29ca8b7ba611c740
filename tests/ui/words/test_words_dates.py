"""Dates as the interface language writes them (``ui.words.dates``): the time alone today,
day and month this year, the locale's short date for other years — in English and Chinese."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtWidgets import QApplication

from ui.words import i18n
from ui.words.dates import short_when


def test_dates_follow_the_interface_language(qapp: QApplication, english: object) -> None:
    moment = datetime(2026, 12, 24, 18, 0).astimezone()
    today = date(2026, 12, 1)
    assert short_when(moment, today) == "24 Dec 18:00"
    assert short_when(moment, moment.date()) == "18:00"
    i18n.install(qapp, "zh_CN")
    assert short_when(moment, today) == "12月24日 18:00"
    assert short_when(moment, date(2025, 1, 1)) == "2026/12/24"
    assert "Dec" not in short_when(moment, today)
