"""JSON within bounds: nesting, digits and surrogates refused with BadFile, naming them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.errors import BadFile
from app.io.importers.bounded_json import MAX_DEPTH, MAX_DIGITS, depth, loads, read_file


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_plain_json_read() -> None:
    assert loads('{"a": [1, -2, 3.5, "x"], "b": null}', "f") == {
        "a": [1, -2, 3.5, "x"], "b": None}


def test_depth_counted() -> None:
    assert depth(5) == 0 and depth([]) == 1 and depth({"a": [{"b": []}]}) == 4
    assert loads(nested(MAX_DEPTH), "f") is not None


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 900, 200_000])
def test_deep_nesting_refused(levels: int) -> None:
    with pytest.raises(BadFile, match=f"f nests deeper than {MAX_DEPTH} levels"):
        loads(nested(levels), "f")


def test_deep_objects_refused() -> None:
    with pytest.raises(BadFile, match="nests deeper"):
        loads('{"a":' * 100_000 + "1" + "}" * 100_000, "f")


def test_long_number_refused() -> None:
    assert loads("9" * MAX_DIGITS, "f") == int("9" * MAX_DIGITS)
    with pytest.raises(BadFile, match="f holds a number of 5000 digits"):
        loads("[-" + "9" * 5000 + "]", "f")


def test_surrogate_named() -> None:
    with pytest.raises(BadFile, match=r"f: a\[1\]\.b holds an unpaired surrogate"):
        loads('{"a": [1, {"b": "x\\ud800"}]}', "f")
    with pytest.raises(BadFile, match=r"\\udfff holds"):  # a key, shown escaped
        loads('{"\\udfff": 1}', "f")
    assert loads('"\\ud83d\\ude00"', "f") == "\U0001f600"  # a pair is text


def test_not_json_left_to_caller() -> None:
    with pytest.raises(json.JSONDecodeError):
        loads("{", "f")


def test_file_read_or_refused(tmp_path: Path) -> None:
    file = tmp_path / "f.json"
    file.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_file(file) == {"a": 1}
    for content, said in [(b" ", "is empty"), (b"\xff", "not UTF-8"),
                          (b"{", "not valid JSON"), (nested(99).encode(), "nests deeper")]:
        file.write_bytes(content)
        with pytest.raises(BadFile, match=said):
            read_file(file)
