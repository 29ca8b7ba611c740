"""``app.lean.columns_json``: a listing put together column by column is the bytes orjson
writes for the same task dicts."""

from __future__ import annotations

import json
from typing import Any

import orjson
from hypothesis import given
from hypothesis import strategies as st

from app.lean import columns_json

NAMES = ("id", "title", "priority", "tags", "due_at", "note")
texts = st.text().filter(lambda t: not any("\ud800" <= c <= "\udfff" for c in t))
values = {"id": st.integers(1, 2**63 - 1), "title": texts, "priority": st.integers(-9, 9),
          "tags": st.lists(texts, max_size=3), "due_at": st.none() | texts,
          "note": st.none() | texts | st.integers(-2**63, 2**63 - 1)}
tasks = st.lists(st.fixed_dictionaries(values), max_size=6)


def joined(tasks: list[dict[str, Any]], read: tuple[str, ...],
           whole: dict[int, dict[str, Any]]) -> bytes:
    base = {name: value for name, value in (tasks[0] if tasks else {}).items()
            if name not in read}
    columns = [tuple(json.dumps(t[name]) if name == "tags" else t[name] for t in tasks)
               for name in read]
    return b"".join(columns_json.listing(NAMES, base, read, columns or [()],
                                         {"tags"}, json.loads, whole))


@given(tasks, st.sets(st.sampled_from(NAMES[1:])))
def test_same_as_orjson(found: list[dict[str, Any]], constant: set[str]) -> None:
    """Property: any texts (quotes, newlines, ``%b``, 中文), the constant columns taken
    from the first task and the others read, and the tasks that differ given whole."""
    found = [{name: task[name] for name in NAMES} for task in found]
    read = tuple(name for name in NAMES if name not in constant)
    first = found[0] if found else {}
    whole = {n: task for n, task in enumerate(found)
             if any(task[name] != first[name] for name in constant)}
    expected = orjson.dumps(found, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
    assert joined(found, read, whole) == expected


def test_empty() -> None:
    assert joined([], NAMES, {}) == b"[]\n"
