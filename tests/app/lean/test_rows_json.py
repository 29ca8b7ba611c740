"""``app.lean.rows_json``: the listing's JSON, the same text as ``json.dumps(indent=2)``."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from app.lean.rows_json import dumps_rows, dumps_utf8

plain = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                  st.text())
value = st.one_of(plain, st.lists(plain, max_size=3),
                  st.dictionaries(st.text(max_size=3), plain, max_size=2),
                  st.lists(st.lists(plain, max_size=2), max_size=2))
rows = st.lists(st.dictionaries(st.text(max_size=5), value, max_size=6), max_size=4)


@given(rows, st.booleans())
def test_same_as_dumps(data: list[dict[str, Any]], ascii_only: bool) -> None:
    assert dumps_rows(data, ascii_only) == json.dumps(data, ensure_ascii=ascii_only, indent=2)


def test_mark_in_text() -> None:
    data = [{"title": "\x000", "tags": ["a"]}, {"tags": ["\x000"], "t": "x"}]
    assert dumps_rows(data, False) == json.dumps(data, ensure_ascii=False, indent=2)


no_floats = st.lists(st.dictionaries(st.text(max_size=5), st.one_of(
    st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1), st.text(),
    st.lists(st.text(), max_size=3), st.dictionaries(st.text(max_size=3), st.text(),
                                                     max_size=2)), max_size=6), max_size=4)


@given(no_floats)
def test_utf8_same(data: list[dict[str, Any]]) -> None:
    assert dumps_utf8(data) == json.dumps(data, ensure_ascii=False, indent=2)
