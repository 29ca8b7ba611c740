"""One text in both languages (app.words.both): Chinese for zh, English otherwise."""

from __future__ import annotations

from app.words.both import Words


def test_in_language() -> None:
    said = Words("done", "已完成")
    assert [said.in_(lang) for lang in ("zh", "en", "fr")] == ["已完成", "done", "done"]
