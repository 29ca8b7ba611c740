"""app.calendar.scan: iCalendar text split into its blocks and content lines, by hand and
fast, with a clear refusal of what is not iCalendar."""

from __future__ import annotations

import pytest

from app.calendar.errors import MalformedCalendar
from app.calendar.scan import block_title, parse_line, properties, scan, unescape, unfold

CALENDAR = ("\ufeffBEGIN:VCALENDAR\r\nX-WR-CALNAME:Home\r\nX-WR-CALNAME:Second\r\n"
            "BEGIN:VTIMEZONE\r\nTZID:Z\r\nBEGIN:STANDARD\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
            "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Long\r\n  title\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            "END:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def test_scan_splits_timezones_and_events_and_drops_alarms() -> None:
    found = scan(CALENDAR)
    assert found.props["X-WR-CALNAME"] == "Home"  # the first value wins
    assert [b.name for b in found.timezones] == ["VTIMEZONE"]
    assert "BEGIN:STANDARD" in found.timezones[0].lines
    event = found.events[0]
    assert event.lines == ["BEGIN:VEVENT", "UID:1", "SUMMARY:Long title", "END:VEVENT"]
    assert event.line == 9  # its physical line number


@pytest.mark.parametrize("text", ["", "hello", "BEGIN:VEVENT\r\nEND:VEVENT\r\n"])
def test_what_is_not_icalendar_is_refused_saying_what_it_starts_with(text: str) -> None:
    with pytest.raises(MalformedCalendar, match="should start with BEGIN:VCALENDAR"):
        scan(text)


@pytest.mark.parametrize("ending", ["\r\n", "\n", "\r"])
def test_unfold_reads_any_line_ending(ending: str) -> None:
    text = ending.join(["A:1", " 2", "", "B:3"])
    assert unfold(text) == [(1, "A:12"), (4, "B:3")]


def test_parse_line_with_plain_and_quoted_parameters() -> None:
    assert parse_line("dtstart;tzid=Asia/Tokyo:20261201T090000") == (
        "DTSTART", {"TZID": "Asia/Tokyo"}, "20261201T090000")
    assert parse_line('ATTENDEE;CN="Doe; John":mailto:j@x') == (
        "ATTENDEE", {"CN": "Doe; John"}, "mailto:j@x")


@pytest.mark.parametrize("line", ["no colon", ":value", "BAD NAME:x", 'A;X="open:x'])
def test_a_broken_content_line_is_a_value_error(line: str) -> None:
    with pytest.raises(ValueError):
        parse_line(line)


def test_properties_and_titles() -> None:
    event = scan(CALENDAR).events[0]
    assert properties(event)["SUMMARY"] == ("Long title", {})
    event.lines.insert(1, "broken")
    assert block_title(event) == ""


def test_unescape_undoes_text_escapes() -> None:
    assert unescape(r"a\, b\; c\\d\nnext\N") == "a, b; c\\d\nnext\n"
    assert unescape("plain") == "plain"
