"""The published calendar as iCalendar: local times across a daylight-saving change,
read back by icalendar and recurring-ical-events."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import recurring_ical_events
from icalendar import Calendar

from app.publish import ics
from app.publish.items import Item

BERLIN = ZoneInfo("Europe/Berlin")


def test_dst_local_times(tmp_path: Path) -> None:
    """Blocks at 09:00 Berlin time on both sides of the spring change read back at 09:00."""
    before = datetime(2027, 3, 26, 9, 0, tzinfo=BERLIN)  # CET, 08:00 UTC
    after = datetime(2027, 3, 29, 9, 0, tzinfo=BERLIN)  # CEST, 07:00 UTC
    items = [Item(f"b{n}@x", "block", "Work", "why", when.astimezone(UTC),
                  (when + timedelta(hours=1)).astimezone(UTC), "t")
             for n, when in enumerate((before, after))]
    path = tmp_path / "dst.ics"
    path.write_bytes(ics.calendar_bytes(items, BERLIN, datetime(2027, 3, 1, tzinfo=UTC)))
    found = recurring_ical_events.of(Calendar.from_ical(path.read_bytes())).between(
        date(2027, 3, 20), date(2027, 4, 5))
    starts = sorted(e.decoded("DTSTART") for e in found)
    assert [s.astimezone(BERLIN).hour for s in starts] == [9, 9]
    assert [s.astimezone(UTC).hour for s in starts] == [8, 7]
