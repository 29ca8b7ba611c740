"""app.agent.tokens: the token estimate by kind of character, and a whole prompt's count."""

from __future__ import annotations

from app.agent.tokens import estimate, prompt_tokens
from app.llm.base import Message


def test_estimate_counts_each_kind_of_character_by_its_rate() -> None:
    assert estimate("") == 0
    assert estimate("2026") == 4  # one a digit
    assert estimate("中文") == 4  # 1.9 a CJK character, rounded
    assert estimate("{}:,") == 2  # 0.6 a mark
    assert estimate("a" * 42) == 10  # 4.2 letters a token


def test_chinese_costs_more_than_english_of_the_same_length() -> None:
    assert estimate("续签护照续签护照") > estimate("renew pa")


def test_prompt_tokens_adds_a_few_for_each_message() -> None:
    messages = [Message("system", "a" * 42), Message("user", "")]
    assert prompt_tokens(messages) == 10 + 4 + 0 + 4
    assert prompt_tokens([]) == 0

