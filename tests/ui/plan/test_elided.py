"""A label that elides its text to its width (ui.plan.elided): a long title never clips or
pushes its neighbours, the whole of it is in the tooltip, and it shows in full when it fits."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ui.plan.elided import ElidedLabel

LONG = "Organise the team offsite for the whole department before the winter holidays"


def test_a_long_text_is_elided_to_the_width_with_all_of_it_in_the_tooltip(
        qtbot: QtBot) -> None:
    label = ElidedLabel()
    qtbot.add_widget(label)
    label.resize(120, 20)
    label.show()
    label.set_full_text(LONG)
    assert label.text().endswith("…") and len(label.text()) < len(LONG)
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
    assert label.toolTip() == LONG and label.full_text == LONG


def test_widened_it_shows_the_whole_text_and_narrowed_it_elides_again(qtbot: QtBot) -> None:
    label = ElidedLabel()
    qtbot.add_widget(label)
    label.set_full_text(LONG)
    label.resize(label.fontMetrics().horizontalAdvance(LONG) + 40, 20)
    label.show()
    qtbot.wait_until(lambda: label.text() == LONG)
    label.resize(80, 20)
    qtbot.wait_until(lambda: label.text() != LONG)
    assert label.text().endswith("…")


def test_it_asks_for_its_text_but_can_shrink_to_almost_nothing(qtbot: QtBot) -> None:
    label = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle)
    qtbot.add_widget(label)
    label.set_full_text(LONG)
    assert label.sizeHint().width() > label.fontMetrics().horizontalAdvance(LONG)
    assert label.minimumSizeHint().width() == 40
    label.resize(120, 20)
    label.show()
    assert "…" in label.text() and not label.text().endswith("…")  # elided in the middle
    assert label.textFormat() == Qt.TextFormat.PlainText  # a title "<b>" is shown as typed
