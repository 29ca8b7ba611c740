"""The role a time plays in typed text: deadline, time to do it, event, window, question.

"Send the report by Friday" names a **deadline**; "Call mum tomorrow 9am" the time to
do it (**when**); "Book a table for Saturday dinner" the time of an **event** the task
prepares for (due before it: the day before, or on the day for what is brought along);
"Find a slot next week" a **window** to search; "Ask Bob when next week's meeting starts"
a time **asked** about (or told: the content of a message). Only a deadline, a when and
an event give a due; the words of an event, a window and an asked time stay in the title.
Quick add and the offline planner both read roles here, so they never disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.dates.in_text import Found, find_dates
from app.dates.when import DEFAULT_TIME

# role → what it means (declared once; the readers use these names)
ROLES = {"deadline": "the time it must be done by ('by Friday', '下周五之前')",
         "when": "the time to do it ('call mum tomorrow 9am')",
         "event": "the time of an event the task is for ('for Saturday dinner')",
         "window": "a stretch of time to search ('find a slot next week')",
         "asked": "a time inside a question or a message ('ask when … starts')"}
_EVENT_EN = (r"dinner|lunch|breakfast|brunch|meeting|party|birthday|interview|flight|trip|"
             r"appointment|exam|test|wedding|concert|show|game|match|farewell|reunion|"
             r"conference|presentation|talk|class|lesson|holiday|vacation|ceremony|event|"
             r"check-?up|anniversary|celebration|picnic|barbecue|bbq|housewarming|graduation|"
             r"recital|performance|date|visit|journey|move|surgery|hearing|standup|stand-up|demo|"
             r"workshop|webinar|seminar|training|rehearsal|retro|session")
_EVENT_ZH = (r"家长会|会议|例会|年会|聚餐|聚会|生日|面试|航班|旅行|考试|婚礼|演唱会|"
             r"晚宴|晚饭|午饭|约会|派对|复诊|体检|比赛|典礼|演出|讲座|课|活动|手术|会|"
             r"机票|车票|高铁票|火车票|门票|票")
_EVENT_AFTER = re.compile(
    r"^[^，,。；;]{0,8}(?:要用|需要|用)的"  # "明天开会要用的资料"
    r"|^(?:'s)?\s+(?:[\w-]+\s+){0,2}?(?:" + _EVENT_EN + r")s?\b"  # "Thursday's meeting"
    r"|^(?:[^，,。；;的]{0,8}的[\u4e00-\u9fffA-Za-z]{0,6}?)?(?:" + _EVENT_ZH + r")",  # "周五的聚餐"
    re.IGNORECASE)
_EVENT_BEFORE = re.compile(r"\b(?:for|to|before|ahead of|until)\s+(?:the|my|our|his|her|their|"
                           r"your|a|an|this|that|[\w-]+['’]s)\s+(?:[\w'’-]+\s+){0,3}?(?:"
                           + _EVENT_EN + r")s?\b[^,;.]{0,24}$", re.IGNORECASE)
_AFTERWARDS = re.compile(r"\b(?:minutes|notes|photos|pictures|recap|summary|feedback|follow[- ]up|"
                         r"thank-you notes?|thanks)\s+(?:of|from|for|after)\b[^,;.]{0,30}$",
                         re.IGNORECASE)
_AFTERWARDS_ZH = re.compile(r"^[^，,。；;]{0,8}?(?:的|后的?)(?:会议)?"
                            r"(?:纪要|总结|记录|照片|反馈|复盘|录音|录像)")
_BEFORE_EVENT = re.compile(r"\b(?:before|ahead of|prior to)\s+(?!\d)(?:the|my|our|it|they|we|"
                           r"he|she|his|her|their|your|a|an)\b[^,;.]{0,40}$", re.IGNORECASE)
_BEFORE_EVENT_ZH = re.compile(r"^的?[\u4e00-\u9fffA-Za-z]{1,8}?(?:之前|以前|前)")
_BOOKING = re.compile(r"\b(?:book|reserve|order|schedule|arrange)\b[^,;.]*$|(?:订|预订|预定|预约)"
                      r"[^，,。；;]{0,6}$", re.IGNORECASE)
ON_THE_DAY = re.compile(r"^\s*(?:please\s+)?(?:bring|take|wear|carry|check in|go|attend|join|"
                        r"pick up)\b|^\s*(?:请|记得)?(?:带|拿|穿|参加|去|出席|值机)",
                        re.IGNORECASE)
_WINDOW = re.compile(r"\b(?:find|look for|pick|choose|suggest|propose)\s+(?:a|an|some|the)?\s*"
                     r"(?:free\s+|good\s+)?(?:slot|time|day|date|moment|hour)s?\b|\bsome\s*time\b"
                     r"|\bwhen\s+(?:I|we)\s+(?:am|are)\s+free\b|\bcheck\s+(?:my|the)\s+(?:calendar|"
                     r"schedule|diary)|找(?:个|一个)?(?:时间|空|时段)|抽(?:个)?空|挑(?:个)?时间|"
                     r"(?:看|查)(?:一下|看)?[^，,。]{0,6}(?:日程|日历|空闲|有空)|找.{0,4}空档",
                     re.IGNORECASE)
_SAY_EN = re.compile(r"\b(?:ask|tell|say|let\s+\w+\s+know|remind\s+(?!me\b)\w+|inform|notify|"
                     r"check with)\b(?P<rest>.*)$", re.IGNORECASE)
_QUESTION_EN = re.compile(r"\b(?:when|whether|if|what time|what|which|how|that|why|where)\b|"
                          r"\b(?:I|I'll|I'm|we|we're|the|our|my|she|he|it|they)\b", re.IGNORECASE)
_SAY_ZH = re.compile(r"(?:问|告诉|通知|说|转告|确认一下|确认)(?P<rest>[^，,。；;]*)$")
_QUESTION_AFTER = re.compile(r"^[^，,。；;]*?(?:[?？]|吗|呢|几点|什么时候|能不能|有没有|要不要|"
                             r"来不来|是不是|是否|多久|哪天)")
_CLAUSE = re.compile(r"[,，;；。]|\band then\b|\bthen\b|然后|\band\s+(?=[a-z]+\s)", re.IGNORECASE)
_WEEK = re.compile(r"week|(?:周|星期|礼拜)(?![一二三四五六日天])", re.IGNORECASE)
_MONTH = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b(?!\s*\d)|month"
                    r"|月(?![\d一二三四五六七八九十两]*[日号號])", re.IGNORECASE)


@dataclass(frozen=True)
class Timed:
    """A time found in a text, with its role and the stretch of time its words name."""

    role: str  # a ROLES name
    found: Found
    start: datetime  # where the named stretch begins ("in April": 1 April)
    end: datetime  # where it ends (the moment itself for a time of day)
    before: bool = False  # an event the task must be done before ("before the flight")

    @property
    def keeps_words(self) -> bool:
        """Whether the words stay in a title: all but a deadline's and a plain time's."""
        return self.role in ("event", "window", "asked") or self.found.attributive


def times_in(text: str, now: datetime) -> list[Timed]:
    """Every time phrase in ``text`` with its role, in the order they appear."""
    return [_timed(text, found, now) for found in find_dates(text, "due", now)]


def _timed(text: str, found: Found, now: datetime) -> Timed:
    start, end = span_of(text[found.start:found.end], found, now)
    role, before = _role(text, found)
    return Timed(role, found, start, end, before)


def _clause_before(text: str, at: int) -> str:
    head = text[:at]
    breaks = list(_CLAUSE.finditer(head))
    return head[breaks[-1].end():] if breaks else head


def _role(text: str, found: Found) -> tuple[str, bool]:
    before, after = _clause_before(text, found.start), text[found.end:]
    if _asked(text, found, before, after):
        return "asked", False
    if found.deadline:
        return "deadline", False
    if _BEFORE_EVENT.search(before) or _BEFORE_EVENT_ZH.match(after):
        return "event", True
    phrase = text[found.start:found.end]
    if _WINDOW.search(before + phrase + re.split(r"[,，;；。\n]", after)[0]):
        return "window", False
    if _AFTERWARDS.search(before) or _AFTERWARDS_ZH.match(after):
        return "when", False  # "the minutes of Friday's meeting": done after it
    if _EVENT_AFTER.match(after) or _EVENT_BEFORE.search(before) or re.match(
            r"for\b", phrase, re.IGNORECASE) or (_BOOKING.search(before) and after[:1] == "的"):
        return "event", False
    return "when", False


def _asked(text: str, found: Found, before: str, after: str) -> bool:
    if _in_quotes(text, found.start):
        return True
    zh = _SAY_ZH.search(before)
    if zh is not None and not re.match(r"\s*$", zh.group("rest")) or (
            zh is not None and _QUESTION_AFTER.match(after)):
        return True
    if zh is not None and not found.deadline:
        return True  # "通知大家周五放假", "告诉老婆今晚加班": what to say
    en = _SAY_EN.search(before)
    if en is None:
        return False
    words = en.group("rest").split()
    # "Ask Bob tomorrow": right after whom to ask, it is when to ask
    return len(words) > 1 and bool(_QUESTION_EN.search(en.group("rest")))


def _in_quotes(text: str, at: int) -> bool:
    head = text[:at]
    return head.count('"') % 2 == 1 or head.count("“") > head.count("”") or \
        head.count("「") > head.count("」")


def span_of(phrase: str, found: Found, now: datetime) -> tuple[datetime, datetime]:
    """The stretch of time a phrase names: a week, a month, a day, or a moment."""
    when = found.understood.when.astimezone(now.tzinfo)
    if found.understood.had_time:
        return when, when
    day = when.replace(hour=0, minute=0, second=0, microsecond=0)
    if _WEEK.search(phrase) and not re.search(r"end|底|weekend|周末", phrase, re.IGNORECASE):
        monday = day - timedelta(days=day.weekday())
        return max(monday, _midnight(now)), monday + timedelta(days=7)
    if _MONTH.search(phrase) and not re.search(r"\d|early|mid|late|初|中|底|末|end", phrase):
        first = day.replace(day=1)
        return max(first, _midnight(now)), day + timedelta(days=1)
    if re.search(r"\blate\b", phrase, re.IGNORECASE):
        return day.replace(day=21), day + timedelta(days=1)
    if re.search(r"\bmid\b|中", phrase, re.IGNORECASE):
        return day.replace(day=11), day.replace(day=21)
    if re.search(r"\bearly\b|初", phrase, re.IGNORECASE):
        return day.replace(day=1), day + timedelta(days=1)
    return day, day + timedelta(days=1)


def _midnight(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


@dataclass(frozen=True)
class Due:
    """The due a text gives, and the time phrase it came from."""

    when: datetime
    had_time: bool
    timed: Timed


def due_in(text: str, now: datetime, times: list[Timed] | None = None) -> Due | None:
    """The due the words give: a deadline, else the time to do it, else before the event."""
    times = times_in(text, now) if times is None else times
    for role in ("deadline", "when"):
        for timed in times:
            if timed.role == role:
                return Due(timed.found.understood.when, timed.found.understood.had_time, timed)
    event = next((t for t in times if t.role == "event"), None)
    if event is None:
        return None
    return _before_event(text, event, now)


def _before_event(text: str, event: Timed, now: datetime) -> Due:
    """Due before the event: on the day for what is brought along ("bring your ID to the
    appointment"), else the day before it begins (never before today)."""
    start = event.start
    if ON_THE_DAY.match(text) and not event.before:
        if event.found.understood.had_time:
            return Due(start, True, event)
        return Due(event.found.understood.when.astimezone(now.tzinfo), False, event)
    due_day = start.date() - timedelta(days=1)
    if due_day < now.date() <= start.date():  # the event is today: due today
        due_day = now.date()
    when = datetime.combine(due_day, DEFAULT_TIME["due"], now.tzinfo)
    if when > start and event.found.understood.had_time:
        when = start
    return Due(when, False, event)


def event_time(text: str, now: datetime) -> datetime | None:
    """When the event a text prepares for begins ("the flight in April": 1 April), or None."""
    event = next((t for t in times_in(text, now) if t.role == "event"), None)
    return None if event is None else event.start


def window_in(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The stretch of time a text asks to search ("a slot next week": next week), or None."""
    window = next((t for t in times_in(text, now) if t.role == "window"), None)
    return None if window is None else (max(window.start, now), window.end)
