"""Recurrence phrases in English and Chinese, read as RFC 5545 RRULEs.

"every Monday", "every other week", "on the 5th of every month", "weekdays",
"every year on March 3", "每天", "每个工作日", "每周五", "每两周", "每月5号", "每年3月8日"
become rules such as ``FREQ=WEEKLY;BYDAY=FR``. The time of day stays in the task's
anchor (its due time in the user's IANA zone), so 09:00 stays 09:00 across DST.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from app.dates.in_text import MONTHS_EN
from app.dates.when import zh_number

DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_EN_DAY = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_ZH_DAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_DAYNAME = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH = r"(" + "|".join(sorted(MONTHS_EN, key=len, reverse=True)) + r")\.?"
_NUM = r"(\d+|[一二两三四五六七八九十]+)"
_WEEKDAYS = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

# (pattern, builder name); the first that matches wins, so the specific come first
_PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.IGNORECASE), kind)
                                                for p, kind in (
    (r"\bevery\s+(?:single\s+)?(?:week\s*day|work\s*day|business\s+day)s?\b|\bon\s+weekdays\b"
     r"|\bweekdays\b|每个?工作日|工作日每天|每逢工作日", "weekdays"),
    (r"\b(?:every|each)\s+(other\s+|second\s+)?(" + _DAYNAME + r"(?:\s*(?:,|and|&)\s*"
     + _DAYNAME + r")*)\b|\bon\s+(" + _DAYNAME + r")s\b", "weekly_en"),
    (r"(?:每|隔)(两|隔|隔一)?(?:个)?(?:周|星期|礼拜)(?:的)?(?:周|星期|礼拜)?"
     r"([一二三四五六日天](?:\s*[、,，和及与]?\s*(?:周|星期|礼拜)?[一二三四五六日天])*)",
     "weekly_zh"),
    (r"每(?:个)?月(?:的)?最后一天|\b(?:on\s+)?the\s+last\s+day\s+of\s+(?:every|each)\s+month\b"
     r"|\b(?:every|each)\s+month\s+on\s+the\s+last\s+day\b", "month_end"),
    (r"\b(?:on\s+)?the\s+" + _ORD + r"\s+(?:day\s+)?of\s+(?:every|each)\s+month\b"
     r"|\b(?:every|each)\s+month\s+on\s+the\s+" + _ORD + r"\b|\bmonthly\s+on\s+the\s+" + _ORD
     + r"\b", "monthly_en"),
    (r"每(?:个)?月(?:的)?" + _NUM + r"[号日號]", "monthly_zh"),
    (r"\b(?:every|each)\s+year\s+on\s+(?:" + _MONTH + r"\s+" + _ORD + r"|" + _ORD
     + r"\s+(?:of\s+)?" + _MONTH + r")\b|\b(?:every|each)\s+" + _MONTH + r"\s+" + _ORD + r"\b",
     "yearly_en"),
    (r"每年(?:的)?" + _NUM + r"月" + _NUM + r"[号日號]?", "yearly_zh"),
    (r"\b(?:every|each)\s+(other|second|\d+)?\s*(day|week|month|year)s?\b"
     r"|\b(daily|weekly|monthly|yearly|annually|biweekly|fortnightly)\b|\bevery\s+fortnight\b",
     "simple_en"),
    (r"\b(?:every|each)\s+(morning|evening|night)\b|\bnightly\b", "daypart_en"),
    (r"每(?:隔)?" + _NUM + r"(?:个)?(天|周|星期|月|年)", "interval_zh"),
    (r"(?:每|隔)(两|隔)(?:个)?(?:周|星期|礼拜)|隔周", "biweekly_zh"),
    (r"每(天|日|晚|早|周|星期|礼拜|个月|月|年)", "simple_zh"),
)]


@dataclass(frozen=True)
class Recurring:
    """A recurrence found in text: its rule, a time of day it implies, where it was."""

    rule: str
    start: int
    end: int
    clock: time | None = None

    def first(self, now: datetime, clock: time) -> datetime:
        """The first occurrence after ``now`` (aware, local) at ``clock``."""
        from dateutil.rrule import rrulestr

        local = now.replace(tzinfo=None)
        begin = datetime.combine(local.date(), clock)
        rule = rrulestr(self.rule, dtstart=begin)
        found = rule.after(local) or begin + timedelta(days=1)
        return found.replace(tzinfo=now.tzinfo)


def find_recurrence(text: str) -> Recurring | None:
    """The first recurrence phrase in ``text``, or None."""
    for pattern, kind in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        try:
            rule, clock = _BUILDERS[kind](m)
        except ValueError:
            return None  # "the 45th of every month": no day like that, so no recurrence
        return Recurring(rule, m.start(), m.end(), clock)
    return None


def _weekdays(m: re.Match[str]) -> tuple[str, time | None]:
    return _WEEKDAYS, None


def _weekly_en(m: re.Match[str]) -> tuple[str, time | None]:
    names = re.findall(r"(mon|tue|wed|thu|fri|sat|sun)", (m.group(2) or m.group(3)).lower())
    days = ",".join(DAYS[_EN_DAY[n]] for n in dict.fromkeys(names))
    interval = ";INTERVAL=2" if m.group(1) else ""
    return f"FREQ=WEEKLY{interval};BYDAY={days}", None


def _weekly_zh(m: re.Match[str]) -> tuple[str, time | None]:
    names = [c for c in m.group(2) if c in _ZH_DAY]
    days = ",".join(DAYS[_ZH_DAY[c]] for c in dict.fromkeys(names))
    interval = ";INTERVAL=2" if m.group(1) or m.group(0).startswith("隔") else ""
    return f"FREQ=WEEKLY{interval};BYDAY={days}", None


def _monthly_en(m: re.Match[str]) -> tuple[str, time | None]:
    day = int(next(g for g in m.groups() if g))
    return f"FREQ=MONTHLY;BYMONTHDAY={_day(day)}", None


def _month_end(m: re.Match[str]) -> tuple[str, time | None]:
    return "FREQ=MONTHLY;BYMONTHDAY=-1", None


def _monthly_zh(m: re.Match[str]) -> tuple[str, time | None]:
    return f"FREQ=MONTHLY;BYMONTHDAY={_day(zh_number(m.group(1)))}", None


def _day(day: int) -> int:
    if not 1 <= day <= 31:
        raise ValueError(f"{day} is not a day of the month")
    return day


def _yearly_en(m: re.Match[str]) -> tuple[str, time | None]:
    groups = [g for g in m.groups() if g]
    month = next(MONTHS_EN[g.lower().rstrip(".")] for g in groups if not g.isdigit())
    day = int(next(g for g in groups if g.isdigit()))
    return f"FREQ=YEARLY;BYMONTH={month};BYMONTHDAY={_day(day)}", None


def _yearly_zh(m: re.Match[str]) -> tuple[str, time | None]:
    month, day = zh_number(m.group(1)), zh_number(m.group(2))
    if not 1 <= month <= 12:
        raise ValueError(f"{month} is not a month")
    return f"FREQ=YEARLY;BYMONTH={month};BYMONTHDAY={_day(day)}", None


_FREQ = {"day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY",
         "天": "DAILY", "日": "DAILY", "晚": "DAILY", "早": "DAILY", "周": "WEEKLY",
         "星期": "WEEKLY", "礼拜": "WEEKLY", "月": "MONTHLY", "个月": "MONTHLY", "年": "YEARLY",
         "daily": "DAILY", "weekly": "WEEKLY", "monthly": "MONTHLY", "yearly": "YEARLY",
         "annually": "YEARLY"}


def _simple_en(m: re.Match[str]) -> tuple[str, time | None]:
    word = (m.group(3) or "").lower()
    if word in ("biweekly", "fortnightly") or "fortnight" in m.group(0).lower():
        return "FREQ=WEEKLY;INTERVAL=2", None
    if word:
        return f"FREQ={_FREQ[word]}", None
    step = m.group(1)
    interval = 2 if step and not step.isdigit() else int(step or 1)
    return _interval(_FREQ[m.group(2).lower()], interval), None


def _interval(freq: str, interval: int) -> str:
    if interval < 1:
        raise ValueError("a recurrence needs an interval of at least 1")
    return f"FREQ={freq}" + (f";INTERVAL={interval}" if interval > 1 else "")


def _daypart_en(m: re.Match[str]) -> tuple[str, time | None]:
    word = (m.group(1) or "night").lower()
    return "FREQ=DAILY", {"morning": time(8, 0), "evening": time(19, 0), "night": time(21, 0)}[word]


def _interval_zh(m: re.Match[str]) -> tuple[str, time | None]:
    return _interval(_FREQ[m.group(2)], zh_number(m.group(1))), None


def _biweekly_zh(m: re.Match[str]) -> tuple[str, time | None]:
    return "FREQ=WEEKLY;INTERVAL=2", None


def _simple_zh(m: re.Match[str]) -> tuple[str, time | None]:
    word = m.group(1)
    clock = {"晚": time(20, 0), "早": time(8, 0)}.get(word)
    return f"FREQ={_FREQ[word]}", clock


_BUILDERS = {"weekdays": _weekdays, "weekly_en": _weekly_en, "weekly_zh": _weekly_zh,
             "monthly_en": _monthly_en, "month_end": _month_end, "monthly_zh": _monthly_zh,
             "yearly_en": _yearly_en,
             "yearly_zh": _yearly_zh, "simple_en": _simple_en, "daypart_en": _daypart_en,
             "interval_zh": _interval_zh, "biweekly_zh": _biweekly_zh, "simple_zh": _simple_zh}
