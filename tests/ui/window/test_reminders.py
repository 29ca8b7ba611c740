"""Reminders in the window: fired once into the list, snoozed, done."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task
from models import Reminder
from ui.shared.context import WindowContext
from ui.window.reminders import ReminderCenter, ReminderDock


def due_reminder(text: str) -> int:
    task = add_task(NewTask(title=text))
    row = Reminder.create(task=task, kind="due", text=text,
                          fire_at=datetime.now(UTC) - timedelta(minutes=2))
    return int(row.id)


def test_missed_reminders_fire_once_into_the_list(ctx: WindowContext, qtbot: QtBot) -> None:
    center = ReminderCenter(ctx, interval_ms=60_000)
    dock = ReminderDock(ctx, center)
    qtbot.add_widget(dock)
    due_reminder("Call the bank")
    due_reminder("写周报")
    fired: list[str] = []
    center.fired.connect(lambda text, _rows: fired.append(text))
    center.tick()
    qtbot.wait_until(lambda: dock.list.count() == 2)
    assert fired == ["2 reminders: Call the bank; 写周报"]  # one summary for both
    center.tick()
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert len(fired) == 1  # not again


def test_snooze_and_done(ctx: WindowContext, qtbot: QtBot) -> None:
    center = ReminderCenter(ctx, interval_ms=60_000)
    dock = ReminderDock(ctx, center)
    qtbot.add_widget(dock)
    first = due_reminder("Pay the rent")
    due_reminder("Water the plants")
    center.tick()
    qtbot.wait_until(lambda: dock.list.count() == 2)
    dock.list.setCurrentRow(0)
    dock.buttons["1h"].click()
    qtbot.wait_until(lambda: dock.list.count() == 1)
    assert Reminder.get_by_id(first).snoozed_until is not None
    dock.list.setCurrentRow(0)
    dock.buttons["done"].click()
    qtbot.wait_until(lambda: dock.list.count() == 0)
    assert dock.empty.isVisibleTo(dock)
