"""The step keys (ui.plan.keys) in the outline (ui.plan.outline): after a switch to 中文 and
dark and back, a row clicked, Down, Down, Ctrl+Return, Up, Ctrl+Return ticks the two steps
and keeps the rows the view holds (the sequence that once crashed the window); Space ticks
too, a plan of a new shape waits for an open title editor to close, and the texts follow
the language in place."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QTabWidget
from pytestqt.qtbot import QtBot

from app.config import settings
from app.plan import store as plans
from app.states import PlanStatus
from app.tasks.store import NewTask, add_task
from tests.ui.plan.test_view import step
from tests.ui.plan_helpers import latest
from ui.plan.outline import PlanOutline
from ui.shared.context import WindowContext
from ui.style.look import apply_look
from ui.window.main import MainWindow
from ui.words import i18n


def four_steps() -> int:
    """A running plan of four steps of the person's, none waiting for another."""
    task_id = add_task(NewTask(title="Buy milk")).id
    data: dict[str, Any] = {"schema_version": 1, "origin": "assistant", "title": "Buy milk",
                            "objective": "", "steps": [
                                step("s1", "Go to the shop"), step("s2", "Pick the milk"),
                                step("s3", "Pay"), step("s4", "Go home")]}
    plans.save_plan(task_id, data, author="assistant")
    if latest(task_id).status == PlanStatus.PENDING:
        plans.plan_action(task_id, "approve")
    return task_id


def status_of(task_id: int, step_id: str) -> str:
    return str(plans.spec_of(latest(task_id)).step(step_id).status)


