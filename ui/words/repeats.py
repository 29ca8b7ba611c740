"""A repeat rule (an RFC 5545 RRULE as the store keeps it) in words a person reads, in
the interface language: ``FREQ=MONTHLY;BYMONTHDAY=5`` is "every month on the 5th", or
"每月5号" in Chinese. The window never shows the rule itself.

The other way, words to a rule, is the core's (``app.dates.recurrence_words``); the
choices of the task dialog's repeat picker are declared here, with their rules.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLocale

from ui.words.labels import fill

translate = QCoreApplication.translate
DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
WEEKDAYS = "MO,TU,WE,TH,FR"

# the picker's choices: (key, rule, its name); "typed" reads the phrase typed beside it
CHOICES: tuple[tuple[str, str | None, Callable[[], str]], ...] = (
    ("none", None, lambda: translate("Repeats", "Does not repeat")),
    ("daily", "FREQ=DAILY", lambda: translate("Repeats", "Every day")),
    ("weekdays", f"FREQ=WEEKLY;BYDAY={WEEKDAYS}", lambda: translate("Repeats", "Every weekday")),
    ("weekly", "FREQ=WEEKLY", lambda: translate("Repeats", "Every week")),
    ("monthly", "FREQ=MONTHLY", lambda: translate("Repeats", "Every month")),
    ("yearly", "FREQ=YEARLY", lambda: translate("Repeats", "Every year")),
    ("typed", None, lambda: translate("Repeats", "In my own words…")),
)


def parts_of(rule: str) -> dict[str, str]:
    """``FREQ=WEEKLY;BYDAY=MO`` → {"FREQ": "WEEKLY", "BYDAY": "MO"}."""
    pairs = (part.split("=", 1) for part in rule.upper().removeprefix("RRULE:").split(";")
             if "=" in part)
    return {key.strip(): value.strip() for key, value in pairs}


def repeat_words(rule: str | None) -> str:
    """The rule in words ("" for none); a rule beyond what a phrase can say is "on a
    schedule of its own" rather than its code."""
    if not rule:
        return ""
    parts = parts_of(rule)
    freq = parts.pop("FREQ", "")
    interval_text = parts.pop("INTERVAL", "1")
    interval = int(interval_text) if interval_text.isdigit() else 0
    parts.pop("WKST", None)
    sayer = _SAYERS.get(freq)
    said = sayer(parts, interval) if sayer is not None else ""
    return said or translate("Repeats", "on a schedule of its own")


def _daily(parts: dict[str, str], interval: int) -> str:
    if parts or interval < 1:
        return ""
    return translate("Repeats", "every day") if interval == 1 else \
        fill(translate("Repeats", "every %1 days"), interval)


def _weekly(parts: dict[str, str], interval: int) -> str:
    days = parts.pop("BYDAY", "")
    codes = days.split(",") if days else []
    if parts or interval < 1 or any(code not in DAYS for code in codes):
        return ""
    if days == WEEKDAYS and interval == 1:
        return translate("Repeats", "every weekday")
    if not codes:
        return translate("Repeats", "every week") if interval == 1 else \
            fill(translate("Repeats", "every %1 weeks"), interval)
    named = _listed([_day_name(code) for code in codes])
    if interval == 1:
        return fill(translate("Repeats", "every %1"), named)
    if interval == 2:
        return fill(translate("Repeats", "every other %1"), named)
    return fill(translate("Repeats", "every %1 weeks on %2"), interval, named)


def _monthly(parts: dict[str, str], interval: int) -> str:
    day = parts.pop("BYMONTHDAY", "")
    if parts or interval < 1 or (day and not day.lstrip("-").isdigit()):
        return ""
    if not day:
        return translate("Repeats", "every month") if interval == 1 else \
            fill(translate("Repeats", "every %1 months"), interval)
    if day == "-1" and interval == 1:
        return translate("Repeats", "on the last day of every month")
    if not 1 <= int(day) <= 31:
        return ""
    if interval == 1:
        return fill(translate("Repeats", "every month on the %1"), _ordinal(int(day)))
    return fill(translate("Repeats", "every %1 months on the %2"), interval, _ordinal(int(day)))


def _yearly(parts: dict[str, str], interval: int) -> str:
    month, day = parts.pop("BYMONTH", ""), parts.pop("BYMONTHDAY", "")
    if parts or interval < 1:
        return ""
    if not month and not day:
        return translate("Repeats", "every year") if interval == 1 else \
            fill(translate("Repeats", "every %1 years"), interval)
    if interval != 1 or not (month.isdigit() and day.isdigit() and 1 <= int(month) <= 12):
        return ""
    return fill(translate("Repeats", "every year on %1"), _month_day(int(month), int(day)))


_SAYERS: dict[str, Callable[[dict[str, str], int], str]] = {
    "DAILY": _daily, "WEEKLY": _weekly, "MONTHLY": _monthly, "YEARLY": _yearly}


def _chinese() -> bool:
    return QLocale().language() == QLocale.Language.Chinese


def _day_name(code: str) -> str:
    """MO → "Monday" / "周一"."""
    form = QLocale.FormatType.ShortFormat if _chinese() else QLocale.FormatType.LongFormat
    return QLocale().dayName(DAYS.index(code) + 1, form)


def _listed(names: list[str]) -> str:
    """["Monday", "Friday"] → "Monday and Friday" / "周一、周五"."""
    if _chinese():
        return "、".join(names)
    if len(names) == 1:
        return names[0]
    return fill(translate("Repeats", "%1 and %2"), ", ".join(names[:-1]), names[-1])


def _ordinal(day: int) -> str:
    """5 → "5th" / "5号"."""
    if _chinese():
        return f"{day}号"
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _month_day(month: int, day: int) -> str:
    """(3, 8) → "8 March" / "3月8日"."""
    if _chinese():
        return f"{month}月{day}日"
    return f"{day} {QLocale().monthName(month, QLocale.FormatType.LongFormat)}"


def choice_of(rule: str | None) -> str:
    """The picker's choice that is exactly this rule ("typed" for any other rule)."""
    if not rule:
        return "none"
    return next((key for key, value, _name in CHOICES if value == rule), "typed")
