"""Date phrases found anywhere in typed text, read without dateparser (fast enough per keystroke).

``find_date`` locates the date words in a title ("Renew passport before Dec 20",
"Prepare for the interview at Acme on Thursday", "国庆节前交材料", "晚上10点") and reads
them with app.dates.when' own rules, plus the calendar words those rules leave out: month
days ("Dec 20", "12月20日", "the 5th"), months ("in March", "late December"), month
and week ends ("月底", "end of the week") and public holidays ("国庆节前").
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from app.dates.when import DEFAULT_TIME, THIS_WEEK, DateError, Understood, parse_quick, zh_number

MONTHS_EN = {name: i + 1 for i, names in enumerate((
    "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul",
    "august aug", "september sep sept", "october oct", "november nov", "december dec"))
    for name in names.split()}
_MONTH = r"(?:" + "|".join(sorted(MONTHS_EN, key=len, reverse=True)) + r")\b\.?"
_ZH_NUM = r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})"
_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_WEEKDAY_SHORT = r"mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
_TIME_EN = (r"(?:(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|(?:at\s+)?\d{1,2}:\d\d"
            r"|noon|midnight)")
_PERIOD_ZH = r"(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)"
_TIME_ZH = (r"(?:" + _PERIOD_ZH + r"\s*" + _ZH_NUM + r"|\d{1,2}|(?!一)" + _ZH_NUM + r")\s*[点點时]"
            r"(?![儿点])(?:半|一刻|三刻|" + _ZH_NUM + r"分?)?|" + _PERIOD_ZH)
# fixed-date holidays, and the lunar ones for the years a planner meets
HOLIDAYS_FIXED = {"元旦": (1, 1), "劳动节": (5, 1), "五一": (5, 1), "国庆": (10, 1),
                  "国庆节": (10, 1), "圣诞": (12, 25), "圣诞节": (12, 25), "christmas": (12, 25),
                  "new year": (1, 1), "new year's day": (1, 1), "情人节": (2, 14)}
HOLIDAYS_LUNAR = {"春节": {2026: date(2026, 2, 17), 2027: date(2027, 2, 6),
                           2028: date(2028, 1, 26), 2029: date(2029, 2, 13)},
                  "中秋": {2026: date(2026, 9, 25), 2027: date(2027, 9, 15),
                           2028: date(2028, 10, 3), 2029: date(2029, 9, 22)},
                  "端午": {2026: date(2026, 6, 19), 2027: date(2027, 6, 9),
                           2028: date(2028, 5, 28), 2029: date(2029, 6, 16)}}
_HOLIDAY = "|".join(sorted([*HOLIDAYS_FIXED, *HOLIDAYS_LUNAR], key=len, reverse=True))

_MONTH_REF_ZH = r"(?P<ref_zh>下下个?月|下个?月|本月|这个月|次月)"
_CALENDAR_ATOM = re.compile(
    r"(?P<month_dom>" + _MONTH_REF_ZH + r"的?(?P<day_zh>" + _ZH_NUM + r")[日号號]"
    r"|(?P<ref_en>next month|this month)[,\s]+(?:on\s+)?(?:the\s+)?(?P<day_en>\d{1,2})"
    r"(?:st|nd|rd|th)?\b"
    r"|(?:the\s+)?(?P<day_of>\d{1,2})(?:st|nd|rd|th)?\s+of\s+(?P<ref_of>next|this)\s+month\b)"
    r"|(?P<md_en>" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s*\d{4})?"
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?"
    r"\s+(?:of\s+)?" + _MONTH + r"(?:,?\s*\d{4})?)"
    r"|(?P<md_zh>(?:(?P<y>\d{4})年)?(?P<m>" + _ZH_NUM + r")月(?P<d>" + _ZH_NUM + r")[日号號]?)"
    r"|(?P<month>(?:(?P<part>early|mid|late|end of|the end of|beginning of)\s*-?\s*|\bin\s+"
    r"|\bby\s+|\bbefore\s+|\buntil\s+)" + _MONTH + r"(?!\s*\d))"
    r"|(?P<month_zh>(?:(?P<next_year>明年)|今年)?(?P<mz>" + _ZH_NUM + r")月(?:份)?"
    r"(?P<mpart>初|中|底|末)?"
    r"(?![\d日号號一二三四五六七八九十两]))"
    r"|(?P<next_month>(?:下个?月|本月|这个月|(?P<en_part>early |mid-?|late |end of )?next month)"
    r"(?P<npart>初|中|底|末)?)"
    r"|(?P<rel_en>\bin\s+(?P<rel_n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+"
    r"(?P<rel_unit>days?|weeks?|months?)\b)"
    r"|(?P<dom_en>\bthe\s+\d{1,2}(?:st|nd|rd|th)\b)"
    r"|(?P<dom_zh>(?<![月\d])" + _ZH_NUM + r"[号號](?![码楼线门]))"
    r"|(?P<end>\b(?:the )?end of (?:the |this )?(?:week|month|year)\b"
    r"|\b(?:the\s+)?last day of (?:the |this )?month\b"
    r"|月底|月末|年底|年末|本月底|这个月底|下个?周末|\bnext weekend\b|周末|(?:这|這|本)个?周末"
    r"|\bthis weekend\b|\bthe weekend\b)"
    r"|(?P<holiday>" + _HOLIDAY + r")节?(?P<before>前|之前|以前)?",
    re.IGNORECASE)

_RULE_ATOM = re.compile(
    r"\b(?:(?:next|this|coming)\s+)?(?:" + _WEEKDAY + r"|week)\b"
    r"|\b(?:next|this|coming|on|by|due)\s+(?:" + _WEEKDAY_SHORT + r")\b"
    r"|\b(?:the\s+)?day after tomorrow\b|\b(?:today|tonight|tomorrow|tmr)\b"
    r"|\b(?:this\s+)?(?:morning|afternoon|evening)\b"
    r"|\bin\s+(?:an?|\d+|half an?)\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\b"
    r"|\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d)?"
    r"|(?:下下|下|这|這|本)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]|下周|下星期|下个星期"
    r"|" + THIS_WEEK.pattern +
    r"|大后天|今天|今日(?!期)|今晚|明天|明日(?!期)|明晚|明早|后天"
    r"|" + _ZH_NUM + r"\s*(?:个小时|小时|分钟|天|个星期|星期|周)[以之]?后"
    r"|" + _TIME_EN + r"|" + _TIME_ZH +
    r"|\bat\s+\d{1,2}\b(?!\s*(?:st|nd|rd|th|%|people|percent|[a-z]))"
    r"|下班之?前|上班前|午饭前|中午前|\bend of day\b|\beod\b|\bclose of business\b",
    re.IGNORECASE)
_JOIN = re.compile(r"^[\s,，的]*(?:at|on)?[\s,，的]*$", re.IGNORECASE)
_LEAD = re.compile(r"(?:\b(?:due|by|before|until|till|no later than|on|at|for|in)\s+|在|于|到)$",
                   re.IGNORECASE)
_TRAIL = re.compile(r"^(?:之前|以前|前|为止|之内|以内|内(?![部容测审训网存务科外销需]))")  # 本周内
_CONTENT = re.compile(r"\b(?:moved to|move to|changed to|from|to|until|till)\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """A date phrase in a text: what it means and where it was (to cut it from a title)."""

    understood: Understood
    start: int
    end: int
    attributive: bool = False  # "周五的聚餐", "the meeting moved to 4pm": part of the words
    deadline: bool = False  # "by Friday", "周五前": marked as the time it is due


def find_date(text: str, role: str, now: datetime) -> Found | None:
    """The first date phrase in ``text`` that reads as a time, or None (never dateparser)."""
    found = find_dates(text, role, now, first=True)
    return found[0] if found else None


def find_dates(text: str, role: str, now: datetime, first: bool = False) -> list[Found]:
    """Every date phrase in ``text`` that reads as a time, in order (``first``: stop at one)."""
    atoms = sorted([(m.start(), m.end(), "cal") for m in _CALENDAR_ATOM.finditer(text)]
                   + [(m.start(), m.end(), "rule") for m in _RULE_ATOM.finditer(text)],
                   key=lambda a: (a[0], -a[1]))  # the longest phrase where two begin
    found: list[Found] = []
    for group in _groups(atoms, text):
        one = _read_group(text, group, role, now)
        if one is not None and not (found and one.start < found[-1].end):
            found.append(one)
            if first:
                break
    return found


def _groups(atoms: list[tuple[int, int, str]], text: str) -> list[list[tuple[int, int, str]]]:
    """Atoms next to each other (only spaces, 'at', 'on' between) form one phrase."""
    groups: list[list[tuple[int, int, str]]] = []
    for atom in atoms:
        if groups and (atom[0] < groups[-1][-1][1] or _JOIN.match(
                text[groups[-1][-1][1]:atom[0]])):
            if atom[0] >= groups[-1][-1][1]:
                groups[-1].append(atom)
            continue
        groups.append([atom])
    return groups


def _read_group(text: str, group: list[tuple[int, int, str]], role: str, now: datetime
                ) -> Found | None:
    start, end = group[0][0], group[-1][1]
    cal = [a for a in group if a[2] == "cal"]
    when: Understood | None
    if cal:
        day = calendar_day(text[cal[0][0]:cal[0][1]], role, now)
        if day is None:
            return None
        clock = _clock_of([text[a[0]:a[1]] for a in group if a[2] == "rule"], now)
        when = Understood(datetime.combine(day, clock or DEFAULT_TIME[role], now.tzinfo),
                          clock is not None)
    else:
        when = _rules(text[start:end], role, now)
        if when is None and len(group) > 1:
            return _read_group(text, group[:1], role, now)
    if when is None:
        return None
    lead = _LEAD.search(text[:start])
    trail = _TRAIL.match(text[end:])
    attributive = text[end:end + 1] == "的" or bool(_CONTENT.search(text[:start]))
    marked = bool(lead and re.search(r"due|by|before|until|till|no later", lead.group(0),
                                     re.IGNORECASE))
    deadline = bool(trail) or text[start:end].endswith("前") or marked  # "国庆节前" too
    return Found(when, lead.start() if lead else start, end + (trail.end() if trail else 0),
                 attributive, deadline)


_BARE_AT = re.compile(r"\bat\s+(\d{1,2})\b(?!\s*(?::|am|pm|a\.m|p\.m))", re.IGNORECASE)
_CLOCK_WORDS = {"下班前": "18点", "下班之前": "18点", "上班前": "9点", "午饭前": "12点",
                "中午前": "12点", "end of day": "6pm", "eod": "6pm", "close of business": "6pm"}


def _normal(phrase: str) -> str:
    """"the day after tomorrow", "monday at 11" (11:00; "at 5" is 17:00), "下班前" (18:00)."""
    phrase = re.sub(r"^the\s+", "", phrase, flags=re.IGNORECASE)
    for word, clock in _CLOCK_WORDS.items():
        phrase = re.sub(re.escape(word), clock, phrase, flags=re.IGNORECASE)

    def hour(m: re.Match[str]) -> str:
        value = int(m.group(1))
        return f"at {value + 12 if 1 <= value <= 7 else value}:00"

    return _BARE_AT.sub(hour, phrase)


def _rules(phrase: str, role: str, now: datetime) -> Understood | None:
    try:
        return parse_quick(_normal(phrase), role, now)
    except DateError:
        return None


def _clock_of(phrases: list[str], now: datetime) -> time | None:
    for phrase in phrases:
        found = _rules(phrase, "due", now)
        if found is not None and found.had_time:
            return found.when.time()
    return None


def calendar_day(phrase: str, role: str, now: datetime) -> date | None:
    """The day a calendar phrase names (the next one from ``now``), or None."""
    m = _CALENDAR_ATOM.fullmatch(phrase.strip())
    if m is None:
        return None
    today = now.date()
    kind = _kind_of(m)
    reader = {"month_dom": _month_and_day, "md_en": _month_day_en, "md_zh": _month_day_zh,
              "month": _month,
              "month_zh": _month_zh, "next_month": _next_month, "rel_en": _relative_en,
              "dom_en": _day_of_month, "dom_zh": _day_of_month, "end": _end_of,
              "holiday": _holiday}[kind]
    try:
        return reader(m, today, role)
    except (ValueError, KeyError, StopIteration):  # "Dec 45": no such day, so not a date
        return None


def _kind_of(m: re.Match[str]) -> str:
    return next(k for k in _KINDS if m.group(k))


_KINDS = ("month_dom", "md_en", "md_zh", "month", "month_zh", "next_month", "rel_en", "dom_en",
          "dom_zh", "end", "holiday")
_WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                 "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year, month = day.year + year, month + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _part_day(year: int, month: int, part: str, role: str) -> date:
    last = calendar.monthrange(year, month)[1]
    day = {"初": 5, "early": 10, "中": 15, "mid": 20}.get(part.strip(" -").split(" ")[0], 0)
    if not day:
        day = 1 if role == "start" and not part else last
    return date(year, month, day)


def _month_zh(m: re.Match[str], today: date, role: str) -> date:
    month = zh_number(m.group("mz"))
    if not 1 <= month <= 12:
        raise ValueError(f"{month} is not a month")
    year = today.year + 1 if m.group("next_year") or month < today.month else today.year
    return _part_day(year, month, m.group("mpart") or "", role)


def _next_month(m: re.Match[str], today: date, role: str) -> date:
    this = m.group(0).startswith(("本", "这"))
    first = today.replace(day=1) if this else _add_months(today.replace(day=1), 1)
    part = m.group("npart") or (m.group("en_part") or "").strip()
    return _part_day(first.year, first.month, "底" if part == "end of" else part, role)


def _month_and_day(m: re.Match[str], today: date, role: str) -> date:
    """"下个月15号", "next month on the 15th", "the 3rd of this month": that month's day."""
    ref = (m.group("ref_zh") or m.group("ref_en") or m.group("ref_of")).lower()
    ahead = 2 if ref.startswith("下下") else 0 if ref.startswith(("本", "这", "this")) else 1
    first = _add_months(today.replace(day=1), ahead)
    day = zh_number(m.group("day_zh") or m.group("day_en") or m.group("day_of"))
    return first.replace(day=day)  # ValueError for a day the month lacks: not a date


