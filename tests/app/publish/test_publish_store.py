"""Publish targets: the blocks in the file, read back by icalendar (not by Stepwise); kept
current; never another program's file, never read back as busy time."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from app.calendar import sources
from app.errors import Refused
from app.plan import store as plans
from app.publish import store
from app.schedule import store as schedule
from app.tasks.store import NewTask, add_task, get_task
from models import ScheduledBlock

Z = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 12, 7, 8, 0, tzinfo=Z)  # a Monday morning


def _report(title: str = "Write the report") -> int:
    task_id = add_task(NewTask(title=title, due_at=NOW + timedelta(days=3))).id
    plans.save_plan(task_id, {"schema_version": 2, "title": title, "steps": [
        {"id": "outline", "title": "Outline", "estimate_minutes": 45},
        {"id": "draft", "title": "Draft", "depends_on": ["outline"], "estimate_minutes": 90},
    ]})
    plans.approve_all()
    return task_id


def _events(path: Path) -> dict[str, object]:
    cal = Calendar.from_ical(path.read_bytes())
    return {str(e["UID"]): e for e in cal.walk("VEVENT")}


def test_blocks_published(db: Path, tmp_path: Path) -> None:
    task_id = _report()
    schedule.run(now=NOW)
    blocks = list(ScheduledBlock.select().order_by(ScheduledBlock.start))
    target = store.add_ics(str(tmp_path / "plan.ics"), now=NOW)
    events = _events(tmp_path / "plan.ics")
    assert target.events == len(blocks) == len(events) == 2
    uid = get_task(task_id).uid
    for block in blocks:
        event = events[f"stepwise-block-{uid}-{block.step_id}-{block.chunk}@stepwise"]
        start = event.decoded("DTSTART")
        assert start == block.start and start.tzinfo.key == "Asia/Shanghai"
        assert event.decoded("DTEND") == block.end
        assert str(event["DESCRIPTION"]) == block.why
        assert str(event["TRANSP"]) == "OPAQUE"
        assert str(event["X-STEPWISE-TASK"]) == uid
        assert str(event["X-STEPWISE-STEP"]) == block.step_id
    assert "Outline — Write the report" in {str(e["SUMMARY"]) for e in events.values()}
    assert b"BEGIN:VTIMEZONE" in (tmp_path / "plan.ics").read_bytes()


def test_kept_current(db: Path, tmp_path: Path) -> None:
    """A block moved by hand moves in the file (same UID); cleared blocks leave it."""
    _report()
    schedule.run(now=NOW)
    path = tmp_path / "plan.ics"
    store.add_ics(str(path), now=NOW)
    first = ScheduledBlock.select().order_by(ScheduledBlock.start).first()
    later = first.start + timedelta(days=1)
    schedule.move(first.id, later)
    store.publish_all(now=NOW)
    moved = [e for e in _events(path).values() if str(e["X-STEPWISE-STEP"]) == first.step_id]
    assert [e.decoded("DTSTART") for e in moved] == [later]
    schedule.clear()
    [target] = store.publish_all(now=NOW)
    assert _events(path) == {} and target.events == 0 and target.error == ""


def test_foreign_file_kept(db: Path, tmp_path: Path) -> None:
    """Another program's file is never overwritten: at add, and when it replaces ours."""
    theirs = tmp_path / "family.ics"
    theirs.write_bytes(b"BEGIN:VCALENDAR\r\nPRODID:-//Other//EN\r\nVERSION:2.0\r\n"
                       b"END:VCALENDAR\r\n")
    before = theirs.read_bytes()
    with pytest.raises(Refused, match="never overwrites"):
        store.add_ics(str(theirs))
    assert theirs.read_bytes() == before
    ours = tmp_path / "plan.ics"
    store.add_ics(str(ours))
    ours.write_bytes(before)
    [target] = store.publish_all()
    assert "did not write" in target.error and ours.read_bytes() == before


@pytest.mark.parametrize(("name", "why"), [
    ("plan.txt", "does not end in .ics"), ("missing/plan.ics", "there is no folder")])
def test_bad_places(db: Path, tmp_path: Path, name: str, why: str) -> None:
    with pytest.raises(Refused, match=why):
        store.add_ics(str(tmp_path / name))
    assert store.targets() == []


def test_never_busy_time(db: Path, tmp_path: Path) -> None:
    """The published file cannot become a calendar source, nor a source a target."""
    ours = tmp_path / "plan.ics"
    store.add_ics(str(ours))
    with pytest.raises(Refused, match="never read back as busy"):
        asyncio.run(sources.add_ics(str(ours)))
    read = tmp_path / "work.ics"
    read.write_bytes(b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\n"
                     b"UID:1\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20261208T010000Z\r\n"
                     b"DTEND:20261208T020000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\n"
                     b"END:VCALENDAR\r\n")
    asyncio.run(sources.add_ics(str(read)))
    with pytest.raises(Refused, match="calendars Stepwise reads"):
        store.add_ics(str(read))


def test_remove_keeps_file(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "plan.ics"
    target = store.add_ics(str(path))
    store.remove(target.id)
    assert store.targets() == [] and path.exists()
