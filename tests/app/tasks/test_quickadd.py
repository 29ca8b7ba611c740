"""The quick-add grammar and the word readers under it (recurrence, dates anywhere)."""

from __future__ import annotations

import time
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.plan.spec import parse
from app.tasks.quickadd import Reading, Seen, as_reminder, marks, read_typed, seen_in

SHANGHAI = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=SHANGHAI)  # a Monday


def test_the_grammar_takes_the_title_apart() -> None:
    reading = read_typed("Pay the electricity bill on the 5th of every month #home !2 @Alice",
                         NOW)
    assert reading.title == "Pay the electricity bill"
    assert reading.recurrence == "FREQ=MONTHLY;BYMONTHDAY=5"
    assert reading.due == datetime(2026, 12, 5, 18, 0, tzinfo=SHANGHAI)
    assert (reading.tags, reading.priority, reading.contact) == (("home",), 2, "Alice")


def test_a_recurring_reminder_gets_its_named_time_and_only_the_task_words() -> None:
    reading = read_typed("Remind me every Monday at 9am to water the plants", NOW)
    assert reading.title == "Water the plants"
    assert reading.due == datetime(2026, 12, 7, 9, 0, tzinfo=SHANGHAI)
    chinese = read_typed("每天晚上八点提醒我吃药", NOW)
    assert (chinese.title, chinese.recurrence) == ("吃药", "FREQ=DAILY")
    assert chinese.due == datetime(2026, 11, 30, 20, 0, tzinfo=SHANGHAI)


def test_a_date_that_is_part_of_what_to_say_stays_in_the_title() -> None:
    assert read_typed("邀请张经理参加周五的聚餐", NOW).title == "邀请张经理参加周五的聚餐"
    assert read_typed("告诉老婆今晚加班", NOW).title == "告诉老婆今晚加班"
    assert read_typed("Tell Alice the meeting moved to 4pm", NOW).title.endswith("4pm")


def test_an_inline_list_becomes_the_detail() -> None:
    reading = read_typed("Plan the team offsite: 1. pick two dates 2. book a venue "
                         "3. send invitations by next friday", NOW)
    assert reading.title == "Plan the team offsite"
    assert reading.detail.splitlines() == ["1. pick two dates", "2. book a venue",
                                           "3. send invitations"]


def test_preview_reading() -> None:
    """What the quick-add bar's preview shows (ui.tasks.quick_add.preview words it); the
    speed of the reading is the bench's (bench_parse)."""
    seen = seen_in("每周五提醒我交周报 #work !1", "", NOW)
    # a date, as new_task saves it (its reminder comes at reminders.all_day_at, 09:00)
    assert seen == Seen("交周报", date(2026, 12, 4), [
        ("repeats", "FREQ=WEEKLY;BYDAY=FR"), ("tags", "#work"), ("priority", "!1")])
    assert seen_in("x", "3 December 2027 5pm", NOW) is None  # for the worker, not the GUI


@pytest.mark.timeout(60)
@given(st.text(alphabet=st.sampled_from(list("every day 每周五天月号 at 9am 明天下午三点 "
                                             "#!@1234,，。的前 next friday of the month")),
               max_size=60))
def test_any_typed_line_is_read_quickly_and_never_raises(text: str) -> None:
    started = time.perf_counter()
    reading = read_typed(text, NOW)
    assert time.perf_counter() - started < 0.5
    assert reading.title.strip() or not text.strip()
    assert "\n" not in reading.title or "\n" in text


TOKENS = ["Dec", "45", "the", "of", "every", "month", "31st", "0th", "每月", "0号", "明天",
          "25点", "at", "11", "next", "Friday", "in", "two", "weeks", "国庆节前", "下个月初", ":",
          "1.", "2)", "①", "，", "和", "then", "先", "再", "最后", "!2", "#x", "@Sam", "remind",
          "me", "提醒我", "email", "Sam", "and", "ask", "her", "给", "发消息", "每周", "五", "late",
          "March", "2025年", "13月", "40日", "every other", "weekday", "the day before", "提前三天",
          "下班前", "；"]


