"""Issue 11, smaller things: the Reminders dock lists what is still to come, a reminder
follows a task's rename, and the first close to the tray says that Stepwise keeps running."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.reminders import store as reminders
from app.tasks.store import NewTask, add_task, update_task
from models import Reminder
from ui.shared.context import WindowContext
from ui.window.reminders import ReminderCenter, ReminderDock


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
    from ui.window.main import MainWindow

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


def test_the_dock_follows_a_live_language_switch(ctx: WindowContext, qtbot: QtBot,
                                                 qapp: object) -> None:
    from PySide6.QtWidgets import QApplication

    from ui.words import i18n

    assert isinstance(qapp, QApplication)
    center = ReminderCenter(ctx, interval_ms=60_000)
    dock = ReminderDock(ctx, center)
    qtbot.add_widget(dock)
    center.tick()
    qtbot.wait_until(lambda: dock.upcoming.count() == 1)
    english = (dock.windowTitle(), dock.buttons["done"].text(), dock.upcoming.item(0).text())
    assert english == ("Reminders", "Done", "Nothing scheduled")
    try:
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: dock.windowTitle() != "Reminders")
        assert dock.buttons["done"].text() != "Done" and dock.coming.text() != "Coming up"
        assert dock.upcoming.item(0).text() != "Nothing scheduled"
    finally:
        i18n.install(qapp, "en")
    qtbot.wait_until(lambda: dock.windowTitle() == "Reminders")


def test_the_docks_start_tall_enough_for_a_few_reminders(ctx: WindowContext, qtbot: QtBot
                                                         ) -> None:
    from ui.window.main import MainWindow

    window = MainWindow(ctx)
    window.remember_geometry = False
    qtbot.add_widget(window)
    window.resize(1280, 800)
    window.show()
    window.reminder_dock.raise_()
    lines = window.reminder_dock.list.fontMetrics().height() * 5
    qtbot.wait_until(lambda: window.reminder_dock.list.height() >= lines)
    assert window.reminder_dock.widget().minimumSizeHint().height() < 200  # it may shrink


def test_a_reminder_says_its_due_time_as_the_window_does(qapp: object, english: object) -> None:
    from ui.window.reminders import reminder_text, summary
    from ui.words.dates import short_when

    fire = datetime(2026, 12, 2, 8, 30).astimezone()
    due = reminders.ReminderView(1, 1, None, "due", "Due Wed 12-02 09:00: Renew passport",
                                 fire, None, None, None)
    step = reminders.ReminderView(2, 1, 3, "step_due",
                                  "Step due Thu 01-07 10:00: Book the hall (Offsite)",
                                  datetime(2026, 12, 30, 9, 0).astimezone(), None, None, None)
    assert reminder_text(due) == f"Due {short_when(datetime(2026, 12, 2, 9, 0).astimezone())}: " \
        "Renew passport"
    assert "12-02" not in reminder_text(due)
    assert reminder_text(step).startswith("Step due ") and "2027" in reminder_text(step)
    assert summary([due, step]).startswith("2 reminders: Due ")


def test_an_all_day_due_reminder_says_its_day_alone(qapp: object, english: object) -> None:
    from ui.window.reminders import reminder_text
    from ui.words.dates import day_text

    fire = datetime(2026, 12, 3, 18, 0).astimezone()
    due = reminders.ReminderView(1, 1, None, "due", "Due Fri 12-04: Pay rent",
                                 fire, None, None, None)
    assert reminder_text(due) == f"Due {day_text(date(2026, 12, 4))}: Pay rent"