def _relative_en(m: re.Match[str], today: date, role: str) -> date:
    amount = _WORD_NUMBERS.get(m.group("rel_n").lower()) or int(m.group("rel_n"))
    unit = m.group("rel_unit").lower()
    if unit.startswith("month"):
        return _add_months(today, amount)
    return today + timedelta(days=amount * (7 if unit.startswith("week") else 1))


def _next_date(month: int, day: int, today: date, year: int | None = None) -> date:
    if year is not None:
        return date(year, month, day)
    found = date(today.year, month, min(day, calendar.monthrange(today.year, month)[1]))
    return found if found >= today else date(today.year + 1, month, day)


def _month_day_en(m: re.Match[str], today: date, role: str) -> date:
    text = m.group(0).lower().replace(",", " ").replace(".", " ")
    words = [w for w in text.split() if w != "of"]
    month = next(MONTHS_EN[w] for w in words if w in MONTHS_EN)
    numbers = [int(re.sub(r"\D", "", w)) for w in words if re.match(r"\d", w)]
    year = next((n for n in numbers if n > 31), None)
    return _next_date(month, next(n for n in numbers if n <= 31), today, year)


def _month_day_zh(m: re.Match[str], today: date, role: str) -> date:
    year = int(m.group("y")) if m.group("y") else None
    return _next_date(zh_number(m.group("m")), zh_number(m.group("d")), today, year)


