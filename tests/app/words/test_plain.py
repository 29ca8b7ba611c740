"""Problems in plain words (``app.words.plain``): local times, the user's language, no jargon."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import settings
from app.words.plain import (
    language_of,
    local_facts,
    local_time,
    plain_reply_error,
    plain_text,
    problem_language,
)

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # Monday 30 Nov, 10:00 in Shanghai
RAW = ('the server said: Traceback File "/srv/venv/lib/python3.11/site-packages/llama_cpp/'
       'server/app.py", line 212, in create — at 2026-11-30T08:38:00Z')


@pytest.mark.parametrize(("ui", "assistant", "title", "language"), [
    ("system", "auto", "续办护照", "zh"), ("system", "auto", "Renew passport", "en"),
    ("zh_CN", "auto", "Renew passport", "zh"), ("en", "auto", "续办护照", "en"),
    ("system", "en", "续办护照", "en"), ("system", "zh", "Renew passport", "zh")])
def test_the_problem_language_follows_the_interface_then_the_assistant_then_the_task(
        db: Path, ui: str, assistant: str, title: str, language: str) -> None:
    settings.put("ui.language", ui)
    settings.put("assistant.language", assistant)
    assert problem_language(title) == language


def test_local_times_in_chinese_name_the_day_and_keep_the_offset() -> None:
    assert local_time(NOW + timedelta(minutes=5), NOW, "zh") == "10:05 +08:00"
    assert local_time(NOW + timedelta(days=2), NOW, "zh") == "12月2日 周三 10:00 +08:00"
    assert local_time(NOW + timedelta(days=2), NOW) == "Wed 2 Dec 10:00 +08:00"


def test_plain_text_leaves_out_program_paths_and_utc_times() -> None:
    shown = plain_text(RAW, NOW)
    assert ".py" not in shown and "/srv/" not in shown and "line 212" not in shown
    assert "08:38:00Z" not in shown and "16:38 +08:00" in shown


def test_a_far_off_utc_time_is_told_as_its_local_date() -> None:
    assert plain_text("1057-10-29T18:46:22+00:00 is outside", NOW) == "1057-10-30 is outside"


@pytest.mark.parametrize(("text", "language"), [
    ("续办护照", "zh"), ("Renew passport", "en"), ("", "en"), ("Call 张三", "zh"),
    ("こんにちは", "en")])
def test_the_language_of_a_text_is_chinese_when_it_has_ideographs(text: str, language: str
                                                                 ) -> None:
    assert language_of(text) == language


def test_a_time_today_is_told_by_its_hour_alone() -> None:
    assert local_time(NOW + timedelta(hours=6), NOW) == "16:00 +08:00"


def test_validation_jargon_is_said_as_a_person_would() -> None:
    said = plain_reply_error("passed: Field required; extra: Extra inputs are not permitted; "
                             "tags: List should have at most 5 items after validation, not 9")
    assert said == ("passed: is missing; extra: is not a field this reply has; "
                    "tags: has too many entries (at most 5)")
    assert plain_reply_error("nothing to retell") == "nothing to retell"


def test_a_plan_code_is_said_in_words_in_the_language() -> None:
    english = plain_text("bad_inputs: the step needs a time", NOW)
    assert not english.startswith("bad_inputs") and english.endswith("the step needs a time")
    assert plain_text("bad_inputs: x", NOW, "zh") != english


def test_a_time_that_does_not_parse_is_kept_as_written() -> None:
    assert plain_text("at 2026-13-45T99:00:00Z", NOW) == "at 2026-13-45T99:00:00Z"


def test_local_facts_drop_empty_values_and_show_utc_times_locally() -> None:
    facts: dict[str, Any] = {"title": "x", "detail": "", "tags": [],
                             "due_at": "2026-11-30T08:38:00Z", "created_at": "not a time Z",
                             "problem": None, "priority": 0}
    assert local_facts(facts) == {"title": "x", "due_at": "2026-11-30T16:38+08:00",
                                  "created_at": "not a time Z", "priority": 0}
