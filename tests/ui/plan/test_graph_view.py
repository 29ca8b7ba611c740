"""The view onto the plan canvas (ui.plan.graph_view): zoom in and out, fit never past life
size, Ctrl+wheel, and panning by dragging the background."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.plan.test_view import at, drag, free_spot, make_task, open_view, plan15
from ui.shared.context import WindowContext


def test_zoom_fit_and_ctrl_wheel(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()), whole=False)
    fitted = view.zoom()
    assert fitted == pytest.approx(1.0)  # a plan wider than the view: readable, it scrolls
    assert view.graphics.horizontalScrollBar().maximum() > 0
    seen = view.graphics.mapToScene(view.graphics.viewport().rect()).boundingRect()
    assert seen.left() <= view.scene.nodes["dates"].sceneBoundingRect().left()  # its start
    view.zoom_out()
    assert view.zoom() == pytest.approx(fitted / 1.2)  # by hand it zooms out further
    view.zoom_in()
    view.zoom_in()
    assert view.zoom() == pytest.approx(fitted * 1.2)
    qtbot.keyClick(view.graphics, Qt.Key.Key_F)
    assert view.zoom() == pytest.approx(fitted)
    viewport = view.graphics.viewport()
    QTest.mouseMove(viewport, viewport.rect().center())
    from PySide6.QtCore import QPoint as P
    from PySide6.QtGui import QWheelEvent

    wheel = QWheelEvent(QPointF(viewport.rect().center()), QPointF(viewport.mapToGlobal(
        viewport.rect().center())), P(0, 0), P(0, 120), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, wheel)
    assert view.zoom() == pytest.approx(fitted * 1.2)


def test_dragging_the_background_pans(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    view.zoom_by(1.5)
    bar = view.graphics.horizontalScrollBar()
    start_value = bar.value()
    spot = at(view, free_spot(view))
    drag(view, spot, spot + QPoint(-150, 0))
    assert bar.value() != start_value
    assert view.scene.nodes["dates"].pos() == QPointF(0, view.scene.nodes["dates"].pos().y())


def test_a_large_interface_font_makes_cards_larger_not_text_cut(
        ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> None:
    from PySide6.QtGui import QFont

    kept = QFont(qapp.font())
    big = QFont(kept)
    big.setPointSizeF(20.0)
    qapp.setFont(big)
    try:
        view = open_view(ctx, qtbot, make_task(plan15()), whole=False)
        look = view.scene.look
        assert look.scale > 1.0  # two lines of 20 pt and a subtitle do not fit a card
        assert view.zoom() == pytest.approx(look.scale)  # fit: the text at 20 pt again
        assert look.title_font.pointSizeF() * view.zoom() == pytest.approx(20.0, rel=0.02)
        view.zoom_out()
        qtbot.keyClick(view.graphics, Qt.Key.Key_F)
        assert view.zoom() == pytest.approx(look.scale)
    finally:
        qapp.setFont(kept)
