"""Issue 11, live language and theme: choosing 中文 retranslates menus, tabs, buttons,
docks and the tray at once (no restart), back to English as well; a theme change
repaints the graph canvas and recolours the drawn icons; Ctrl+, opens Settings."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.shared.context import WindowContext
from ui.style.look import apply_look
from ui.window.main import MainWindow
from ui.words import i18n


@pytest.fixture
def window(ctx: WindowContext, qtbot: QtBot) -> Iterator[MainWindow]:
    kept = QLocale()  # a language switch sets QLocale's default: later tests get it back
    win = MainWindow(ctx)
    win.remember_geometry = False
    qtbot.add_widget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.wait_exposed(win)
    yield win
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, "en")
    QLocale.setDefault(kept)
    apply_look(app, "light")


def menu_titles(window: MainWindow) -> list[str]:
    return [menu.title() for menu in window.menus.values()]


def test_switching_to_chinese_retranslates_the_window_at_once(
        window: MainWindow, qtbot: QtBot, qapp: QApplication) -> None:
    english = menu_titles(window)
    assert english[0] == "&File"
    started = time.perf_counter()
    i18n.install(qapp, "zh_CN")
    qtbot.wait_until(lambda: menu_titles(window) != english)
    assert time.perf_counter() - started < 0.3  # the language switch target
    assert all(not title.isascii() for title in menu_titles(window)), menu_titles(window)
    assert window.tasks.tabs.tabText(0) != "Open"
    assert window.plan_toolbar.generate.text() not in ("Generate plan", "Regenerate")
    assert window.plan_view.actions_["fit"].text() != "Fit"
    assert window.assistant_dock.run_button.text() != "Run now"
    qtbot.wait_until(lambda: window.steps.buttons["start"].text() != "Start")
    i18n.install(qapp, "en")
    qtbot.wait_until(lambda: menu_titles(window) == english)
    qtbot.wait_until(lambda: window.steps.buttons["start"].text() == "Start")


def test_the_tray_menu_follows_the_language(window: MainWindow, qtbot: QtBot,
                                            qapp: QApplication) -> None:
    from ui.window.tray import Tray

    tray = Tray(window, window.reminder_center)
    assert tray.actions_["quit"].text() == "Quit"
    i18n.install(qapp, "zh_CN")
    qtbot.wait_until(lambda: tray.actions_["quit"].text() != "Quit")
    i18n.install(qapp, "en")
    qtbot.wait_until(lambda: tray.actions_["quit"].text() == "Quit")


def test_a_theme_change_repaints_the_graph_canvas(window: MainWindow, qtbot: QtBot,
                                                  qapp: QApplication) -> None:
    apply_look(qapp, "light")
    light = window.plan_view.scene.backgroundBrush().color()
    apply_look(qapp, "dark")
    qtbot.wait_until(lambda: window.plan_view.scene.backgroundBrush().color() != light)
    dark = window.plan_view.scene.backgroundBrush().color()
    assert dark.lightness() < light.lightness()
    ink = qapp.palette().color(QPalette.ColorRole.ButtonText)
    assert ink.lightness() > QColor("#808080").lightness()  # drawn icons follow this ink


def test_settings_has_ctrl_comma_and_menus_show_their_keys(window: MainWindow) -> None:
    by_text = {a.text(): a for a in window.commands}
    settings = next(a for text, a in by_text.items() if text.startswith("Settings"))
    assert QKeySequence("Ctrl+,") in settings.shortcuts()
    assert by_text["Run the assistant"].shortcut() == QKeySequence("F5")


def test_undo_names_what_it_undoes(window: MainWindow) -> None:
    assert window.undo_action.text() == "Undo" and not window.undo_action.isEnabled()



def test_a_theme_set_from_the_command_line_applies_in_the_open_window(
        window: MainWindow, qtbot: QtBot, qapp: QApplication) -> None:
    from app.config import settings

    apply_look(qapp, "light")
    light = window.plan_view.scene.backgroundBrush().color()
    settings.put("ui.theme", "dark")  # as `stepwise settings` in another process does
    window.ctx.bridge.external_change.emit()
    qtbot.wait_until(lambda: window.plan_view.scene.backgroundBrush().color() != light)
    settings.put("ui.theme", "light")


def test_the_plan_menu_approves_with_its_key(window: MainWindow, qtbot: QtBot) -> None:
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task
    from tests.ui.plan.test_view import plan15

    task_id = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(task_id, plan15(), author="assistant")
    window.tasks.reload()
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 1)
    window.tasks.select_task(task_id)
    qtbot.wait_until(lambda: window.plan_toolbar.status == "pending")
    approve = next(a for a in window.commands if a.text() == "Approve the plan")
    assert approve.shortcut() == QKeySequence("Ctrl+Shift+A")
    approve.trigger()
    qtbot.wait_until(lambda: plans.latest_plan(task_id).status == "in_progress")  # type: ignore[union-attr]


def test_undo_is_never_silent_and_shows_its_task(window: MainWindow, qtbot: QtBot) -> None:
    from functools import partial

    from app.plan import editing as plan_editing
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task
    from tests.ui.plan.test_view import plan15
    from ui.plan.edits import PlanEditor

    offsite = add_task(NewTask(title="Team offsite")).id
    milk = add_task(NewTask(title="Buy milk")).id
    plans.save_plan(offsite, plan15())
    editor = PlanEditor.of(window.ctx)
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        editor.submit(offsite, 1, "Add step",
                      partial(plan_editing.add_step, title="Book a bus"))
    assert window.undo_action.text() == "Undo Add step in “Team offsite”"
    # Issue 11: undo applies to the task in view — "Buy milk" has nothing to undo
    window.ctx.selection.select_task(milk)
    assert window.undo_action.text() == "Undo" and not window.undo_action.isEnabled()
    said: list[str] = []
    window.ctx.status.info.connect(said.append)
    window.undo_action.trigger()
    assert said == [] and editor.parent() is window.ctx.undo
    window.ctx.selection.select_task(offsite)
    assert window.undo_action.text() == "Undo Add step in “Team offsite”"
    window.undo_action.trigger()
    assert said[0] == "Undone: Add step in “Team offsite”"
    assert window.ctx.selection.task_id == offsite


def test_every_dock_title_and_table_header_follows_the_language(
        window: MainWindow, qtbot: QtBot, qapp: QApplication) -> None:
    from PySide6.QtCore import QModelIndex, Qt
    from PySide6.QtWidgets import QDockWidget, QTabBar, QTableView, QTreeView

    def english_words() -> list[str]:
        """Dock titles, tab texts and headers of the window still in English."""
        found = [d.windowTitle() for d in window.findChildren(QDockWidget)]
        found += [bar.tabText(i) for bar in window.findChildren(QTabBar)
                  for i in range(bar.count())]
        views = [*window.findChildren(QTableView), *window.findChildren(QTreeView)]
        for view in views:
            model = view.model()
            if model is None:
                continue
            found += [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                      for c in range(model.columnCount(QModelIndex()))]
        return [text for text in found if any(ch.isalpha() for ch in text) and text.isascii()]

    assert english_words()  # English now: the check sees the texts
    i18n.install(qapp, "zh_CN")
    qtbot.wait_until(lambda: not english_words())