@pytest.mark.timeout(120)
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map(" ".join))
def test_any_mix_of_date_and_list_words_is_read_and_planned_without_an_error(text: str) -> None:
    from tests.app.agent.test_offline_corpus import reading_of

    started = time.perf_counter()
    reading = read_typed(text, NOW)
    assert time.perf_counter() - started < 0.5
    if reading.title.strip():
        assert reading_of(text)["outcome"] in ("plan", "execute", "next_check", "fail")
        plan = planned(reading)
        if plan is not None:
            parse(plan, max_steps=10)  # the offline plan always passes the contract


def planned(reading: Any) -> dict[str, Any] | None:
    from app.llm.offline.provider import plan
    from app.words.plain import language_of

    task = {"id": 1, "title": reading.title, "detail": reading.detail, "status": "new",
            "priority": 3, "tags": [], "start_at": None, "expires_at": None,
            "due_at": reading.due.isoformat() if reading.due else None,
            "recurrence": reading.recurrence}
    return plan({"purpose": "plan", "now": NOW.isoformat(), "language":
                 language_of(reading.title), "task": task, "max_steps": 10,
                 "contacts": ["Sam", "李老师"], "busy": []})


@pytest.mark.timeout(120)
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6).map(" ".join),
       st.lists(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=5).map(" ".join),
                max_size=5))
def test_a_title_with_notes_always_gets_a_valid_plan(title: str, notes: list[str]) -> None:
    reading = read_typed(title, NOW)
    if not reading.title.strip():
        return
    detail = "\n".join(f"{i + 1}. {n}" if i % 2 else f"- {n}" for i, n in enumerate(notes))
    plan = planned(Reading(title=reading.title, due=reading.due, detail=detail))
    if plan is not None:
        parse(plan, max_steps=10)


DEC_1 = datetime(2026, 12, 1, 10, 0, tzinfo=SHANGHAI)  # a Tuesday


@pytest.mark.parametrize(("text", "title", "due"), [
    ("Pay rent next month on the 15th", "Pay rent", "2027-01-15"),
    ("Pay rent on the 15th of next month", "Pay rent", "2027-01-15"),
    ("Pay rent 15th of next month", "Pay rent", "2027-01-15"),
    ("下个月15号之前交材料", "交材料", "2027-01-15"), ("下个月的3号去银行", "去银行", "2027-01-03"),
    ("下下个月1号续签合同", "续签合同", "2027-02-01"),
    ("本月20号前交报销单", "交报销单", "2026-12-20"),
    ("Renew the permit this month on the 20th", "Renew the permit", "2026-12-20"),
    ("下月初交材料", "交材料", "2027-01-05"), ("月底前交报告", "交报告", "2026-12-31"),
    ("Submit it by end of the month", "Submit it", "2026-12-31"),
    ("Call the bank on the 3rd", "Call the bank", "2026-12-03"),
])
def test_a_month_with_a_day_names_that_day_of_that_month(text: str, title: str, due: str
                                                          ) -> None:
    reading = read_typed(text, DEC_1)
    assert reading.title == title
    assert reading.due is not None and reading.due.date().isoformat() == due


@pytest.mark.parametrize("text", ["下个月31号交材料", "Pay rent next month on the 31st"])
def test_a_day_the_month_lacks_is_not_read_as_its_last_day(text: str) -> None:
    reading = read_typed(text, DEC_1.replace(month=1))  # next month is February
    assert reading.due is None or reading.due.day != 28


@pytest.mark.parametrize(("typed", "named"), [
    ("Gym at 7am Thursday", ("due",)), ("Dentist appointment tomorrow 3pm", ("due",)),
    ("明天下午三点开会", ("due",)), ("Renew passport before Dec 20", ()),
    ("Buy milk", ()), ("Call Mum on Sunday", ())])
