"""How the plan graph looks (ui.plan.look): titles fitted onto two lines of a card,
elided one-line texts, tooltips that show plan text literally, and the palette's look."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QFont, QFontMetricsF, QPalette
from PySide6.QtWidgets import QApplication

from ui.plan.look import Look, elided, escaped_tooltip, status_colour, two_lines

WIDTH = 150.0
words = st.lists(st.sampled_from(["plan", "the", "offsite", "预订酒店", "a", "venue!",
                                  "x" * 30]), max_size=12).map(" ".join)


@pytest.fixture(scope="module")
def metrics(qapp: QApplication) -> QFontMetricsF:
    return QFontMetricsF(QFont(QApplication.font()))


@pytest.mark.timeout(60)
@given(text=words)
def test_two_lines_fit_the_card_and_lose_nothing_that_fits(metrics: QFontMetricsF,
                                                           text: str) -> None:
    first, second = two_lines(text, metrics, WIDTH)
    flat = " ".join(text.split())
    assert metrics.horizontalAdvance(first) <= WIDTH
    assert metrics.horizontalAdvance(second) <= WIDTH
    if metrics.horizontalAdvance(flat) <= WIDTH:
        assert (first, second) == (flat, "")
    else:
        assert first and flat.startswith(first)


def test_elided_is_one_line_within_the_width(metrics: QFontMetricsF) -> None:
    text = elided("Book\nthe   venue " * 10, metrics, WIDTH)
    assert "\n" not in text and "  " not in text and text.endswith("…")
    assert metrics.horizontalAdvance(text) <= WIDTH


def test_a_tooltip_shows_plan_text_literally() -> None:
    tip = escaped_tooltip("<b>Book</b> & go", "pending · s1")
    assert "&lt;b&gt;Book&lt;/b&gt; &amp; go<br>pending · s1" in tip


def test_an_unknown_status_is_coloured_as_pending() -> None:
    assert status_colour("no such status") == status_colour("pending")


def test_the_look_follows_a_dark_palette(qapp: QApplication) -> None:
    light = Look.from_palette()
    saved = QApplication.palette()
    dark = QPalette(saved)
    dark.setColor(QPalette.ColorRole.Base, dark.color(QPalette.ColorRole.Base).darker(900))
    QApplication.setPalette(dark)
    try:
        assert Look.from_palette().border != light.border
    finally:
        QApplication.setPalette(saved)
    assert set(light.pens) >= {"border", "selected", "edge", "edge_draft"}