def _month(m: re.Match[str], today: date, role: str) -> date:
    text = m.group(0).lower()
    month = next(v for k, v in sorted(MONTHS_EN.items(), key=lambda kv: -len(kv[0]))
                 if re.search(r"\b" + k + r"\b", text))
    year = today.year if month >= today.month else today.year + 1
    last = calendar.monthrange(year, month)[1]
    part = (m.group("part") or "").lower()
    if part == "early":
        day = 10
    elif part == "mid":
        day = 20
    elif part or role != "start":
        day = last
    else:
        day = 1
    return date(year, month, day)


def _day_of_month(m: re.Match[str], today: date, role: str) -> date:
    day = zh_number(re.sub(r"\D", "", m.group(0)) or re.sub(r"[号號]", "", m.group(0)))
    year, month = today.year, today.month
    if day < today.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return date(year, month, day)


def _end_of(m: re.Match[str], today: date, role: str) -> date:
    text = m.group(0).lower()
    if "week" in text or "周" in text:
        ahead = 7 if text.startswith(("下", "next")) else 0
        return today + timedelta(days=(6 - today.weekday()) % 7 + ahead)
    if "year" in text or "年" in text:
        return date(today.year, 12, 31)
    return date(today.year, today.month, calendar.monthrange(today.year, today.month)[1])


def _holiday(m: re.Match[str], today: date, role: str) -> date:
    name = m.group("holiday").lower()
    if name in HOLIDAYS_FIXED:
        day = _next_date(*HOLIDAYS_FIXED[name], today)
    else:
        years = HOLIDAYS_LUNAR[name]
        day = next(d for _, d in sorted(years.items()) if d >= today)
    return day - timedelta(days=1) if m.group("before") else day
