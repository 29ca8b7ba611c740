"""Dates and times as the interface language writes them (``QLocale``, which
``ui.words.i18n`` sets to the chosen language): "14:30" today, "12月24日 18:00" or
"24 Dec 18:00" this year, the locale's short date for other years."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QDate, QDateTime, QLocale, QTime


def short_when(value: datetime | None, today: date | None = None) -> str:
    """A moment, as short as it can be without being ambiguous ("" for None)."""
    if value is None:
        return ""
    local = value.astimezone()
    today = today or datetime.now().astimezone().date()
    locale = QLocale()
    moment = QDateTime(QDate(local.year, local.month, local.day),
                       QTime(local.hour, local.minute))
    clock = locale.toString(moment.time(), QLocale.FormatType.ShortFormat)
    if local.date() == today:
        return clock
    if local.year == today.year:
        pattern = "M月d日" if locale.language() == QLocale.Language.Chinese else "d MMM"
        return f"{locale.toString(moment.date(), pattern)} {clock}"
    return locale.toString(moment.date(), QLocale.FormatType.ShortFormat)


def long_when(value: datetime) -> str:
    """A moment with its weekday and full date, for a preview that must not be misread:
    "Fri 2027-12-03 17:00", or "2027年12月3日 周五 17:00" in Chinese."""
    local = value.astimezone() if value.tzinfo else value
    locale = QLocale()
    moment = QDateTime(QDate(local.year, local.month, local.day),
                       QTime(local.hour, local.minute))
    pattern = "yyyy年M月d日 ddd HH:mm" if locale.language() == QLocale.Language.Chinese \
        else "ddd yyyy-MM-dd HH:mm"
    return locale.toString(moment, pattern)
