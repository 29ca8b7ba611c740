"""Issue 11, smaller things: dates as the interface language writes them, the
Reminders dock lists what is still to come, a reminder follows a task's rename, and
the first close to the tray says that Stepwise keeps running."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import reminders
from app.tasks import NewTask, add_task, update_task
from models import Reminder
from ui import i18n
from ui.context import WindowContext
from ui.dates import short_when
from ui.reminders_ui import ReminderCenter, ReminderDock


@pytest.fixture
def english(qapp: QApplication) -> object:
    i18n.install(qapp, "en")
    QLocale.setDefault(QLocale("en_GB"))
    yield None
    i18n.install(qapp, "en")


def test_dates_follow_the_interface_language(qapp: QApplication, english: object) -> None:
    moment = datetime(2026, 12, 24, 18, 0).astimezone()
    today = date(2026, 12, 1)
    assert short_when(moment, today) == "24 Dec 18:00"
    assert short_when(moment, moment.date()) == "18:00"
    i18n.install(qapp, "zh_CN")
    assert short_when(moment, today) == "12月24日 18:00"
    assert short_when(moment, date(2025, 1, 1)) == "2026/12/24"
    assert "Dec" not in short_when(moment, today)


def test_the_dock_lists_upcoming_reminders_too(ctx: WindowContext, qtbot: QtBot,
                                               english: object) -> None:
    task = add_task(NewTask(title="Renew passport"))
    Reminder.create(task=task, kind="due", text="Due soon: Renew passport",
                    fire_at=datetime.now(UTC) + timedelta(days=3))
    center = ReminderCenter(ctx, interval_ms=60_000)
    dock = ReminderDock(ctx, center)
    qtbot.add_widget(dock)
    center.tick()
    qtbot.wait_until(lambda: dock.upcoming.count() == 1
                     and "Renew passport" in dock.upcoming.item(0).text())
    assert dock.list.count() == 0  # nothing waiting, one coming up


def test_a_reminder_follows_a_rename(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport",
                            due_at=datetime.now(UTC) + timedelta(days=10)))
    reminders.schedule_for_task(task.id)
    update_task(task.id, title="Renew my passport")
    texts = [r.text for r in reminders.schedule_for_task(task.id)]
    assert texts and all("Renew my passport" in text for text in texts), texts


def test_the_first_close_to_the_tray_tells_once(ctx: WindowContext, qtbot: QtBot,
                                                tmp_path: Path) -> None:
    from ui.main_window import MainWindow

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    window = MainWindow(ctx)
    window.remember_geometry = False
    window.keep_in_tray = True
    qtbot.add_widget(window)
    window.show()
    told: list[bool] = []
    window.closed_to_tray.connect(lambda: told.append(True))
    window.close()
    assert not window.isVisible() and told == [True]
    window.show()
    window.close()
    assert told == [True]  # once ever
