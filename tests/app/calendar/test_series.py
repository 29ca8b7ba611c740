"""app.calendar.series: recurring series expanded for the window with their overrides and
EXDATEs; a broken series is skipped with a warning naming it, the others kept."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from app.calendar.rows import Window
from app.calendar.scan import scan
from app.calendar.series import expand_series
from app.calendar.zones import ZoneResolver

LOCAL = ZoneInfo("Asia/Shanghai")
START = datetime(2026, 12, 1, tzinfo=UTC)


def calendar(*events: str) -> str:
    body = "".join(f"BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n{e}END:VEVENT\r\n"
                   for e in events)
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n{body}END:VCALENDAR\r\n"


def expanded(text: str, days: int = 7) -> tuple[list[tuple[str, date]], list[str]]:
    scanned = scan(text)
    resolver = ZoneResolver(LOCAL)
    window = Window(START, START + timedelta(days=days), LOCAL)
    found = expand_series(scanned, scanned.events, window, resolver)
    return sorted((o.summary, o.begin) for o in found), resolver.warnings


DAILY = ("UID:d\r\nDTSTART;TZID=Asia/Shanghai:20261201T090000\r\nDTEND;TZID=Asia/Shanghai:"
         "20261201T100000\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEXDATE;TZID=Asia/Shanghai:"
         "20261203T090000\r\nSUMMARY:Standup\r\n")
MOVED = ("UID:d\r\nRECURRENCE-ID;TZID=Asia/Shanghai:20261202T090000\r\n"
         "DTSTART;TZID=Asia/Shanghai:20261202T150000\r\nDTEND;TZID=Asia/Shanghai:"
         "20261202T160000\r\nSUMMARY:Standup moved\r\n")


def test_a_series_keeps_its_count_exdates_and_overrides() -> None:
    found, warnings = expanded(calendar(DAILY, MOVED))
    days = [(summary, when.astimezone(LOCAL).day, when.astimezone(LOCAL).hour)
            for summary, when in found if isinstance(when, datetime)]
    assert days == [("Standup", 1, 9), ("Standup", 4, 9), ("Standup", 5, 9),
                    ("Standup moved", 2, 15)]
    assert warnings == []


def test_no_series_is_nothing() -> None:
    scanned = scan(calendar())
    assert expand_series(scanned, [], Window(START, START, LOCAL), ZoneResolver(LOCAL)) == []


def test_a_broken_series_is_skipped_and_named_the_others_kept() -> None:
    broken = ("UID:b\r\nDTSTART:20261201T090000Z\r\nRRULE:FREQ=DAILY;UNTIL=nonsense\r\n"
              "SUMMARY:Broken\r\n")
    found, warnings = expanded(calendar(DAILY, broken))
    assert {summary for summary, _ in found} == {"Standup"}
    assert any("'Broken'" in w and "skipped" in w for w in warnings)
