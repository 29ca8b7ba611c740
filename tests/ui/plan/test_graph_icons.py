"""The plan toolbar's icons (ui.plan.graph_icons): one for every button, in light and dark
mode, drawn in the palette's ink where the desktop theme has none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication

from ui.plan.graph_icons import _DRAWERS, _drawn_icon, toolbar_icon
from ui.plan.graph_toolbar import toolbar_texts


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QApplication]:
    qapp.setProperty("stepwise_dark", True)
    try:
        yield qapp
    finally:
        qapp.setProperty("stepwise_dark", False)


def test_every_toolbar_button_has_an_icon(qapp: QApplication) -> None:
    assert set(_DRAWERS) == set(toolbar_texts())
    assert all(not toolbar_icon(key).isNull() for key in _DRAWERS)


def test_dark_mode_draws_its_own_icons(dark: QApplication) -> None:
    for key in _DRAWERS:
        image = toolbar_icon(key).pixmap(QSize(32, 32)).toImage()
        painted = [image.pixelColor(x, y).alpha() for x in range(32) for y in range(32)]
        assert any(painted), key  # drawn, not a blank from the theme


def test_a_drawn_icon_is_in_the_palettes_ink(qapp: QApplication) -> None:
    ink = QApplication.palette().buttonText().color()
    image = _drawn_icon("add").pixmap(QSize(32, 32)).toImage()
    centre = image.pixelColor(16, 16)
    assert (centre.red(), centre.green(), centre.blue()) == (ink.red(), ink.green(), ink.blue())
