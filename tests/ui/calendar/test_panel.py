"""The calendar panel: cached events, all-day events and due marks where they belong, the
range and view buttons, the now line, selecting a task from its mark, a failing sync that
keeps the last good cache, and sources added through the dialog."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.calendar import cache
from app.calendar.agenda import Block, DueMark
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import CalendarEvent
from tests.app.calendar.radicale_server import free_port
from tests.ui.async_helpers import two_step_plan
from ui.calendar.panel import CalendarPanel

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py)
WEDNESDAY = date(2026, 12, 16)
SHOTS = Path("/tmp/stepwise-shots")


# --- data ------------------------------------------------------------------------------------

def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


def utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_event(source_id: int, summary: str, start: datetime | date, end: datetime | date,
              *, busy: bool = True) -> None:
    all_day = not isinstance(start, datetime)
    CalendarEvent.create(
        source=source_id, uid=summary, summary=summary, all_day=all_day, busy=busy,
        start=start.isoformat() if all_day else utc_text(start),  # type: ignore[arg-type]
        end=end.isoformat() if all_day else utc_text(end))  # type: ignore[arg-type]


def week_of_events(monday: date, location: str = "/nowhere/work.ics") -> dict[str, int]:
    """A week of events, an all-day event, a task due and a step due; their ids."""
    work = cache.add_source("Work", "ics_file", location).id
    home = cache.add_source("Home", "ics_url", f"http://127.0.0.1:{free_port()}/home.ics").id
    wednesday, thursday = monday + timedelta(days=2), monday + timedelta(days=3)
    add_event(work, "Design review", at(wednesday, 9), at(wednesday, 10, 30))
    add_event(home, "Lunch with Ann", at(wednesday, 10), at(wednesday, 11), busy=False)
    add_event(work, "周会：项目评审与排期", at(thursday, 14), at(thursday, 15, 30))
    add_event(work, "Standup", at(monday, 9, 30), at(monday, 9, 45))
    add_event(home, "Team offsite", monday + timedelta(days=1), thursday)
    task_id = add_task(NewTask(title="Renew passport", due_at=at(wednesday, 15))).id
    plan = two_step_plan()
    plan["steps"][0]["due"] = utc_text(at(thursday, 11))
    offsite = add_task(NewTask(title="Organise the team offsite")).id
    plans.save_plan(offsite, plan)
    plans.plan_action(offsite, "approve")
    return {"work": work, "home": home, "task": task_id, "offsite": offsite}


def show(panel: CalendarPanel, qtbot: QtBot, day: date) -> None:
    with qtbot.wait_signal(panel.agenda_loaded, timeout=10_000):
        panel.go_to(day)


def column_of(panel: CalendarPanel, day: date) -> int:
    return (day - panel.span()[0]).days


def block(panel: CalendarPanel, summary: str) -> Block:
    return next(b for b in panel.grid.agenda.blocks if b.summary == summary)


def mark(panel: CalendarPanel, kind: str) -> DueMark:
    return next(m for m in panel.grid.agenda.marks if m.kind == kind)


def summaries(panel: CalendarPanel) -> set[str]:
    return {b.summary for b in panel.grid.agenda.blocks} | {
        b.summary for b in panel.grid.agenda.banners}


def ics(*events: tuple[str, datetime | date, datetime | date]) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stepwise tests//EN"]
    for summary, start, end in events:
        if isinstance(start, datetime):
            times = [f"DTSTART:{start.astimezone(UTC):%Y%m%dT%H%M%SZ}",
                     f"DTEND:{end.astimezone(UTC):%Y%m%dT%H%M%SZ}"]  # type: ignore[union-attr]
        else:
            times = [f"DTSTART;VALUE=DATE:{start:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
        lines += ["BEGIN:VEVENT", f"UID:{summary}@tests", "DTSTAMP:20260101T000000Z", *times,
                  f"SUMMARY:{summary}", "END:VEVENT"]
    return "\r\n".join([*lines, "END:VCALENDAR", ""])


# --- the week --------------------------------------------------------------------------------

def test_the_week_shows_cached_events_in_their_day_and_hours(panel: CalendarPanel,
                                                             qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    assert panel.span() == (date(2026, 12, 14), 7)  # the C locale's week starts on Monday
    grid = panel.grid
    review = block(panel, "Design review")
    assert (review.day, review.start, review.end) == (column_of(panel, WEDNESDAY), 540, 630)
    rect, column = grid.block_rect(review), grid.column(review.day)
    assert column.left() <= rect.left() and rect.right() <= column.right()
    assert rect.top() == pytest.approx(grid.y_of(9 * 60))
    assert rect.bottom() == pytest.approx(grid.y_of(10 * 60 + 30))
    chinese = block(panel, "周会：项目评审与排期")
    assert chinese.day == column_of(panel, date(2026, 12, 17)) and chinese.start == 14 * 60
    lunch = block(panel, "Lunch with Ann")  # overlaps the review: side by side
    assert grid.block_rect(lunch).left() >= rect.right() and (lunch.lanes, review.lanes) == (2, 2)
    image = grid.grab().toImage()
    empty = image.pixelColor(rect.center().toPoint() + QPointF(0, 5 * 42).toPoint())
    assert image.pixelColor(rect.center().toPoint()) != empty  # the block is painted


def test_task_and_step_due_times_are_marked(panel: CalendarPanel, qtbot: QtBot) -> None:
    ids = week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    task, step = mark(panel, "task"), mark(panel, "step")
    assert (task.task_id, task.title, task.day, task.minute) == (ids["task"], "Renew passport",
                                                                 2, 15 * 60)
    assert (step.task_id, step.step_id, step.title, step.day, step.minute) == (
        ids["offsite"], "dates", "Pick two dates", 3, 11 * 60)
    spots = dict((m.kind, r) for m, r in panel.grid.mark_spots())
    for kind, day, minute in (("task", 2, 15 * 60), ("step", 3, 11 * 60)):
        column = panel.grid.column(day)
        assert column.left() < spots[kind].left() and spots[kind].right() <= column.right()
        assert spots[kind].center().y() == pytest.approx(panel.grid.y_of(minute))
    assert panel.grid.mark_text(task) == "15:00 Renew passport"
    assert panel.grid.mark_text(task, room=20) == "Renew passport"  # narrow: the title alone


def test_today_previous_and_next_move_the_range(panel: CalendarPanel, qtbot: QtBot) -> None:
    today = panel.today()
    monday = today - timedelta(days=today.weekday())
    assert panel.span() == (monday, 7)
    show(panel, qtbot, WEDNESDAY)
    label = panel.range_label.text()
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.span() == (date(2026, 12, 21), 7)
    assert panel.grid.agenda.first_day == date(2026, 12, 21)
    assert panel.range_label.text() != label
    for _ in range(2):
        with qtbot.wait_signal(panel.agenda_loaded):
            qtbot.mouseClick(panel.previous_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == date(2026, 12, 7)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.today_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == monday


def test_a_quick_second_move_ends_on_its_range(panel: CalendarPanel, qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, date(2026, 11, 30))
    qtbot.wait_until(lambda: not panel.loading and not panel._refresh_timer.isActive())
    panel.go_to(date(2026, 12, 7))
    assert panel.loading
    panel.go_to(date(2026, 12, 16))  # while the first week is being read
    qtbot.wait_until(lambda: panel.grid.agenda.first_day == date(2026, 12, 14))
    qtbot.wait_until(lambda: not panel.loading)
    assert panel.grid.agenda.first_day == date(2026, 12, 14)
    assert "Design review" in summaries(panel)


def test_day_and_week_toggle(panel: CalendarPanel, qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.day_button, Qt.MouseButton.LeftButton)
    assert panel.mode == "day" and panel.grid.agenda.days == 1
    assert panel.grid.agenda.first_day == WEDNESDAY
    assert {b.summary for b in panel.grid.agenda.blocks} == {"Design review", "Lunch with Ann"}
    assert panel.grid.column(0).right() == pytest.approx(panel.grid.width() - 1)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == date(2026, 12, 17)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.week_button, Qt.MouseButton.LeftButton)
    assert panel.mode == "week" and panel.span() == (date(2026, 12, 14), 7)
    assert panel.grid.agenda.days == 7


def test_a_task_added_elsewhere_shows_without_a_reload(panel: CalendarPanel,
                                                       qtbot: QtBot) -> None:
    show(panel, qtbot, WEDNESDAY)
    with qtbot.wait_signal(panel.agenda_loaded):
        add_task(NewTask(title="交周报", due_at=at(WEDNESDAY, 17)))  # the core emits task_added
    assert [m.title for m in panel.grid.agenda.marks] == ["交周报"]


# --- syncing and sources ---------------------------------------------------------------------


# --- the screenshot --------------------------------------------------------------------------

def test_screenshot_of_a_week(panel: CalendarPanel, qtbot: QtBot, qapp: QApplication) -> None:
    """The current week with events, an all-day event, due marks and a Chinese title."""
    from ui.style.look import apply_look

    today = panel.today()
    monday = today - timedelta(days=today.weekday())
    week_of_events(monday)
    font, palette, style = qapp.font(), qapp.palette(), qapp.style().name()
    apply_look(qapp, "light")
    try:
        panel.resize(1100, 760)
        show(panel, qtbot, today)
        qtbot.wait_until(lambda: panel.scroller.y() >= panel.header.geometry().bottom())
        panel.scroller.verticalScrollBar().setValue(int(panel.grid.y_of(8 * 60)) - 10)
        SHOTS.mkdir(parents=True, exist_ok=True)
        assert panel.grab().save(str(SHOTS / "calendar-week.png"))
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setFont(font)
