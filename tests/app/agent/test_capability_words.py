"""app.agent.capability_words: the capabilities in plain words in the prompt's language,
with the contacts a message may go to."""

from __future__ import annotations

import pytest

from app.agent.capability_words import capability_lines
from app.agent.tokens import estimate
from app.plan.capabilities import CAPABILITIES
from app.words.plain import language_of


@pytest.mark.parametrize("language", ["en", "zh"])
def test_capabilities_in_plain_words_without_patterns(language: str) -> None:
    text = capability_lines(language, ["Alice"])
    assert "pattern" not in text and "^" not in text and "minLength" not in text
    assert "Alice" in text
    # SmolLM2's count (the schema dump took ~600 in English); Chinese costs it ~1.9 a character
    assert estimate(text) < (300 if language == "en" else 500)


def test_the_chinese_capabilities_are_chinese() -> None:
    text = capability_lines("zh", [])
    assert "还没有联系人" in text and "what to write" not in text


def test_words_in_both_languages() -> None:
    for cap in CAPABILITIES.values():
        said = [cap.told, cap.done_when, *(i.said for i in cap.inputs.values())]
        assert all(language_of(s.en) == "en" and language_of(s.zh) == "zh" for s in said)
        assert list(cap.inputs) == list(cap.input_schema["properties"])


def test_one_line_per_capability_and_contacts_only_when_given() -> None:
    text = capability_lines("en")
    assert len(text.splitlines()) == len(CAPABILITIES)
    assert "known contacts" not in text and "no contacts yet" not in text
    assert "no contacts yet: do not use it" in capability_lines("en", [])


def test_an_unknown_language_is_told_in_english() -> None:
    assert capability_lines("fr", ["Bob"]) == capability_lines("en", ["Bob"])
