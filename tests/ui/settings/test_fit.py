"""Settings fits its screen (``ui.settings.fit``): on a short screen the pages scroll and
every control can be reached with Save and Cancel in view; on a large one every page
shows whole; the dialog grows with its messages but never past the screen, and stays on
it. The screen is an area given to the dialog (offscreen Qt has one fixed screen)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.settings_helpers import choose, open_dialog
from ui.settings import fit
from ui.settings.dialog import SettingsDialog
from ui.shared.context import WindowContext

SMALL = QRect(0, 0, 1024, 700)
TINY = QRect(0, 0, 800, 240)  # shorter than the pages: they scroll
LARGE = QRect(0, 0, 1920, 1080)
CONTROLS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox)


def fitted(ctx: WindowContext, qtbot: QtBot, area: QRect) -> SettingsDialog:
    """The dialog at its tallest (a remote server: consent, notes, a hint), fitted to area."""
    dialog = open_dialog(ctx, qtbot)
    choose(dialog, "openai", "https://models.example.com/v1")
    dialog.model.setEditText("")  # the hint under the tabs asks for a model
    dialog.area = area
    dialog.fit_screen()
    qtbot.wait_until(lambda: dialog.hint.isVisible() and dialog.consent.isVisible())
    return dialog


def inside(widget: QWidget, area: QWidget) -> bool:
    """Whether all of ``widget`` shows within ``area`` (one of its ancestors)."""
    top_left = widget.mapTo(area, QPoint(0, 0))
    return area.rect().contains(QRect(top_left, widget.size()))


def controls(page: QWidget) -> list[QWidget]:
    return [w for w in page.findChildren(QWidget)
            if isinstance(w, CONTROLS) and w.isVisibleTo(page) and w.parent() is not None
            and not isinstance(w.parent(), CONTROLS)]  # a spin box's own line edit


def scroll_to(scroll: fit.FittedScroll, control: QWidget) -> None:
    """Move the scroll bars as a person would, until all of ``control`` is in view
    (``ensureWidgetVisible`` stops once a line edit's text cursor shows)."""
    holder = scroll.widget()
    assert holder is not None
    top = control.mapTo(holder, QPoint(0, 0))
    for bar, start, length, room in (
            (scroll.verticalScrollBar(), top.y(), control.height(), scroll.viewport().height()),
            (scroll.horizontalScrollBar(), top.x(), control.width(), scroll.viewport().width())):
        if start < bar.value():
            bar.setValue(start)
        elif start + length > bar.value() + room:
            bar.setValue(start + length - room)


def fits_in(dialog: SettingsDialog, area: QRect) -> bool:
    """Whether the dialog, with its window frame, is no larger than ``area``."""
    frame = dialog.frameGeometry()
    return frame.width() <= area.width() and frame.height() <= area.height()


def test_small_screen_fits(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = fitted(ctx, qtbot, SMALL)
    assert fits_in(dialog, SMALL)
    for button in (dialog.save_button, dialog.buttons.button(
            dialog.buttons.StandardButton.Cancel)):
        assert button.isVisible() and inside(button, dialog)


def test_tiny_screen_scrolls_to_all(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = fitted(ctx, qtbot, TINY)
    assert fits_in(dialog, TINY) and inside(dialog.save_button, dialog)
    reached = 0
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        scroll = dialog.tabs.currentWidget()
        page = fit.page_of(dialog.tabs, index)
        assert isinstance(scroll, fit.FittedScroll) and page is not None
        qtbot.wait_until(scroll.isVisible)
        for control in controls(page):
            scroll_to(scroll, control)
            qtbot.wait_until(lambda c=control, s=scroll: inside(c, s.viewport()))
            reached += 1
    assert reached >= 20  # the model's, the assistant's, the look's and the sync's fields
    assert dialog.tabs.currentWidget().verticalScrollBar().maximum() > 0  # it did scroll


def test_large_screen_no_scroll(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = fitted(ctx, qtbot, LARGE)
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        scroll = dialog.tabs.currentWidget()
        assert isinstance(scroll, fit.FittedScroll)
        qtbot.wait_until(scroll.isVisible)
        assert scroll.verticalScrollBar().maximum() == 0, dialog.tabs.tabText(index)
        assert scroll.horizontalScrollBar().maximum() == 0, dialog.tabs.tabText(index)


def test_grows_with_message_within(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = fitted(ctx, qtbot, SMALL)
    before = dialog.height()
    dialog.set_message(dialog.save_error, "The settings could not be saved. " * 12)
    qtbot.wait_until(lambda: dialog.height() > before)
    assert inside(dialog.save_error, dialog) and fits_in(dialog, SMALL)
    dialog.area = QRect(0, 0, 1024, dialog.height())  # a screen shorter than it is now
    dialog.fit_screen()
    assert fits_in(dialog, dialog.area) and inside(dialog.save_button, dialog)


def test_moved_back_inside(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = fitted(ctx, qtbot, SMALL)
    dialog.move(600, 500)  # its lower half would be off the screen
    dialog.fit_screen()
    qtbot.wait_until(lambda: SMALL.contains(dialog.frameGeometry()))
