"""Issue 11: the quick-add bar follows a live language switch — its placeholders and
button at once, and its preview writes dates and words in 中文."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.shared.context import WindowContext
from ui.tasks.quick_add import QuickAddBar
from ui.words import i18n


@pytest.fixture(autouse=True)
def _locale_kept(qapp: QApplication) -> Iterator[None]:
    """Switching language sets QLocale's default: the next tests get theirs back."""
    kept = QLocale()
    yield
    i18n.install(qapp, "en")
    QLocale.setDefault(kept)


@pytest.fixture
def bar(ctx: WindowContext, qtbot: QtBot) -> QuickAddBar:
    widget = QuickAddBar(ctx)
    qtbot.add_widget(widget)
    return widget


def test_the_bar_retranslates_live_and_previews_in_chinese(bar: QuickAddBar, qtbot: QtBot,
                                                          qapp: QApplication) -> None:
    bar.title.setText("Renew passport every friday #admin")
    bar.when.setText("tomorrow 5pm")
    english = bar.preview.text()
    assert "due " in english and "repeats " in english
    i18n.install(qapp, "zh_CN")
    qtbot.wait_until(lambda: bar.add_button.text() != "Add")
    assert not bar.title.placeholderText().startswith("Add a task")
    shown = bar.preview.text()
    assert "截止 " in shown and "重复 " in shown and "due" not in shown
    assert "月" in shown and "日" in shown and "周" in shown  # a Chinese date, not "Fri"
    assert "Fri" not in shown
    i18n.install(qapp, "en")
    qtbot.wait_until(lambda: bar.add_button.text() == "Add")
    assert bar.preview.text() == english


def test_the_calendar_toolbar_follows_a_live_language_switch(
        ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> None:
    from ui.calendar.panel import CalendarPanel

    panel = CalendarPanel(ctx)
    qtbot.add_widget(panel)
    english = [b.text() for b in (panel.today_button, panel.day_button, panel.week_button,
                                  panel.sync_button, panel.sources_button)]
    assert english == ["Today", "Day", "Week", "Sync now", "Sources…"]
    try:
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: panel.today_button.text() != "Today")
        assert all(not b.text().isascii() for b in (
            panel.today_button, panel.day_button, panel.week_button, panel.sync_button))
        assert "年" in panel.range_label.text() or "月" in panel.range_label.text()
    finally:
        i18n.install(qapp, "en")
    qtbot.wait_until(lambda: panel.today_button.text() == "Today")


def test_what_the_assistant_did_is_said_again_in_the_new_language(
        ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> None:
    from tests.ui.async_helpers import planned_task
    from ui.assistant.dock import AssistantDock

    dock = AssistantDock(ctx)
    qtbot.add_widget(dock)
    task_id = planned_task()
    ctx.assistant.outcome.emit(task_id, "plan", "plan: 2 step(s)", "")
    qtbot.wait_until(lambda: dock.outcomes.count() == 1)
    english = dock.outcomes.item(0).text()
    assert "Planned" in english or "Working on" in english
    i18n.install(qapp, "zh_CN")
    qtbot.wait_until(lambda: dock.outcomes.item(0).text() != english)
    assert "Planned" not in dock.outcomes.item(0).text()
    assert "Working" not in dock.outcomes.item(0).text()
