"""The role a time plays in typed text (``app.dates.roles``): held-out style cases, half
Chinese, each with the role of its time and the due it gives (None: no due).

The clock is Monday 2026-11-30 10:00 in Shanghai.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.dates.roles import ROLES, due_in, event_time, times_in, window_in

SHANGHAI = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=SHANGHAI)  # a Monday

CASES = [
    # deadlines: due at the time named
    ("Send the report by Friday", "deadline", "2026-12-04 18:00"),
    ("Submit the visa form before Dec 15", "deadline", "2026-12-15 18:00"),
    ("Pay the gas bill no later than Thursday", "deadline", "2026-12-03 18:00"),
    ("Finish the slides by tomorrow 5pm", "deadline", "2026-12-01 17:00"),
    ("下周五之前交报告", "deadline", "2026-12-11 18:00"),
    ("周三前把合同签了", "deadline", "2026-12-02 18:00"),
    ("12月10日之前交体检表", "deadline", "2026-12-10 18:00"),
    ("明天下班前把预算发出去", "deadline", "2026-12-01 18:00"),
    ("月底前报销打车费", "deadline", "2026-11-30 18:00"),
    ("本周内交报告", "deadline", "2026-12-06 18:00"),
    # the time to do it
    ("Call mum tomorrow at 9am", "when", "2026-12-01 09:00"),
    ("Water the plants on Sunday", "when", "2026-12-06 18:00"),
    ("明天上午十点去银行", "when", "2026-12-01 10:00"),
    ("周六带孩子去游泳", "when", "2026-12-05 18:00"),
    ("今晚八点跟妈妈视频", "when", "2026-11-30 20:00"),
    # this week: due at its end, as next week is due at its start
    ("Finish the report this week", "when", "2026-12-06 18:00"),
    ("这周把报告写完", "when", "2026-12-06 18:00"),
    ("本周完成季度总结", "when", "2026-12-06 18:00"),
    ("Clean the garage this weekend", "when", "2026-12-06 18:00"),
    ("这周末打扫车库", "when", "2026-12-06 18:00"),
    ("本周末去爬山", "when", "2026-12-06 18:00"),
    ("把周五会议的纪要发给大家", "when", "2026-12-04 18:00"),  # after the meeting
    ("Send the minutes of Friday's meeting", "when", "2026-12-04 18:00"),
    # events the task prepares for: due before them
    ("Book a table for Saturday dinner", "event", "2026-12-04 18:00"),
    ("Buy a gift for Mum's birthday on the 14th", "event", "2026-12-13 18:00"),
    ("Prepare slides for Thursday's meeting", "event", "2026-12-02 18:00"),
    ("Renew passport before the flight in April", "event", "2027-03-31 18:00"),
    ("Print the tickets for the concert on Friday", "event", "2026-12-03 18:00"),
    ("Order flowers for the wedding next Saturday", "event", "2026-12-04 18:00"),
    ("Get a haircut before the interview on Wednesday", "event", "2026-12-01 18:00"),
    ("给妈妈买下周六生日的蛋糕", "event", "2026-12-11 18:00"),
    ("准备周四的会议材料", "event", "2026-12-02 18:00"),
    ("订周五晚上的聚餐", "event", "2026-12-03 18:00"),
    ("预约下周三的体检", "event", "2026-12-08 18:00"),
    ("为下周的面试准备简历", "event", "2026-12-06 18:00"),
    ("下周家长会之前填好回执", "event", "2026-12-06 18:00"),
    ("买周日演唱会的门票", "event", "2026-12-05 18:00"),
    # what is brought along is due on the day
    ("Bring your ID to the appointment on Friday", "event", "2026-12-04 18:00"),
    ("Take the umbrella to the picnic tomorrow", "event", "2026-12-01 18:00"),
    ("带身份证去周五的面试", "event", "2026-12-04 18:00"),
    ("参加周三下午三点的家长会", "event", "2026-12-02 15:00"),
    # a window to search: no due
    ("Find a slot next week to meet Bob", "window", None),
    ("Find some time in December for the team lunch", "window", None),
    ("下周找个时间和小王吃饭", "window", None),
    ("下周抽空去看看外婆", "window", None),
    ("Find a slot this week to meet Bob", "window", None),
    ("本周找个时间和小王吃饭", "window", None),
    # a time asked about or told: it stays in the message, no due
    ("Ask Bob when next week's meeting starts", "asked", None),
    ("Ask Sam if he can come on Saturday", "asked", None),
    ("Tell Alice the party moved to Friday", "asked", None),
    ('Email the team "the office is closed tomorrow"', "asked", None),
    ("问李老师下周家长会几点开", "asked", None),
    ("问王总周五有没有空", "asked", None),
    ("告诉老公明天晚上不回家吃饭", "asked", None),
    ("通知大家下周一开会", "asked", None),
    ("跟小王确认一下周四的航班几点起飞", "asked", None),
]


@pytest.mark.parametrize(("text", "role", "due"), CASES, ids=[c[0][:30] for c in CASES])
def test_time_role_and_due(text: str, role: str, due: str | None) -> None:
    found = times_in(text, NOW)
    assert found and found[0].role == role, [(t.role, t.found) for t in found]
    given = due_in(text, NOW)
    got = given.when.astimezone(SHANGHAI).strftime("%Y-%m-%d %H:%M") if given else None
    assert got == due


def test_cases_are_half_chinese() -> None:
    chinese = [c for c in CASES if any("\u4e00" <= ch <= "\u9fff" for ch in c[0])]
    assert len(CASES) >= 40 and len(chinese) >= len(CASES) // 2 - 1
    assert {c[1] for c in CASES} == set(ROLES)


def test_words_of_an_event_stay() -> None:
    text = "Book a table for Saturday dinner"
    (timed,) = times_in(text, NOW)
    assert timed.keeps_words and text[timed.found.start:timed.found.end] == "for Saturday"
    (deadline,) = times_in("Send the report by Friday", NOW)
    assert not deadline.keeps_words


def test_event_begins_with_its_period() -> None:
    assert event_time("Renew passport before the flight in April", NOW) == datetime(
        2027, 4, 1, tzinfo=SHANGHAI)
    assert event_time("Send the report by Friday", NOW) is None


def test_window_is_the_named_week() -> None:
    assert window_in("Find a slot next week to meet Bob", NOW) == (
        datetime(2026, 12, 7, tzinfo=SHANGHAI), datetime(2026, 12, 14, tzinfo=SHANGHAI))
    assert window_in("Call Bob next week", NOW) is None


def test_window_this_week_from_now() -> None:
    wednesday = datetime(2026, 12, 2, 10, 0, tzinfo=SHANGHAI)
    assert window_in("本周找个时间和小王吃饭", wednesday) == (
        wednesday, datetime(2026, 12, 7, tzinfo=SHANGHAI))  # what is left of it
