"""The calendar panel's agenda: ranges, events cut into day pieces with lanes, all-day rows,
task and step due times, and the sources' sync state."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.calendar import agenda, cache
from app.calendar.agenda import Block
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import CalendarEvent, Task

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py): UTC+8, no DST
MONDAY = date(2026, 12, 14)


def utc(day: int, hour: int, minute: int = 0) -> str:
    """A December 2026 local (Shanghai) time as the cache's UTC text."""
    local = datetime(2026, 12, day, hour, minute, tzinfo=ZONE)
    return local.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_event(source_id: int, summary: str, start: str, end: str, *, all_day: bool = False,
              busy: bool = True) -> None:
    CalendarEvent.create(source=source_id, uid=summary, summary=summary, start=start, end=end,
                         all_day=all_day, busy=busy)


@pytest.fixture
def source_id(db: Path) -> int:
    return cache.add_source("Work", "ics_file", "/nowhere/work.ics").id


def week(source_id: int) -> agenda.Agenda:
    return agenda.read_agenda(MONDAY, 7, ZONE)


def block(day: int, start: int, end: int, name: str) -> Block:
    moment = datetime(2026, 12, 14, tzinfo=ZONE)
    return Block(day, start, end, name, "", 1, "Work", True, moment, moment)


def test_ranges_move_by_a_day_or_a_week() -> None:
    wednesday = date(2026, 12, 16)
    assert agenda.span(wednesday, "week") == (MONDAY, 7)
    assert agenda.span(wednesday, "week", first_weekday=6) == (date(2026, 12, 13), 7)
    assert agenda.span(wednesday, "day") == (wednesday, 1)
    assert agenda.moved(wednesday, "week", -1) == date(2026, 12, 9)
    assert agenda.moved(wednesday, "day", 1) == date(2026, 12, 17)
    start, end = agenda.bounds(MONDAY, 7, ZONE)
    assert (start.isoformat(), end.isoformat()) == ("2026-12-14T00:00:00+08:00",
                                                    "2026-12-21T00:00:00+08:00")


def test_timed_events_land_on_their_day_and_minutes(source_id: int) -> None:
    add_event(source_id, "Design review", utc(16, 9), utc(16, 10, 30))
    add_event(source_id, "Night shift", utc(17, 22), utc(18, 2))
    add_event(source_id, "Last week", utc(11, 9), utc(11, 10))
    found = sorted((b.summary, b.day, b.start, b.end) for b in week(source_id).blocks)
    assert found == [("Design review", 2, 9 * 60, 10 * 60 + 30),
                     ("Night shift", 3, 22 * 60, 24 * 60), ("Night shift", 4, 0, 2 * 60)]


def test_overlapping_events_share_the_column_in_lanes() -> None:
    placed = {b.summary: (b.lane, b.lanes) for b in agenda.assign_lanes([
        block(0, 540, 660, "A"), block(0, 600, 720, "B"), block(0, 690, 750, "C"),
        block(0, 840, 900, "D"), block(0, 900, 900, "E")])}
    assert placed == {"A": (0, 2), "B": (1, 2), "C": (0, 2), "D": (0, 1), "E": (0, 1)}


def test_all_day_events_stack_in_rows_and_are_clipped_to_the_range(source_id: int) -> None:
    add_event(source_id, "Conference", "2026-12-14", "2026-12-17", all_day=True)
    add_event(source_id, "Holiday", "2026-12-15", "2026-12-16", all_day=True, busy=False)
    add_event(source_id, "Trip", "2026-12-10", "2026-12-15", all_day=True)
    add_event(source_id, "Next week", "2026-12-21", "2026-12-22", all_day=True)
    found = {b.summary: (b.first, b.last, b.row) for b in week(source_id).banners}
    assert found == {"Conference": (0, 2, 0), "Trip": (0, 0, 1), "Holiday": (1, 1, 1)}


def test_due_times_of_open_tasks_and_unfinished_steps(db: Path) -> None:
    due = datetime(2026, 12, 16, 15, 0, tzinfo=ZONE)
    task_id = add_task(NewTask(title="Renew passport", due_at=due)).id
    add_task(NewTask(title="Next week", due_at=datetime(2026, 12, 22, 9, tzinfo=ZONE)))
    closed = add_task(NewTask(title="Closed", due_at=due)).id
    Task.update(status="cancelled").where(Task.id == closed).execute()
    plans.save_plan(task_id, {"schema_version": 1, "revision": 1, "origin": "user",
                              "title": "Passport", "objective": "A new passport", "steps": [
        {"id": "photo", "title": "Take the\nphoto", "target": "user",
         "due": "2026-12-17T02:00:00Z"},
        {"id": "form", "title": "Fill in the form", "target": "user",
         "due": "2026-12-15T02:00:00Z", "status": "completed"}]})
    plans.approve_all()
    marks = [(m.kind, m.title, m.day, m.minute, m.step_id)
             for m in agenda.read_agenda(MONDAY, 7, ZONE).marks]
    assert marks == [("task", "Renew passport", 2, 15 * 60, ""),
                     ("step", "Take the photo", 3, 10 * 60, "photo")]


def test_now_is_placed_only_inside_the_range() -> None:
    now = datetime(2026, 12, 16, 1, 30, tzinfo=UTC)  # 09:30 in Shanghai
    assert agenda.now_at(now, MONDAY, 7, ZONE) == (2, 9 * 60 + 30)
    assert agenda.now_at(now, date(2026, 12, 16), 1, ZONE) == (0, 9 * 60 + 30)
    assert agenda.now_at(now, date(2026, 12, 17), 1, ZONE) is None


def test_untrusted_text_is_flattened_to_one_line() -> None:
    assert agenda.one_line("Lunch\n<b>with</b>\x1b[31m  Ann\u2028") == "Lunch <b>with</b> [31m Ann"


def test_sources_carry_their_last_error(source_id: int) -> None:
    add_event(source_id, "Standup", utc(15, 9), utc(15, 9, 15))
    cache.record_failure(source_id, "work.ics is not iCalendar", datetime.now(UTC))
    found = week(source_id)
    assert [(s.name, s.events, s.last_error) for s in found.failing] == [
        ("Work", 1, "work.ics is not iCalendar")]
    assert [b.summary for b in found.blocks] == ["Standup"]
    assert agenda.enabled_source_ids() == [source_id]
