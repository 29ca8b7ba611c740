"""How the window looks (ui.style.look): Fusion, light or dark as chosen (or following the
system), the dark palette on the item views too, and fonts that exist on this machine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QTableView

from ui.style import look


@pytest.fixture
def light_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    look.apply_look(qapp, "light")


def test_dark_sets_the_dark_palette_everywhere(light_after: QApplication) -> None:
    look.apply_look(light_after, "dark")
    assert light_after.style().name().lower() == "fusion"
    assert light_after.property("stepwise_dark") is True
    window = light_after.palette().color(QPalette.ColorRole.Window)
    assert window == QColor("#23262b")
    table = QApplication.palette(QTableView()).color(QPalette.ColorRole.Base)
    assert table == QColor("#1b1d21")  # a desktop theme cannot leave the list white
    disabled = light_after.palette().color(QPalette.ColorGroup.Disabled,
                                           QPalette.ColorRole.Text)
    assert disabled == QColor("#6b7078")


def test_light_is_the_styles_own_palette(light_after: QApplication) -> None:
    look.apply_look(light_after, "dark")
    look.apply_look(light_after, "light")
    assert light_after.property("stepwise_dark") is False
    standard = light_after.style().standardPalette().color(QPalette.ColorRole.Window)
    assert light_after.palette().color(QPalette.ColorRole.Window) == standard


def test_system_follows_the_colour_scheme(qapp: QApplication) -> None:
    from PySide6.QtCore import Qt

    assert look.wants_dark(qapp, "dark") and not look.wants_dark(qapp, "light")
    system_dark = qapp.styleHints().colorScheme() == Qt.ColorScheme.Dark
    assert look.wants_dark(qapp, "system") is system_dark


def test_the_fonts_named_are_ones_this_machine_has(light_after: QApplication) -> None:
    look.apply_look(light_after, "light")
    available = set(QFontDatabase.families())
    wanted = [f for f in look.FAMILIES if f in available]
    if wanted:
        assert light_after.font().families() == wanted
    else:
        assert all(f not in look.FAMILIES for f in light_after.font().families())


def test_without_a_database_the_theme_follows_the_system(light_after: QApplication) -> None:
    look.apply_look(light_after)  # no store open: no crash, the system's choice
    assert light_after.property("stepwise_dark") is look.wants_dark(light_after, "system")