def test_named_time(typed: str, named: tuple[str, ...]) -> None:
    from app.tasks.quickadd import new_task

    now = datetime(2026, 12, 1, 21, 45, tzinfo=ZoneInfo("Europe/Berlin"))
    assert new_task(typed, "", now).named == named


def test_named_time_in_due_field() -> None:
    from app.tasks.quickadd import new_task

    now = datetime(2026, 12, 1, 21, 45, tzinfo=ZoneInfo("Europe/Berlin"))
    assert new_task("Call Mum", "Sunday 6pm", now).named == ("due",)
    assert new_task("Call Mum", "Sunday", now).named == ()


@pytest.mark.parametrize(("typed", "title", "note", "planned"), [
    ("remind me to call mum tomorrow 9am", "Call mum", "Remind me to", "Remind me to call mum"),
    ("明天提醒我带伞", "带伞", "提醒我", "提醒我带伞"),
    ("Please remind me about the dentist on Friday", "The dentist", "Please remind me about",
     "Please remind me about the dentist"),
])
def test_remind_words_leave_title(typed: str, title: str, note: str, planned: str) -> None:
    reading = read_typed(typed, NOW)
    assert (reading.title, reading.detail.splitlines()[0]) == (title, note)
    assert as_reminder(reading.title, reading.detail) == planned


def test_no_reminder_note() -> None:
    assert as_reminder("Call mum", "") is None
    assert as_reminder("Remind me to call mum", "Remind me") is None  # already says it
    assert as_reminder("Pack the bag", "Remind me to bring the charger") is None  # a note


@pytest.mark.parametrize(("typed", "title", "contact"), [
    ("Collect the receipts then send them to @Bob", "Collect the receipts then send them to Bob",
     "Bob"),
    ("Plan the party @Sam", "Plan the party", "Sam"),
    ("把报告发给@王总", "把报告发给王总", "王总"),
])
def test_mid_sentence_contact_stays(typed: str, title: str, contact: str) -> None:
    reading = read_typed(typed, NOW)
    assert (reading.title, reading.contact) == (title, contact)


def test_colon_list_becomes_steps() -> None:
    reading = read_typed("Write blog post: outline, draft, edit, publish", NOW)
    assert reading.title == "Write blog post"
    assert reading.detail.splitlines() == ["- outline", "- draft", "- edit", "- publish"]


@pytest.mark.parametrize(("typed", "title", "due"), [
    ("Book a table for Saturday dinner", "Book a table for Saturday dinner", "2026-12-04"),
    ("Send the report by Friday", "Send the report", "2026-12-04"),
    ("Ask Bob when next week's meeting starts", "Ask Bob when next week's meeting starts", None),
    ("下周五之前交报告", "交报告", "2026-12-11"),
])
def test_time_roles_in_quick_add(typed: str, title: str, due: str | None) -> None:
    reading = read_typed(typed, NOW)
    assert reading.title == title
    assert (reading.due.date().isoformat() if reading.due else None) == due


@pytest.mark.parametrize(("typed", "title", "tags", "priority"), [
    ("Buy milk #shop, now", "Buy milk, now", ["shop"], None),
    ("Fix bug #work!2", "Fix bug", ["work"], 2),
    ("买牛奶 #购物，今天", "买牛奶，今天", ["购物"], None),
    ("C# is #fun #fun", "C# is", ["fun"], None),
    ("Plain  title ", "Plain  title", [], None),
])
def test_marks(typed: str, title: str, tags: list[str], priority: int | None) -> None:
    assert marks(typed) == (title, tags, priority)
    reading = read_typed(typed, datetime(2026, 1, 5, 9, tzinfo=UTC))
    assert list(reading.tags) == tags and reading.priority == priority  # one grammar
