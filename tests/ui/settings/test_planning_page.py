"""Settings → Planning: working days and hours and the reminders' lead times, saved as the
command line's settings; a day-less week or hours that end before they start are told
and not saved."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTime
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.config import settings
from tests.ui.settings_helpers import open_dialog
from ui.shared.context import WindowContext


def test_planning_saved(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = open_dialog(ctx, qtbot)
    page = dialog.planning
    assert [c for c, box in page.days.items() if box.isChecked()] == [
        "mon", "tue", "wed", "thu", "fri"]
    page.days["fri"].setChecked(False)
    page.days["sat"].setChecked(True)
    page.work_start.setTime(QTime(19, 0))  # after the stored end (18:00): put end first
    page.work_end.setTime(QTime(22, 30))
    page.lead.setValue(99_999)  # beyond the declared range: held at its maximum
    page.block_start.setChecked(True)
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert settings.get("calendar.work_days") == "mon,tue,wed,thu,sat"
    assert (settings.get("calendar.work_start"), settings.get("calendar.work_end")) == (
        "19:00", "22:30")
    assert settings.get("reminders.lead_minutes") == \
        settings.SETTINGS["reminders.lead_minutes"].max
    assert settings.get("reminders.block_start") is True


def test_planning_problems(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = open_dialog(ctx, qtbot)
    page = dialog.planning
    page.work_end.setTime(QTime(8, 0))
    assert not dialog.save_button.isEnabled() and "end after" in dialog.hint.text()
    page.work_end.setTime(QTime(17, 0))
    for box in page.days.values():
        box.setChecked(False)
    assert not dialog.save_button.isEnabled() and "working day" in dialog.hint.text()
    page.days["wed"].setChecked(True)
    assert dialog.save_button.isEnabled()


@pytest.mark.parametrize(("language", "monday"), [("en", "Mon"), ("zh_CN", "周一")])
def test_day_names(ctx: WindowContext, qtbot: QtBot, language: str, monday: str) -> None:
    from ui.words import i18n

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, language)
    try:
        dialog = open_dialog(ctx, qtbot)
        assert dialog.planning.days["mon"].text() == monday
    finally:
        i18n.install(app, "en")


def test_day_limit(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = open_dialog(ctx, qtbot)
    limit = dialog.planning.day_limit
    assert limit.value() == 0 and limit.text() == "No limit"
    limit.setValue(360)
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert settings.get("calendar.day_limit_minutes") == 360


@pytest.mark.parametrize(("chosen", "first"), [("mon", 0), ("sun", 6), ("sat", 5)])
def test_week_start(ctx: WindowContext, qtbot: QtBot, chosen: str, first: int) -> None:
    from datetime import date

    from ui.calendar.panel import CalendarPanel

    panel = CalendarPanel(ctx)  # open before: it reads the setting again when told
    qtbot.add_widget(panel)
    dialog = open_dialog(ctx, qtbot)
    dialog.planning.week_start.setCurrentIndex(dialog.planning.week_start.findData(chosen))
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    panel.settings_changed()  # what the main window does once the settings are saved
    panel.anchor = date(2026, 12, 16)  # a Wednesday
    start, days = panel.span()
    assert days == 7 and start.weekday() == first and start <= panel.anchor
    qtbot.wait_until(lambda: not panel.ctx.runner.running, timeout=5000)
