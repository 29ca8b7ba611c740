"""A step's estimate and its planned blocks in the step's details (ui.step_schedule): the
block shown, the estimate edited as text, and a text that is not a duration refused."""

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
from models import CalendarEvent
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


def test_step_details_show_the_block_and_edit_the_estimate(ctx: WindowContext,
                                                           qtbot: QtBot) -> None:
    from ui.step_panel import StepPanel

    offsite = a_week_of_work()
    details = StepPanel(ctx)
    qtbot.add_widget(details)
    ctx.selection.select_task(offsite)
    ctx.selection.select_step("venues")
    box = details.schedule
    assert box.estimate.text() == "2 h"
    assert box.blocks.text().startswith("Mon 12-14 10:00–12:00: first free 2 h")
    box.estimate.setText("1h30")
    box.estimate.editingFinished.emit()

    def estimate() -> int | None:
        return plans.spec_of(plans.active_plan(offsite)).step("venues").estimate_minutes

    qtbot.wait_until(lambda: estimate() == 90, timeout=5_000)
    box.estimate.setText("soon")
    with qtbot.wait_signal(ctx.status.error, timeout=2_000) as said:
        box.estimate.editingFinished.emit()
    assert "not a duration" in said.args[0] and estimate() == 90