@pytest.fixture
def window(ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> Iterator[MainWindow]:
    kept = QLocale()
    win = MainWindow(ctx)
    win.remember_geometry = False
    qtbot.add_widget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.wait_exposed(win)
    yield win
    i18n.install(qapp, "en")
    QLocale.setDefault(kept)
    apply_look(qapp, "light")


def outline_tab(window: MainWindow) -> None:
    for tabs in window.findChildren(QTabWidget):
        if tabs.indexOf(window.outline) >= 0:
            tabs.setCurrentWidget(window.outline)


def switch_look(window: MainWindow, qtbot: QtBot, language: str, theme: str) -> None:
    """As the settings dialog does once it saved them."""
    settings.put("ui.language", language)
    settings.put("ui.theme", theme)
    window._on_settings_saved()
    qtbot.wait_until(lambda: (window.outline.model.headerData(0, Qt.Orientation.Horizontal)
                              == "Step") == (language == "en"))


def test_keys_tick_steps_after_a_language_switch(window: MainWindow, ctx: WindowContext,
                                                 qtbot: QtBot, qtlog: Any) -> None:
    task_id = four_steps()
    window.tasks.select_task(task_id)
    outline = window.outline
    qtbot.wait_until(lambda: "s4" in outline.items)
    switch_look(window, qtbot, "zh_CN", "dark")
    switch_look(window, qtbot, "en", "light")
    outline_tab(window)
    tree = outline.tree
    held = dict(outline.items)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualRect(outline.items["s1"].index()).center())
    tree.setFocus()
    assert ctx.selection.step_id == "s1"
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down):
        QTest.keyClick(tree, key)
    assert ctx.selection.step_id == "s3"
    QTest.keyClick(tree, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait_until(lambda: status_of(task_id, "s3") == "completed")
    QTest.keyClick(tree, Qt.Key.Key_Up)
    assert ctx.selection.step_id == "s2"
    QTest.keyClick(tree, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait_until(lambda: status_of(task_id, "s2") == "completed")
    qtbot.wait_until(lambda: outline.model.item(1, 1).text() == "completed")
    assert outline.items == held  # ticks changed the rows in place
    assert tree.currentIndex() == outline.items["s2"].index()
    QTest.keyClick(tree, Qt.Key.Key_Up)
    QTest.keyClick(tree, Qt.Key.Key_Space)
    qtbot.wait_until(lambda: status_of(task_id, "s1") == "completed")
    warnings = [r.message for r in qtlog.records if "propagateSizeHints" not in r.message]
    assert warnings == []


def test_a_new_shape_waits_for_the_title_editor(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = four_steps()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    outline.tree.setFocus()
    outline.tree.setCurrentIndex(outline.items["s2"].index())
    QTest.keyClick(outline.tree, Qt.Key.Key_F2)
    editor = outline.tree.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.setText("Pick the oat milk")
    plans.save_plan(task_id, {**plans.spec_of(latest(task_id)).to_json(),
                              "steps": [*plans.spec_of(latest(task_id)).to_json()["steps"],
                                        step("s5", "Put it in the fridge")]}, author="user")
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.feed.load()
    assert "s5" not in outline.items and editor.text() == "Pick the oat milk"
    QTest.keyClick(editor, Qt.Key.Key_Escape)
    qtbot.wait_until(lambda: "s5" in outline.items)


def test_the_outline_follows_the_language_in_place(ctx: WindowContext, qtbot: QtBot,
                                                   qapp: QApplication) -> None:
    task_id = four_steps()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    held = dict(outline.items)
    try:
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: outline.model.item(0, 1).text() != "pending")
        assert outline.model.headerData(0, Qt.Orientation.Horizontal) != "Step"
        assert outline.items == held
    finally:
        i18n.install(qapp, "en")
    qtbot.wait_until(lambda: outline.model.item(0, 1).text() == "pending")


def test_arrows_go_to_the_nearest_step_that_way() -> None:
    from ui.plan.keys import next_in_direction

    centres = {"a": (0.0, 0.0), "b": (260.0, 0.0), "c": (260.0, 100.0), "d": (520.0, 40.0),
               "e": (0.0, 300.0)}
    assert next_in_direction(centres, "a", Qt.Key.Key_Right) == "b"  # the row first
    assert next_in_direction(centres, "b", Qt.Key.Key_Down) == "c"
    assert next_in_direction(centres, "c", Qt.Key.Key_Right) == "d"
    assert next_in_direction(centres, "a", Qt.Key.Key_Down) == "e"
    assert next_in_direction(centres, "a", Qt.Key.Key_Left) is None
    assert next_in_direction(centres, "a", Qt.Key.Key_Up) is None


def test_add_after_opens_the_title_editor_on_the_new_step(ctx: WindowContext,
                                                           qtbot: QtBot) -> None:
    task_id = four_steps()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    outline.tree.setFocus()
    outline.tree.setCurrentIndex(outline.items["s2"].index())
    QTest.keyClick(outline.tree, Qt.Key.Key_N,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.wait_until(lambda: isinstance(outline.tree.focusWidget(), QLineEdit))
    editor = outline.tree.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "New step"
    new = next(s for s in plans.spec_of(latest(task_id)).steps if s.title == "New step")
    assert outline.tree.currentIndex() == outline.items[new.id].index()
    editor.setText("Carry it home")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step(new.id).title
                     == "Carry it home")


def test_the_step_menu_keys_work_in_the_outline(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = four_steps()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    tree = outline.tree
    tree.setCurrentIndex(outline.items["s2"].index())
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(tree, Qt.Key.Key_S, shift_ctrl)  # Start
    qtbot.wait_until(lambda: status_of(task_id, "s2") == "in_progress")
    QTest.keyClick(tree, Qt.Key.Key_K, shift_ctrl)  # Skip
    qtbot.wait_until(lambda: status_of(task_id, "s2") == "skipped")
    tree.setCurrentIndex(outline.items["s4"].index())
    QTest.keyClick(tree, Qt.Key.Key_Delete)
    qtbot.wait_until(lambda: "s4" not in {s.id for s in plans.spec_of(latest(task_id)).steps})
    qtbot.wait_until(lambda: "s4" not in outline.items)
