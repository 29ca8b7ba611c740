"""Property tests for the dates and instants class (issue 12): generated date phrases.

Every generated phrase, English or Chinese words, numbers of every size, ISO 8601 text
with any offset, or garbage, is either read as an instant inside the supported range or
refused with a DateError; through the real CLI (``add --due``) it is either stored and
reads back as the instant the CLI reported, or refused with exit 1/2/3 and a message.
Never another exception, never exit 70, never a hang. Outcomes are counted with
``hypothesis.event`` (see ``--hypothesis-show-statistics``).
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.dates.when import DateError, parse_when
from models.fields import EARLIEST, LATEST, format_utc, parse_utc
from tests.conftest import Result

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
# A whole test may take this long; the quick profile needs a few seconds, so a hang shows.
TIMEOUT = max(60, settings().max_examples // 5)

NUMBERS = st.one_of(
    st.integers(0, 60), st.integers(-10**6, 10**6), st.integers(-10**30, 10**30),
).map(str)
ZH_NUMERALS = st.text(alphabet="零〇一二两三四五六七八九十", min_size=1, max_size=6)
EN_WORDS = st.sampled_from([
    "today", "tonight", "tomorrow", "tmr", "day after tomorrow", "yesterday", "next",
    "this", "coming", "on", "at", "by", "in", "a", "an", "half", "ago", "from now", "week",
    "next week", "monday", "fri", "sunday", "Dec", "december", "feb", "may", "sept", "of",
    "minutes", "min", "hours", "h", "days", "weeks", "months", "years", "am", "pm", "a.m.",
    "p.m.", "noon", "midnight", "morning", "afternoon", "evening", "st", "th", ":", ".",
    "/", "-", "+", ",", "T", "Z",
])
ZH_WORDS = st.sampled_from([
    "今天", "今晚", "明天", "明晚", "明早", "后天", "大后天", "下周", "下下周", "这周", "上周",
    "周", "星期", "礼拜", "一", "五", "日", "天", "凌晨", "早上", "上午", "中午", "下午",
    "傍晚", "晚上", "点", "點", "时", "半", "一刻", "三刻", "分", "分钟", "小时", "个小时",
    "钟头", "天后", "日后", "周后", "星期后", "以后", "之后", "后", "月", "号", "年",
])
EN_PHRASES = st.lists(st.one_of(EN_WORDS, NUMBERS), min_size=1, max_size=6).map(" ".join)
ZH_PHRASES = st.lists(st.one_of(ZH_WORDS, ZH_NUMERALS, NUMBERS), min_size=1,
                      max_size=6).map("".join)
OFFSETS = st.one_of(
    st.just("Z"), st.just(""),
    st.integers(-23 * 60 - 59, 23 * 60 + 59).map(
        lambda m: f"{'+' if m >= 0 else '-'}{abs(m) // 60:02d}:{abs(m) % 60:02d}"),
)
ISO_FIELDS = st.tuples(st.integers(0, 10_000), st.integers(0, 14), st.integers(0, 33),
                       st.integers(0, 25), st.integers(0, 61), st.integers(0, 61), OFFSETS,
                       st.sampled_from(["T", " "]), st.booleans())
GARBAGE = st.one_of(st.text(max_size=40), st.text(alphabet="0123456789-+:./ TZdayspm十天后",
                                                  max_size=30))


def _iso_text(fields: tuple[int, int, int, int, int, int, str, str, bool]) -> str:
    year, month, day, hour, minute, second, offset, sep, date_only = fields
    if date_only:
        return f"{year:04d}-{month:02d}-{day:02d}"
    return f"{year:04d}-{month:02d}-{day:02d}{sep}{hour:02d}:{minute:02d}:{second:02d}{offset}"


ISO_TEXT = ISO_FIELDS.map(_iso_text)
VALID_ISO = st.tuples(
    st.datetimes(min_value=datetime(1900, 1, 2), max_value=datetime(9999, 12, 29)),
    st.integers(-23 * 60 - 59, 23 * 60 + 59)).map(
    lambda pair: pair[0].replace(microsecond=0, tzinfo=timezone(timedelta(minutes=pair[1]))))
PHRASES = {"english": EN_PHRASES, "chinese": ZH_PHRASES, "iso": ISO_TEXT, "garbage": GARBAGE}


def _read_or_refuse(phrase: str) -> str:
    """Parse a phrase; the outcome's name. Anything but a DateError propagates (a failure)."""
    try:
        understood = parse_when(phrase, now=NOW)
    except DateError as exc:
        assert str(exc), phrase
        return "refused"
    assert understood.when.utcoffset() is not None, phrase
    assert EARLIEST <= understood.when <= LATEST, (phrase, understood.when)
    assert parse_utc(format_utc(understood.when)) == understood.when.replace(microsecond=0)
    return "accepted"


@pytest.mark.timeout(TIMEOUT)
@pytest.mark.parametrize("kind", list(PHRASES))
@given(data=st.data())
def test_generated_phrases_are_read_in_range_or_refused(kind: str, data: st.DataObject) -> None:
    phrase = data.draw(PHRASES[kind], label="phrase")
    event(f"{kind}: {_read_or_refuse(phrase)}")


