"""How the offline planner cuts typed text into parts (``app.words.text_parts``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.words.text_parts import Piece, split_text


def test_a_bulleted_detail_is_parts_side_by_side_under_the_title() -> None:
    split = split_text("Plan offsite", "- venue\n- food\n\n- music")
    assert split.pieces == [Piece("venue"), Piece("food"), Piece("music")]
    assert (split.header, split.from_detail) == ("Plan offsite", True)


def test_a_numbered_detail_is_parts_in_order() -> None:
    split = split_text("Plan offsite", "1. venue\n2) food\n③ music")
    assert split.pieces == [Piece("venue"), Piece("food", (0,)), Piece("music", (1,))]


def test_an_inline_list_keeps_its_header() -> None:
    split = split_text("Plan the team offsite: 1. book venue 2. order food", "")
    assert split.header == "Plan the team offsite" and not split.from_detail
    assert split.pieces == [Piece("book venue"), Piece("order food", (0,))]


@pytest.mark.parametrize(("title", "parts"), [
    ("first call Ann, then email Bob, finally book the room",
     ["call Ann", "email Bob", "book the room"]),
    ("先订机票，再订酒店，最后租车", ["订机票", "订酒店", "租车"]),
    ("先买菜，然后做饭", ["买菜", "做饭"]),
])
def test_sequence_words_make_an_order(title: str, parts: list[str]) -> None:
    pieces = split_text(title, "").pieces
    assert [p.text for p in pieces] == parts
    assert [p.after for p in pieces] == [()] + [(i,) for i in range(len(parts) - 1)]


@pytest.mark.parametrize(("title", "detail"), [("call Ann and email Bob", ""),
                                               ("x", "call Ann; email Bob")])
def test_and_or_a_semicolon_joins_parts_side_by_side(title: str, detail: str) -> None:
    assert split_text(title, detail).pieces == [Piece("call Ann"), Piece("email Bob")]


def test_one_action_is_one_part() -> None:
    assert split_text("Buy milk", "").pieces == [Piece("Buy milk")]


@pytest.mark.timeout(60)
@given(st.text(max_size=200), st.text(max_size=200))
def test_any_text_splits_into_parts_that_wait_only_for_earlier_ones(title: str, detail: str
                                                                    ) -> None:
    pieces = split_text(title, detail).pieces
    for index, piece in enumerate(pieces):
        assert all(0 <= before < index for before in piece.after)


def test_colon_steps_split() -> None:
    found = split_text("Write blog post: outline, draft, edit, publish", "")
    assert found.header == "Write blog post"
    assert [p.text for p in found.pieces] == ["outline", "draft", "edit", "publish"]
    assert len(split_text("Buy groceries: milk, bread, cheese", "").pieces) == 1
