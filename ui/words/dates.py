"""Dates and times in one format everywhere the window shows them, with the day and
month names of ``QLocale`` (which ``ui.words.i18n`` sets to the interface language):
"Tue 15 Dec 18:00" ("Tue 5 Jan 2027 18:00" in another year, "18:00" alone today), in
Chinese "12月15日 周二 18:00" ("2027年1月5日 周二 18:00"). A time of day is always 24-hour.
A date set without a time (an all-day start or due, ``app.dates.days``) is its day alone:
"Tue 15 Dec", "12月15日 周二", never with the 18:00 it stands for.

Every date the window writes goes through here: no stored UTC stamp, numeric short date
or 12-hour clock of the locale reaches the screen.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QDate, QLocale, QTime

_PATTERNS = {  # (chinese, another year) → a QLocale date pattern
    (False, False): "ddd d MMM", (False, True): "ddd d MMM yyyy",
    (True, False): "M月d日 ddd", (True, True): "yyyy年M月d日 ddd",
}


def _chinese() -> bool:
    return QLocale().language() == QLocale.Language.Chinese


def day_text(day: date, today: date | None = None) -> str:
    """A day: "Tue 15 Dec" ("Tue 5 Jan 2027" in another year), "12月15日 周二"."""
    today = today or datetime.now().astimezone().date()
    pattern = _PATTERNS[(_chinese(), day.year != today.year)]
    return QLocale().toString(QDate(day.year, day.month, day.day), pattern)


def clock_text(moment: datetime | time) -> str:
    """A time of day, 24-hour: "18:00"."""
    return QLocale().toString(QTime(moment.hour, moment.minute), "HH:mm")


def short_when(value: date | datetime | None, today: date | None = None) -> str:
    """A moment in the local zone: "Tue 15 Dec 18:00", "18:00" today ("" for None). A
    naive moment is taken as local already; a date (all day) is its day alone."""
    if value is None:
        return ""
    if not isinstance(value, datetime):
        return day_text(value, today)
    local = value.astimezone() if value.tzinfo else value
    today = today or datetime.now().astimezone().date()
    if local.date() == today:
        return clock_text(local)
    return f"{day_text(local.date(), today)} {clock_text(local)}"


def long_when(value: date | datetime) -> str:
    """A moment with its day even today, for a preview that must not be misread
    ("due Tue 1 Dec 18:00"): the same format as ``short_when``; a date is its day."""
    if not isinstance(value, datetime):
        return day_text(value)
    local = value.astimezone() if value.tzinfo else value
    return f"{day_text(local.date())} {clock_text(local)}"


def short_when_text(stamp: str) -> str:
    """A stored UTC stamp ("2026-12-01T15:00:00Z") as ``short_when`` writes it; text that
    is not a stamp stays as it is."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return short_when(moment)


_CHINESE_WHEN = re.compile(r"^\s*(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日\s*(?:周[一二三四五六日])?"
                           r"\s*(\d{1,2}):(\d{2})\s*$")


def read_when_text(text: str, today: date | None = None) -> datetime | None:
    """A moment typed in the Chinese form this module writes ("12月15日 周二 18:00"), as
    an aware local time; None for any other text (the core's ``parse_when`` reads the
    English form and every other phrase)."""
    m = _CHINESE_WHEN.match(text)
    if m is None:
        return None
    year = int(m.group(1)) if m.group(1) else (today or datetime.now().date()).year
    try:
        moment = datetime(year, int(m.group(2)), int(m.group(3)), int(m.group(4)),
                          int(m.group(5)))
    except ValueError:
        return None
    return moment.astimezone()


_CHINESE_DAY = re.compile(r"^\s*(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日\s*(?:周[一二三四五六日])?\s*$")


def read_day_text(text: str, today: date | None = None) -> date | None:
    """A day typed in the Chinese form this module writes for a date ("12月15日 周二"),
    None for any other text (the core reads "Tue 15 Dec" and every other phrase)."""
    m = _CHINESE_DAY.match(text)
    if m is None:
        return None
    year = int(m.group(1)) if m.group(1) else (today or datetime.now().date()).year
    try:
        return date(year, int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


# how the core writes a moment into its English texts: "Wed 12-02 09:00" (no year)
_CORE_WHEN = re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d\d)-(\d\d) (\d\d):(\d\d)\b")


def core_when(month: int, day: int, hour: int, minute: int,
              around: datetime) -> datetime | None:
    """A moment written without its year, on the first such day from a day before
    ``around`` (aware, local); None for a day that does not exist."""
    local = around.astimezone()
    for year in (local.year, local.year + 1):
        try:
            moment = datetime(year, month, day, hour, minute).astimezone()
        except ValueError:
            continue
        if moment.date() >= local.date() - timedelta(days=1):
            return moment
    return None


def retell_core_whens(text: str, around: datetime) -> str:
    """Every "Wed 12-02 09:00" the core wrote in ``text`` (and every UTC stamp) in the
    window's one format; ``around`` is when the text was written."""
    def said(m: re.Match[str]) -> str:
        month, day, hour, minute = (int(g) for g in m.groups())
        moment = core_when(month, day, hour, minute, around)
        return short_when(moment) if moment is not None else m.group(0)

    text = _CORE_WHEN.sub(said, text)
    return _STAMP.sub(lambda m: short_when_text(m.group(0)), text)


_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?Z")
