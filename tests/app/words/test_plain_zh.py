"""Problems in plain Chinese (``app.words.plain_zh``): the English problem texts retold."""

from __future__ import annotations

import asyncio
import re

import pytest

from app.llm import ProviderConfig, make_provider
from app.llm.base import Message, ProviderError
from app.words.plain import in_language
from app.words.plain_zh import day_time, in_chinese


@pytest.mark.parametrize(("english", "chinese"), [
    ("The server failed (HTTP 500): try again later, or check its log. It said: boom",
     "服务器出错（HTTP 500）：请稍后再试，或查看它的日志。 服务器说：boom"),
    ("The server refused the API key (HTTP 401): check the API key in the assistant settings.",
     "服务器拒绝了 API 密钥（HTTP 401）：请在助手设置中检查 API 密钥。"),
    ("Not found (HTTP 404): check the model name (m) and the base URL (http://h/v1).",
     "找不到（HTTP 404）：请检查模型名称（m）和服务器地址（http://h/v1）。"),
    ("the reply does not make sense: start Wed 2 Dec 10:00 +08:00 contradicts the task's own "
     "words, which mean 15:00 +08:00",
     "回复说不通：start 12月2日 周三 10:00 +08:00 与任务本身的说法不符，任务说的是 15:00 +08:00"),
    ("passed: is missing; tags: has too many entries (at most 5)",
     "passed: 缺失; tags: 条目太多（最多 5 条）")])
def test_provider_and_validation_phrases_in_chinese(english: str, chinese: str) -> None:
    assert in_chinese(english) == chinese
    assert in_language(english, "en") == english


def test_the_real_connect_error_is_retold_in_chinese() -> None:
    """The rule follows the words app.llm.http really writes (a closed port here)."""
    config = ProviderConfig(kind="openai", base_url="http://127.0.0.1:9/v1", model="m",
                            max_retries=0)

    async def fail() -> str:
        provider = make_provider(config)
        try:
            await provider.complete([Message("user", "hi")])
        except ProviderError as exc:
            return str(exc)
        finally:
            await provider.aclose()
        raise AssertionError("a closed port answered")

    text = in_chinese(asyncio.run(fail()))
    assert text.startswith("无法连接 http://127.0.0.1:9：") and "check" not in text, text


def test_a_day_and_time_is_said_with_month_day_and_weekday() -> None:
    assert day_time("Wed 3 Dec 16:38") == "12月3日 周三 16:38"
    assert day_time("at Sun 27 Dec 09:05 +08:00") == "at 12月27日 周日 09:05 +08:00"
    assert day_time("16:38 +08:00") == "16:38 +08:00"


def test_text_no_rule_knows_is_left_as_it_is() -> None:
    assert in_chinese("flibbertigibbet") == "flibbertigibbet"
    assert in_chinese("") == ""


@pytest.mark.parametrize("english", [
    "plan revision 3 saved", "step 's2': done (done before '买菜')", "step 'do': start",
    "step 's1': reopen", "occurrence due 2026-12-04T10:00:00Z: every step done; it moves to "
    "the next occurrence once this one has passed",
    "its reminder for 2026-12-04T10:00:00Z is pending",
    "offline planner: several parts, so a plan", "a simple task"])
def test_work_log_in_chinese(english: str) -> None:
    from tests.app.plain_walk import english_left

    chinese = in_chinese(english)
    assert english_left(chinese) == [], chinese


@pytest.mark.parametrize("english", [
    "after '买菜' ends Thu 12-03 17:05; first free 30 min before the due date Fri 12-04 09:00",
    "not before the task's start Mon 12-07 09:00; no single free 2 h 30 min before the due "
    "date Fri 12-11 17:00, so split into 3 parts of 30 min or more; 10:00–11:30 is '开会'",
    "first free 1 h; working hours start 09:00",
    "first free 45 min; 13:00–14:00 is taken by '写报告'",
    "after '整理数据' ends Mon 16:30; first free 3 h before the due date Fri "
    "12-11 17:00",  # a dependency that ends the same week: its day without the date
    "moved by you to Tue 12-08 15:30; first free 30 min"])
def test_schedule_reason_in_chinese(english: str) -> None:
    from tests.app.plain_walk import english_left

    chinese = in_chinese(english)
    assert english_left(chinese) == [], chinese
    assert "分钟" in chinese or "小时" in chinese, chinese  # its durations too
    assert not re.search(r"Mon|Tue|Wed|Thu|Fri|Sat|Sun", chinese), chinese


def test_day_limit_warning_in_chinese() -> None:
    from datetime import date

    from app.schedule.load import warning
    from tests.app.plain_walk import english_left

    chinese = in_chinese(warning(date(2026, 12, 7), 450, 240))
    assert chinese.startswith("12月7日 周一 排入了 7 小时 30 分钟 的工作")
    assert english_left(chinese) == [], chinese
