"""The welcome view (ui.window.welcome): shown on an empty store, a click adds the sample tasks
in the chosen language and the plan area comes back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from models import Task
from tests.ui.window_helpers import SHOTS, listed, open_window
from ui.shared.context import WindowContext


def test_the_welcome_view_on_an_empty_store_adds_samples(ctx: WindowContext,
                                                         qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.centre.currentWidget() is window.welcome)
    if SHOTS:
        window.grab().save(str(SHOTS / "window-welcome.png"))
    qtbot.mouseClick(window.welcome.chinese, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: len(listed(window)) == 4)
    assert window.centre.currentIndex() == 0  # the plan area is back
    titles = {Task.get_by_id(i).title for i in listed(window)}
    assert "每周五提醒我交周报" in titles
    assert Task.select().where(Task.recurrence.is_null(False)).count() == 1


def test_short_window_scrolls(ctx: WindowContext, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLabel, QScrollArea

    from ui.window.welcome import WelcomeView

    view = WelcomeView(ctx)
    qtbot.addWidget(view)
    view.resize(420, 260)  # shorter than the text: it must scroll, not be cut
    view.show()
    qtbot.wait_exposed(view)
    scroll = view.findChild(QScrollArea)
    body = max(view.findChildren(QLabel), key=lambda label: len(label.text()))
    assert scroll is not None and scroll.verticalScrollBar().maximum() > 0
    assert body.height() >= body.heightForWidth(body.width())  # every line shown
    scroll.ensureWidgetVisible(view.connect_model)
    qtbot.wait_until(lambda: view.connect_model.visibleRegion().boundingRect().height()
                     == view.connect_model.height())
