"""Steps named by their titles in messages (``app.plan.step_names``)."""

from __future__ import annotations

from app.plan.step_names import named, step_titles


def test_each_step_is_named_by_its_title_or_else_its_id() -> None:
    data = {"steps": [{"id": "a", "title": "Pick dates"}, {"id": "b", "title": ""}, {"id": 3}]}
    assert step_titles(data) == {"a": "Pick dates", "b": "b", "3": "3"}
    assert step_titles({}) == {}


def test_a_chain_is_said_in_the_users_words() -> None:
    titles = {"a": "Pick dates", "b": "Book venue"}
    assert named(["a", "b", "zz"], titles) == "“Pick dates” → “Book venue” → “zz”"
    assert named([], titles) == ""
