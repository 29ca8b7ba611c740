"""Scheduling from the window (ui.calendar.scheduling): the Schedule button places new
steps, and the window re-schedules after a change once it settles."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from pytestqt.qtbot import QtBot

from app import plans
from app.calendar import cache
from app.schedule import store
from app.tasks import NewTask, add_task
from models import CalendarEvent, ScheduledBlock
from ui.calendar.panel import CalendarPanel
from ui.context import WindowContext

ZONE = ZoneInfo("Asia/Shanghai")
MONDAY = date(2026, 12, 14)


@pytest.fixture(autouse=True)
def _command_line_keeper_off() -> Iterator[None]:
    """The window re-schedules through its own keeper (in a worker), not the command
    line's, which an earlier test may have left listening."""
    from app.schedule import keeper

    keeper.stop()
    yield
    keeper.stop()


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> CalendarPanel:
    widget = CalendarPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.wait_until(lambda: not widget.loading)
    return widget


def settled(panel: CalendarPanel, qtbot: QtBot) -> None:
    """Wait until nothing the test started is still due to run (so none runs in the next)."""
    qtbot.wait_until(lambda: not (panel.loading or panel._refresh_timer.isActive()
                                  or panel.keeper._timer.isActive() or panel.ctx.runner.running),
                     timeout=5_000)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(MONDAY + timedelta(days=day), datetime.min.time(),
                            ZONE).replace(hour=hour, minute=minute)


def event(source: int, summary: str, start: datetime, end: datetime) -> None:
    CalendarEvent.create(source=source, uid=summary, summary=summary, all_day=False, busy=True,
                         start=start.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ"),
                         end=end.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ"))


def a_week_of_work() -> int:
    """A calendar with meetings and two plans with estimates, scheduled from Monday 08:00."""
    work = cache.add_source("Work", "ics_file", "/nowhere/work.ics").id
    for day in range(5):
        event(work, "Standup", at(day, 9, 30), at(day, 10))
    event(work, "Team meeting", at(0, 13), at(0, 15))
    event(work, "客户电话", at(2, 10), at(2, 12))
    offsite = add_task(NewTask(title="Team offsite", priority=2, due_at=at(4, 17))).id
    plans.save_plan(offsite, {"schema_version": 2, "title": "Offsite", "steps": [
        {"id": "venues", "title": "Shortlist venues", "estimate_minutes": 120},
        {"id": "book", "title": "Book the venue", "depends_on": ["venues"],
         "estimate_minutes": 60},
        {"id": "agenda", "title": "Write the agenda", "depends_on": ["book"],
         "estimate_minutes": 180},
    ]})
    report = add_task(NewTask(title="写季度报告", due_at=at(3, 18))).id
    plans.save_plan(report, {"schema_version": 2, "title": "报告", "steps": [
        {"id": "data", "title": "整理数据", "estimate_minutes": 90},
        {"id": "draft", "title": "写初稿", "depends_on": ["data"], "estimate_minutes": 240},
    ]})
    store.run(now=at(0, 8))
    return offsite


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
