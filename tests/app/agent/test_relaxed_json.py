"""app.agent.relaxed_json: JSON recovered from how models write it, and refused where
reading it would mean guessing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.agent.relaxed_json import RelaxedJSONError, extract_object, loads, strip_wrapping


def test_strip_wrapping_drops_think_blocks_and_takes_the_fenced_object() -> None:
    text = '<think>{"no": 1}</think>Here:\n```json\n{"a": 1}\n```\nthanks'
    assert strip_wrapping(text).strip() == '{"a": 1}'


def test_strip_wrapping_an_unclosed_think_block_is_all_thinking() -> None:
    assert strip_wrapping('{"a": 1}<think>{"b": 2}') == '{"a": 1}'


def test_strip_wrapping_a_dangling_close_keeps_what_follows() -> None:
    assert strip_wrapping('thinking {x}</think>{"a": 1}') == '{"a": 1}'


def test_extract_object_skips_braces_in_strings_and_comments() -> None:
    text = 'prose {"a": "}", # }\n "b": [1, {"c": 2}]} trailing }'
    assert extract_object(text) == '{"a": "}", # }\n "b": [1, {"c": 2}]}'


@pytest.mark.parametrize("text, said", [("no object here", "no JSON object"),
                                        ('{"a": "open', "a quote"),
                                        ('{"a": {"b": 1}', "never close")])
def test_extract_object_refuses_what_is_missing_or_cut_off(text: str, said: str) -> None:
    with pytest.raises(RelaxedJSONError, match=said):
        extract_object(text)


def test_loads_reads_the_loose_forms_one_way() -> None:
    text = """{title: 'Plan', // a comment
               done: True, gone: None, # another
               "steps": [1 2 3,], }"""
    assert loads(text) == {"title": "Plan", "done": True, "gone": None, "steps": [1, 2, 3]}


@pytest.mark.parametrize("text", ['{"a": ...}', '{"a": 1 "b"}x', "{'a': 'b}"])
def test_loads_refuses_what_it_would_have_to_guess(text: str) -> None:
    with pytest.raises(RelaxedJSONError):
        loads(text)


# no "<" or "`": a think block or a fence inside a string is read as wrapping, by design
_TEXT = st.text(st.characters(blacklist_characters="<`"), max_size=8)
_JSON = st.recursive(st.none() | st.booleans() | st.integers() | _TEXT,
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(_TEXT, inner, max_size=3), max_leaves=8)


@pytest.mark.timeout(60)
@given(st.dictionaries(_TEXT, _JSON, max_size=4))
def test_loads_gives_back_any_strict_object_unchanged(value: dict[str, object]) -> None:
    assert loads(json.dumps(value)) == value
