"""Natural date phrases in English and Chinese, turned into aware instants.

Our own rules cover what people type into a planner ("tomorrow 3pm", "next friday",
"in 2 hours", "明天下午三点", "后天", "下周五", "3天后") with the meanings DESIGN.md
fixes; anything else goes to dateparser. A date without a time gets the role's
default time: 09:00 for a start, 18:00 for a due time, 23:59 for an expiry.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo

from app.dates.checks import WEEKDAYS_EN, check_iso_date, check_reading, refuse_nonsense
from app.dates.checks import DateError as DateError
from models.fields import EARLIEST, LATEST, InstantOutOfRange, checked_utc, format_utc

DEFAULT_TIME = {"start": time(9, 0), "due": time(18, 0), "expires": time(23, 59)}
EXAMPLES = ("'tomorrow 3pm', 'next friday', 'in 2 hours', '2026-12-03 17:00', '明天下午三点', "
            "'3天后'")

WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "七": 6}
ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
             "六": 6, "七": 7, "八": 8, "九": 9}
NUM = r"(\d+|[零〇一二两三四五六七八九十]+)"
MAX_PHRASE = 200  # characters; longer text is not a date phrase (and would slow dateparser)
UNITS = {"minute": 1, "min": 1, "minutes": 1, "mins": 1, "hour": 60, "hours": 60, "hr": 60,
         "hrs": 60, "h": 60, "day": 1440, "days": 1440, "week": 10080, "weeks": 10080,
         "分钟": 1, "分": 1, "小时": 60, "个小时": 60, "钟头": 60, "个钟头": 60, "天": 1440,
         "日": 1440, "周": 10080, "星期": 10080, "个星期": 10080, "礼拜": 10080, "个礼拜": 10080}


@dataclass(frozen=True)
class Understood:
    """What a phrase was read as."""

    when: datetime
    had_time: bool

    def describe(self) -> str:
        return self.when.strftime("%a %Y-%m-%d %H:%M %Z").strip()


_log = logging.getLogger(__name__)
_warned_zones: set[str] = set()


def local_zone() -> tzinfo:
    """The user's IANA zone (honours TZ), so recurrences survive daylight-saving changes.

    A zone that cannot be found (``TZ=Not/AZone``) falls back to UTC, with a warning
    logged once per value.
    """
    from tzlocal import get_localzone

    try:
        return get_localzone()
    except (LookupError, ValueError, OSError):
        name = os.environ.get("TZ", "")
        if name not in _warned_zones:
            _warned_zones.add(name)
            _log.warning("unknown time zone %r; times are read and shown in UTC",
                         name or "(the system's)")
        return ZoneInfo("UTC")


def zh_number(text: str) -> int:
    """'15', '十五', '二十三', '两', '二零二六' → int (tens up to 九十九, or digit by digit).

    Raises:
        DateError: for text that is not such a number ('十十', '一十一十').
    """
    if text.isdecimal():
        return int(text)
    m = re.fullmatch(r"([一二两三四五六七八九])?十([一二三四五六七八九])?", text)
    if m:
        return (ZH_DIGITS[m[1]] if m[1] else 1) * 10 + (ZH_DIGITS[m[2]] if m[2] else 0)
    if not text or any(ch not in ZH_DIGITS for ch in text):
        raise DateError(f"{text!r} is not a number; write 十五, 二十三 or 15")
    value = 0
    for ch in text:
        value = value * 10 + ZH_DIGITS[ch]
    return value


def parse_when(text: str, role: str = "due", now: datetime | None = None) -> Understood:
    """Read ``text`` as a time, relative to ``now`` (aware; default: the current time).

    Args:
        text: an ISO 8601 time or a phrase in English or Chinese.
        role: ``start``, ``due`` or ``expires``; picks the time for a bare date.
        now: the reference instant.

    Raises:
        DateError: with examples of what works.
    """
    zone = local_zone()
    now = (now or datetime.now(zone)).astimezone(zone)
    phrase = text.strip()
    if not phrase:
        raise DateError(f"an empty time; try {EXAMPLES}")
    if len(phrase) > MAX_PHRASE:
        raise DateError(f"a time phrase of {len(phrase)} characters is too long; try {EXAMPLES}")
    found = _iso(phrase, role, zone)
    if found is None:
        refuse_nonsense(phrase)
        found = _rules(phrase.lower(), role, now) or _fallback(phrase, role, now)
    if found is None:
        raise DateError(f"could not understand {text!r} as a time; try {EXAMPLES}")
    return in_range(found, text, zone)


def in_range(found: Understood, text: str, zone: tzinfo) -> Understood:
    """``found`` in ``zone``, if it lies in the range Stepwise keeps.

    Raises:
        DateError: naming the range, for a time before ``EARLIEST`` or after ``LATEST``.
    """
    try:
        when = checked_utc(found.when)
    except InstantOutOfRange:
        raise DateError(f"{text!r} is outside the times Stepwise keeps ({format_utc(EARLIEST)} "
                        f"to {format_utc(LATEST)})") from None
    return Understood(when.astimezone(zone), found.had_time)


def _iso(text: str, role: str, zone: tzinfo) -> Understood | None:
    candidate = text.replace(" ", "T", 1) if re.fullmatch(r"\d{4}-\d\d-\d\d \d.*", text) else text
    try:
        value = datetime.fromisoformat(candidate.replace("Z", "+00:00"))
    except ValueError:
        if re.match(r"\d{4}-\d\d-\d\d(?:[T ]|$)", text):
            check_iso_date(text)
            raise DateError(f"{text!r} is not an ISO 8601 time; try '2026-12-03 17:00' or "
                            "'2026-12-03T09:00:00Z'") from None
        return None
    if _is_bare_date(text):
        return Understood(datetime.combine(value.date(), DEFAULT_TIME[role], zone), False)
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return Understood(value, True)


# --- our rules ------------------------------------------------------------------------

_RELATIVE = [
    re.compile(r"\bin\s+(an?|\d+|half an?)\s*(minutes?|mins?|hours?|hrs?|h|days?|weeks?)\b"),
    re.compile(NUM + r"\s*(个小时|个钟头|小时|钟头|分钟|分|天|日|个星期|星期|个礼拜|礼拜|周)"
               r"[以之]?后"),
    re.compile(r"(半)(小时|个小时|个钟头)[以之]?后"),
]
_DAYWORDS = {
    "today": 0, "tonight": 0, "tomorrow": 1, "tmr": 1, "day after tomorrow": 2,
    "今天": 0, "今日": 0, "今晚": 0, "明天": 1, "明日": 1, "明晚": 1, "明早": 1,
    "后天": 2, "後天": 2, "大后天": 3,
}
_TIME_EN = re.compile(
    r"\b(?:at\s+)?(\d{1,2})(?:[:.](\d\d))?\s*(am|pm|a\.m\.|p\.m\.)|\b(?:at\s+)?(\d{1,2}):(\d\d)\b"
    r"|\b(noon|midnight)\b")
_TIME_ZH = re.compile(
    r"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|今晚|明晚)?\s*" + NUM + r"\s*[点點时時]\s*"
    r"(?:(半)|" + NUM + r"\s*分?|(一刻)|(三刻))?")
# "this week", "这周", "本周" (not 这周五 nor 这周末, which name a day of it)
THIS_WEEK = re.compile(r"\bthis week\b|(?:这|這|本)(?:个|個)?(?:周|星期|礼拜|禮拜)"
                       r"(?![一二三四五六日天七末])")
_EVENING_WORDS = ("下午", "傍晚", "晚上", "今晚", "明晚", "tonight")
_FILLER = re.compile(r"^[\s,，.。的at on by before]*$")


def _rules(text: str, role: str, now: datetime) -> Understood | None:
    rest = text
    relative, rest = _take_relative(rest)
    if relative is not None:
        if not _FILLER.match(rest):
            return None
        later = _shift(now, relative, text)
        if relative % timedelta(days=1):  # minutes and hours: an exact instant
            return Understood(later, True)
        return Understood(datetime.combine(later.date(), DEFAULT_TIME[role], now.tzinfo), False)
    day, rest = _take_day(rest, now)
    clock, rest = _take_time(rest, evening=any(w in text for w in _EVENING_WORDS))
    if clock is None and any(w in text for w in ("tonight", "今晚", "明晚")):
        clock = time(20, 0)
    if (day is None and clock is None) or not _FILLER.match(rest):
        return None
    if day is None:  # a bare time: today, or tomorrow if it has passed
        day = now.date()
        assert clock is not None
        if datetime.combine(day, clock, now.tzinfo) <= now:
            day += timedelta(days=1)
    when = datetime.combine(day, clock or DEFAULT_TIME[role], now.tzinfo)
    return Understood(when, clock is not None)


def _is_bare_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _shift(now: datetime, delta: timedelta, text: str) -> datetime:
    try:
        return now + delta
    except OverflowError:
        raise DateError(f"{text.strip()!r} is outside the times Stepwise keeps "
                        f"({format_utc(EARLIEST)} to {format_utc(LATEST)})") from None


def _take_relative(text: str) -> tuple[timedelta | None, str]:
    for pattern in _RELATIVE:
        m = pattern.search(text)
        if not m:
            continue
        amount_text, unit = m.group(1), m.group(2)
        if amount_text.startswith("half") or amount_text == "半":
            minutes = 30.0
        else:
            amount = 1 if amount_text in ("a", "an") else zh_number(amount_text)
            minutes = amount * UNITS.get(unit, UNITS.get(unit.rstrip("s"), 0))
        if minutes > (LATEST - EARLIEST) / timedelta(minutes=1):
            raise DateError(f"{m[0]!r} is further than the times Stepwise keeps (up to "
                            f"{format_utc(LATEST)})")
        return timedelta(minutes=minutes), text[:m.start()] + text[m.end():]
    return None, text


def _take_day(text: str, now: datetime) -> tuple[date | None, str]:
    today = now.date()
    m = re.search(r"(下下|下|这|這|本|上)?(?:个)?(?:周|星期|礼拜|禮拜)([一二三四五六日天七])", text)
    if m:
        target = WEEKDAYS_ZH[m.group(2)]
        week_start = today - timedelta(days=today.weekday())
        shift = {"下下": 2, "下": 1, "这": 0, "這": 0, "本": 0, "上": -1}.get(m.group(1) or "")
        if shift is None:  # bare 周五: the next one, today included
            day = today + timedelta(days=(target - today.weekday()) % 7)
        else:
            day = week_start + timedelta(weeks=shift, days=target)
        return day, text[:m.start()] + text[m.end():]
    m = re.search(r"\b(next|this|coming|on)?\s*(" + "|".join(WEEKDAYS_EN) + r")\b", text)
    if m:
        ahead = (WEEKDAYS_EN[m.group(2)] - today.weekday()) % 7
        if m.group(1) in ("next", "coming") and ahead == 0:
            ahead = 7
        return today + timedelta(days=ahead), text[:m.start()] + text[m.end():]
    m = re.search(r"\bnext week\b|下周|下星期|下个星期", text)
    if m:
        return today + timedelta(days=7 - today.weekday()), text[:m.start()] + text[m.end():]
    m = THIS_WEEK.search(text)
    if m:  # what is left of this week: due at its end, Sunday, as "end of the week" is
        return today + timedelta(days=6 - today.weekday()), text[:m.start()] + text[m.end():]
    for word in sorted(_DAYWORDS, key=len, reverse=True):
        pattern = re.escape(word) if not word.isascii() else r"\b" + re.escape(word) + r"\b"
        m = re.search(pattern, text)
        if m:
            return today + timedelta(days=_DAYWORDS[word]), text[:m.start()] + text[m.end():]
    return None, text


def _take_time(text: str, evening: bool) -> tuple[time | None, str]:
    m = _TIME_EN.search(text)
    if m:
        if m.group(6):
            clock = time(12, 0) if m.group(6) == "noon" else time(0, 0)
        elif m.group(3):
            if not 1 <= int(m.group(1)) <= 12:
                raise DateError(f"{m.group(0).strip()!r} is not a time of day: with am or pm "
                                "the hour is 1 to 12")
            hour = int(m.group(1)) % 12 + (12 if m.group(3).startswith("p") else 0)
            clock = _clock(hour, int(m.group(2) or 0))
        else:
            hour = int(m.group(4))
            clock = _clock(hour + 12 if evening and hour < 12 else hour, int(m.group(5)))
        return clock, text[:m.start()] + text[m.end():]
    m = _TIME_ZH.search(text)
    if m:
        period, hour = m.group(1), zh_number(m.group(2))
        minute = 30 if m.group(3) else zh_number(m.group(4)) if m.group(4) else (
            15 if m.group(5) else 45 if m.group(6) else 0)
        if (period in _EVENING_WORDS or (period is None and evening)) and hour < 12:
            hour += 12
        elif period == "中午" and hour < 6:
            hour += 12
        return _clock(hour, minute), text[:m.start()] + text[m.end():]
    m = re.search(r"\b(morning|afternoon|evening)\b|上午|下午|晚上|早上|中午", text)
    if m:
        word = m.group(0)
        hour = {"morning": 9, "上午": 9, "早上": 8, "afternoon": 15, "下午": 15,
                "evening": 19, "晚上": 19, "中午": 12}[word]
        return time(hour, 0), text[:m.start()] + text[m.end():]
    return None, text


def _clock(hour: int, minute: int) -> time:
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise DateError(f"{hour}:{minute:02d} is not a time of day; try {EXAMPLES}")
    return time(hour, minute)


def _fallback(text: str, role: str, now: datetime) -> Understood | None:
    """dateparser, for phrases our rules do not cover ('Dec 3', '3 December 2026 5pm')."""
    import dateparser

    settings = {
        "PREFER_DATES_FROM": "future",
        "RELATIVE_BASE": now.replace(tzinfo=None),
        "RETURN_TIME_AS_PERIOD": True,
    }
    try:
        data = dateparser.date.DateDataParser(
            languages=["en", "zh"], settings=settings).get_date_data(text)
    except (OverflowError, ValueError):  # a number too big for a date: not a time we keep
        return None
    if data.date_obj is None:
        return None
    value = data.date_obj
    check_reading(text, value)
    if value.tzinfo is not None:
        return Understood(value, True)
    if data.period == "time":
        return Understood(value.replace(tzinfo=now.tzinfo), True)
    return Understood(datetime.combine(value.date(), DEFAULT_TIME[role], now.tzinfo), False)


def parse_quick(text: str, role: str = "due", now: datetime | None = None) -> Understood | None:
    """``parse_when`` with our rules only (no dateparser): fast enough for every keystroke.

    Returns None when the rules do not read ``text``; raises DateError for an impossible
    clock time ("25:00").
    """
    zone = local_zone()
    now = (now or datetime.now(zone)).astimezone(zone)
    phrase = text.strip()
    if not phrase:
        return None
    found = _iso(phrase, role, zone) or _rules(phrase.lower(), role, now)
    return None if found is None else in_range(found, phrase, zone)
