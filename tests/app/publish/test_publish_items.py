"""What a published calendar shows beside the blocks: open tasks' dues, all day or timed,
in the task's language, as free time."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from icalendar import Calendar

from app.publish import store
from app.tasks.store import NewTask, add_task

Z = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 12, 7, 8, 0, tzinfo=Z)  # a Monday morning


def _events(path: Path) -> dict[str, object]:
    cal = Calendar.from_ical(path.read_bytes())
    return {str(e["UID"]): e for e in cal.walk("VEVENT")}


def test_dues_published(db: Path, tmp_path: Path) -> None:
    add_task(NewTask(title="交房租", due_at=date(2026, 12, 10)))  # all day
    add_task(NewTask(title="Call the bank", due_at=NOW + timedelta(hours=5)))
    add_task(NewTask(title="No due"))
    target = store.add_ics(str(tmp_path / "plan.ics"), dues=True, now=NOW)
    events = {str(e["SUMMARY"]): e for e in _events(tmp_path / "plan.ics").values()}
    assert target.events == 2 and set(events) == {"截止：交房租", "Due: Call the bank"}
    rent = events["截止：交房租"]
    assert rent.decoded("DTSTART") == date(2026, 12, 10)
    assert rent.decoded("DTEND") == date(2026, 12, 11)
    assert all(str(e["TRANSP"]) == "TRANSPARENT" for e in events.values())
    assert events["Due: Call the bank"].decoded("DTSTART") == NOW + timedelta(hours=5)