@pytest.mark.timeout(TIMEOUT)
@given(when=VALID_ISO)
def test_valid_iso_with_any_offset_reads_the_same_instant(when: datetime) -> None:
    assert parse_when(when.isoformat(), now=NOW).when == when
    assert parse_utc(format_utc(when)) == when.astimezone(UTC)


@pytest.mark.timeout(TIMEOUT)
@given(amount=st.integers(0, 10**40), unit=st.sampled_from(
    ["minutes", "hours", "days", "weeks", "分钟", "小时", "天", "周"]))
def test_relative_amounts_of_every_size_are_read_or_refused(amount: int, unit: str) -> None:
    phrase = f"in {amount} {unit}" if unit.isascii() else f"{amount}{unit}后"
    event(f"relative: {_read_or_refuse(phrase)}")


def _add(cli: Callable[..., Result], phrase: str) -> str:
    """``stepwise add x --due PHRASE``: checks the outcome and names it."""
    added = cli("add", "x", "--due", phrase)
    if added.code != 0:
        assert added.code in (1, 2, 3), (phrase, added)
        assert added.err.strip() and "Traceback" not in added.err, (phrase, added)
        return "refused"
    shown = cli("show", added.out.strip(), "--json")
    assert shown.code == 0, (phrase, shown)
    task = json.loads(shown.out)["task"]
    stored = parse_utc(task["due_at"])
    reported = re.search(r"^due: (.+?)(?:  \(from .*)?$", added.err, re.M)
    assert reported is not None, (phrase, added)
    local = stored.astimezone(ZoneInfo("Asia/Shanghai"))
    if "due" in task["all_day"]:  # a date: its day, the stand-in at the end of its working day
        assert (f"{local:%a %Y-%m-%d}, all day", local.hour) == (reported[1], 18), (phrase, added)
    else:
        assert local.strftime("%a %Y-%m-%d %H:%M %Z").strip() == reported[1], (phrase, added)
    return "accepted"


@pytest.mark.timeout(TIMEOUT * 3)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(phrase=st.one_of(*PHRASES.values()))
def test_cli_add_due_stores_what_it_reports_or_refuses(cli: Callable[..., Result],
                                                        phrase: str) -> None:
    if phrase.startswith("-") or "\x00" in phrase:
        phrase = f" {phrase}".replace("\x00", "")  # argparse reads '-x' as an option
    event(f"cli add --due: {_add(cli, phrase)}")


# --- oracles: phrases whose one right reading is known (defect 10: wrong dates accepted) --

MONTH_NAMES = [(name, number) for number, names in enumerate((
    "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul",
    "august aug", "september sep sept", "october oct", "november nov", "december dec"),
    start=1) for name in names.split()]


@pytest.mark.timeout(TIMEOUT)
@given(hour=st.integers(0, 1000), half=st.sampled_from(["am", "pm"]),
       day=st.sampled_from(["", "tomorrow ", "friday ", "明天 "]))
def test_am_pm_hours_are_read_as_written_or_refused(hour: int, half: str, day: str) -> None:
    phrase = f"{day}{hour}{half}"
    if not 1 <= hour <= 12:
        with pytest.raises(DateError):
            parse_when(phrase, now=NOW)
        return
    when = parse_when(phrase, now=NOW).when
    assert (when.hour, when.minute) == (hour % 12 + (12 if half == "pm" else 0), 0), phrase


def _local_due(day: date) -> datetime:
    return datetime.combine(day, time(18, 0), ZoneInfo("Asia/Shanghai"))


@pytest.mark.timeout(TIMEOUT)
@given(year=st.integers(1000, 9999), month=st.one_of(st.integers(1, 12), st.integers(0, 99)),
       day=st.one_of(st.integers(1, 32), st.integers(0, 99)))
def test_iso_dates_are_read_as_written_or_refused(year: int, month: int, day: int) -> None:
    phrase = f"{year:04d}-{month:02d}-{day:02d}"
    try:
        expected: datetime | None = _local_due(date(year, month, day))
    except ValueError:
        expected = None
    if expected is None or not EARLIEST <= expected <= LATEST:
        with pytest.raises(DateError):
            parse_when(phrase, now=NOW)
        return
    assert parse_when(phrase, now=NOW).when == expected


@pytest.mark.timeout(TIMEOUT)
@given(month=st.sampled_from(MONTH_NAMES), day=st.integers(0, 999), day_first=st.booleans())
def test_month_and_day_are_read_as_written_or_refused(month: tuple[str, int], day: int,
                                                      day_first: bool) -> None:
    name, number = month
    phrase = f"{day} {name}" if day_first else f"{name} {day}"
    if not 1 <= day <= calendar.monthrange(2000, number)[1]:
        with pytest.raises(DateError):
            parse_when(phrase, now=NOW)
        return
    when = parse_when(phrase, now=NOW).when
    assert (when.month, when.day) == (number, day), phrase
