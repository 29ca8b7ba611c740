"""The published calendar as iCalendar: local times across a daylight-saving change,
read back by icalendar and recurring-ical-events."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import recurring_ical_events
from hypothesis import given, settings
from hypothesis import strategies as st
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


@settings(max_examples=60)
@given(texts=st.lists(st.text(min_size=1, max_size=120), min_size=1, max_size=4))
def test_any_text_reads_back(texts: list[str]) -> None:
    """Whatever a title or reason holds (commas, semicolons, backslashes, line breaks,
    中文, controls), icalendar reads the same words back; no line is over 75 octets."""
    start = datetime(2026, 12, 7, 1, 0, tzinfo=UTC)
    items = [Item(f"u{n};,\\@x", "block", text, text[::-1], start, start + timedelta(hours=1),
                  "t,1", f"s;{n}") for n, text in enumerate(texts)]
    data = ics.calendar_bytes(items, BERLIN, start)
    assert all(len(line) <= 75 for line in data.split(b"\r\n"))
    events = Calendar.from_ical(data).walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in events] == [_plain(t) for t in texts]
    assert [str(e["DESCRIPTION"]) for e in events] == [_plain(t[::-1]) for t in texts
                                                         if t[::-1]]
    assert [str(e["UID"]) for e in events] == [f"u{n};,\\@x" for n in range(len(texts))]
    assert all(e.decoded("DTSTART") == start for e in events)


def _plain(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(c if c.isprintable() or c == "\n" else " " for c in text)
