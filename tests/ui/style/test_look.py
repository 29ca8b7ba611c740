"""A live theme switch (``ui.style.look``) repaints every widget both ways: after dark →
light no widget of the window keeps a dark colour (scroll bars, the list's tab bar and
check boxes, widgets with a style sheet), and after light → dark none keeps a light one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.shared.context import WindowContext
from ui.style import look
from ui.style.look import apply_look
from ui.window.main import MainWindow

SURFACES = (QPalette.ColorRole.Window, QPalette.ColorRole.Base, QPalette.ColorRole.Button)


@pytest.fixture
def window(ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> Iterator[MainWindow]:
    win = MainWindow(ctx)
    win.remember_geometry = False
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    yield win
    apply_look(qapp, "light")


def off_key(qapp: QApplication, dark: bool) -> list[str]:
    """The widgets whose surfaces are not of the theme (dark ones in light, or back)."""
    wrong = []
    for widget in qapp.allWidgets():
        for role in SURFACES:
            lightness = widget.palette().color(role).lightness()
            if (lightness > 150) if dark else (lightness < 100):
                wrong.append(f"{type(widget).__name__}:{widget.objectName()}:{role.name}")
    return wrong


def test_dark_then_light_leaves_nothing_dark(window: MainWindow, qtbot: QtBot,
                                             qapp: QApplication) -> None:
    apply_look(qapp, "dark")
    qtbot.wait_until(lambda: not off_key(qapp, dark=True))
    apply_look(qapp, "light")
    qtbot.wait_until(lambda: not off_key(qapp, dark=False))
    tabs = window.tasks.tabs
    assert tabs.palette().color(QPalette.ColorRole.Window).lightness() > 150


def test_light_then_dark_leaves_nothing_light(window: MainWindow, qtbot: QtBot,
                                              qapp: QApplication) -> None:
    apply_look(qapp, "light")
    apply_look(qapp, "dark")
    qtbot.wait_until(lambda: not off_key(qapp, dark=True))
    view = window.tasks.table.viewport()
    assert view.palette().color(QPalette.ColorRole.Base).lightness() < 100


def test_a_panel_marked_as_style_sheet_styled_follows_the_theme(
        qtbot: QtBot, qapp: QApplication) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    apply_look(qapp, "light")
    outer = QWidget()
    qtbot.add_widget(outer)
    panel = QWidget(outer)  # as Qt leaves the task list's panel: marked, no sheet of its own
    panel.setAttribute(Qt.WidgetAttribute.WA_StyleSheet, True)
    label = QLabel("1 task", panel)
    QVBoxLayout(outer).addWidget(panel)
    outer.show()
    try:
        apply_look(qapp, "dark")
        ink = label.palette().color(QPalette.ColorRole.WindowText)
        assert ink.lightness() > 150, ink.name()
    finally:
        apply_look(qapp, "light")
    assert label.palette().color(QPalette.ColorRole.WindowText).lightness() < 100


def test_first_look_as_last_seen(qapp: QApplication, tmp_path: Path) -> None:
    """"system" in the first frame is the answer the last start kept; the look after the
    paint asks the system (offscreen: not dark) and keeps its answer."""
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    store = QSettings(*look.STORE)
    try:
        store.setValue(look.SYSTEM_DARK, True)
        apply_look(qapp, "system", remembered=True)
        assert qapp.property("stepwise_dark") is True
        apply_look(qapp, "system")
        assert qapp.property("stepwise_dark") is False
        assert str(QSettings(*look.STORE).value(look.SYSTEM_DARK)).lower() == "false"
        apply_look(qapp, "system", remembered=True)
        assert qapp.property("stepwise_dark") is False
    finally:
        apply_look(qapp, "light")


def test_dark_boxes_have_edges(qapp: QApplication, qtbot: QtBot) -> None:
    """Fusion draws a box's edge in Window.darker(140): on the dark Base that was no
    edge at all; with the indicators' own Window it stands out, and light is as before."""
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    box, radio = QCheckBox("Sat"), QRadioButton("Sun")
    qtbot.add_widget(box)
    qtbot.add_widget(radio)
    try:
        apply_look(qapp, "dark")
        qapp.processEvents()  # the palette change reaches the widgets shown already
        for widget in (box, radio):
            edge = widget.palette().color(QPalette.ColorRole.Window).darker(140)
            base = widget.palette().color(QPalette.ColorRole.Base)
            assert edge.lightness() - base.lightness() > 40
        apply_look(qapp, "light")
        qapp.processEvents()
        assert box.palette().color(QPalette.ColorRole.Window) == \
            qapp.palette().color(QPalette.ColorRole.Window)
    finally:
        apply_look(qapp, "light")
