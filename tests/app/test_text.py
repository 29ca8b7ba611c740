"""Text at the program's edge (``app.text``): shown safely, surrogates found and refused."""

from __future__ import annotations

import pytest

from app.errors import BadFile
from app.text import check_text, cleaned, shown, surrogate_at


@pytest.mark.parametrize(("text", "safe"), [
    ("plain 文字", "plain 文字"), ("a\nb", "a\\nb"), ("tab\there", "tab\\there"),
    ("\x1b[2J", "\\e[2J"), ("\x07bell", "\\x07bell"), ("\x9b", "\\x9b"), ("\ud800", "\\ud800"),
    ("\r", "\\r"), ("\x7f", "\\x7f"),
])
def test_shown_escapes_what_a_terminal_would_act_on(text: str, safe: str) -> None:
    assert shown(text) == safe


def test_cleaned_shows_every_string_and_keeps_the_shape() -> None:
    data = {"a": ["x\n", ("y\x1b",)], "n": 3, "none": None}
    assert cleaned(data) == {"a": ["x\\n", ("y\\e",)], "n": 3, "none": None}
    assert isinstance(cleaned(data)["a"][1], tuple)


def test_surrogate_at_names_where_the_surrogate_is() -> None:
    assert surrogate_at({"steps": [{"id": "a"}, {"title": "\udc80"}]}) == "steps[1].title"
    assert surrogate_at("\ud800") == "the text"
    assert surrogate_at({"\ud800": 1}) == "\ud800"
    assert surrogate_at({"ok": ["fine", 1, None]}) is None


def test_check_text_refuses_a_surrogate_and_a_file_nested_too_deeply() -> None:
    check_text({"title": "fine 好"}, "plan.json")
    with pytest.raises(BadFile, match="plan.json: steps\\[0\\] holds an unpaired surrogate"):
        check_text({"steps": ["\ud800"]}, "plan.json")
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(BadFile, match="nests too deeply"):
        check_text(deep, "deep.json")
