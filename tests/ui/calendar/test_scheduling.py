"""Scheduling from the window (ui.calendar.scheduling): the Schedule button places new
steps, and the window re-schedules after a change once it settles."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.schedule import store
from app.tasks.store import NewTask, add_task
from models import ScheduledBlock
from tests.ui.week_of_work import a_week_of_work, at, settled
from ui.calendar.panel import CalendarPanel

pytestmark = pytest.mark.usefixtures("command_line_keeper_off")
PANEL_SIZE = (1100, 760)  # the panel fixture's size (conftest.py)


def test_the_schedule_button_places_new_steps(panel: CalendarPanel, qtbot: QtBot) -> None:
    task = add_task(NewTask(title="Tidy the desk")).id
    plans.save_plan(task, {"schema_version": 2, "steps": [
        {"id": "a", "title": "Tidy", "estimate_minutes": 30}]})
    panel.schedule_button.click()
    qtbot.wait_until(lambda: ScheduledBlock.select().count() == 1, timeout=5_000)
    settled(panel, qtbot)


def test_the_window_re_schedules_after_a_change_once_it_settles(
        panel: CalendarPanel, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.schedule.estimates import set_estimate

    offsite = a_week_of_work()
    real = store.run
    monkeypatch.setattr(store, "run", lambda **kw: real(**{"now": at(0, 8), **kw}))
    set_estimate(offsite, "venues", 30)  # the keeper re-schedules in a worker
    qtbot.wait_until(lambda: ScheduledBlock.get(ScheduledBlock.step_id == "book").start
                     == at(0, 10), timeout=5_000)  # "Shortlist venues" fits 09:00–09:30
    settled(panel, qtbot)


def test_window_publishes(panel: CalendarPanel, qtbot: QtBot, tmp_path: object) -> None:
    """The window writes the published calendar again after a change, in a worker."""
    from pathlib import Path

    from app.publish import store as publishing
    from app.tasks.store import update_task

    assert isinstance(tmp_path, Path)
    task = add_task(NewTask(title="Renew the passport", due_at=at(2, 17))).id
    path = tmp_path / "plan.ics"
    publishing.add_ics(str(path), dues=True)
    before = path.read_bytes()
    assert b"20261216T170000" in before
    update_task(task, due_at=at(3, 11))
    qtbot.wait_until(lambda: b"20261217T110000" in path.read_bytes(), timeout=5_000)
    settled(panel, qtbot)


def test_publishes_periodically(panel: CalendarPanel, qtbot: QtBot,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A move made in another app comes back even when nothing changes here: the window
    publishes (and so reads back) as often as the calendars sync."""
    from app.config import settings
    from app.publish import keeper as publish_keeper

    every = panel.publisher._every
    assert every.isActive()
    assert every.interval() == int(settings.get("calendar.sync_minutes")) * 60_000
    runs: list[int] = []
    monkeypatch.setattr(publish_keeper, "publish_now", lambda: runs.append(1))
    every.setInterval(50)
    qtbot.wait_until(lambda: len(runs) >= 2, timeout=5_000)
    every.stop()
    settled(panel, qtbot)
