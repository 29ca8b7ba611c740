"""A week of meetings and two estimated plans, scheduled from Monday 08:00, for the tests
of planned blocks (the calendar panel, its Schedule button, the step details)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from pytestqt.qtbot import QtBot

from app.calendar import cache
from app.plan import store as plans
from app.schedule import store
from app.tasks.store import NewTask, add_task
from models import CalendarEvent
from ui.calendar.panel import CalendarPanel

ZONE = ZoneInfo("Asia/Shanghai")
MONDAY = date(2026, 12, 14)


def settled(panel: CalendarPanel, qtbot: QtBot) -> None:
    """Wait until nothing the test started is still due to run (so none runs in the next)."""
    qtbot.wait_until(lambda: not (panel.loading or panel._refresh_timer.isActive()
                                  or panel.keeper._timer.isActive()
                                  or panel.publisher._timer.isActive()
                                  or panel.ctx.runner.running),
                     timeout=5_000)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """``day`` days after MONDAY at ``hour``:``minute``, in the tests' zone."""
    return datetime.combine(MONDAY + timedelta(days=day), datetime.min.time(),
                            ZONE).replace(hour=hour, minute=minute)


def event(source: int, summary: str, start: datetime, end: datetime) -> None:
    """A busy timed event of ``source`` in the calendar cache."""
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
