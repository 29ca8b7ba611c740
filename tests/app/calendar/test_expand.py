"""iCalendar text to cached rows: the styles of real calendar apps, zones, recurrences,
events without DTEND, unknown zones and malformed input."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app.calendar.errors import MalformedCalendar
from app.calendar.expand import Expanded, expand
from app.calendar.rows import EventRow
from tests.app.calendar.support import DATA, NOW, data

LOCAL = "Asia/Shanghai"
START, END = NOW - timedelta(days=31), NOW + timedelta(days=366)


def rows_of(text: str, *, fast: bool = True) -> Expanded:
    return expand([text], START, END, LOCAL, fast=fast)


def brief(rows: list[EventRow]) -> list[tuple[str, str, str, bool, bool]]:
    return [(r.summary, r.start, r.end, r.all_day, r.busy) for r in rows]


def test_google_style_recurrence_with_exdate_override_and_cancelled_instance() -> None:
    found = rows_of(data("google.ics"))
    assert brief(found.rows) == [
        ("Standup", "2026-12-01T14:00:00Z", "2026-12-01T14:30:00Z", False, True),
        ("Design review, round 2", "2026-12-03T15:00:00Z", "2026-12-03T16:30:00Z", False, True),
        ("Standup (moved)", "2026-12-08T15:00:00Z", "2026-12-08T15:30:00Z", False, True),
        # 15 Dec is an EXDATE, 22 Dec a cancelled instance: neither is cached
        ("Christmas break", "2026-12-24", "2026-12-26", True, False),
    ]
    moved = found.rows[2]
    assert moved.recurrence_id == "2026-12-08T14:00:00Z"  # the 09:00 EST it replaces
    assert moved.location == "Room 7" and moved.tzid == "America/New_York"
    assert found.rows[1].description == "Agenda:\n1. API\n2. UI"
    assert found.warnings == []


def test_outlook_style_windows_zone_names_and_busy_status() -> None:
    found = rows_of(data("outlook.ics"))
    assert brief(found.rows) == [
        ("Daily sync", "2026-12-01T08:00:00Z", "2026-12-01T08:15:00Z", False, True),
        ("Daily sync", "2026-12-02T08:00:00Z", "2026-12-02T08:15:00Z", False, True),
        ("Call with the Shanghai office", "2026-12-02T08:00:00Z", "2026-12-02T09:00:00Z",
         False, True),  # "China Standard Time" without a VTIMEZONE; TENTATIVE blocks time
        ("Daily sync", "2026-12-04T08:00:00Z", "2026-12-04T08:15:00Z", False, True),
        ("Focus time", "2026-12-04T12:00:00Z", "2026-12-04T14:00:00Z", False, False),  # FREE
        ("Vacation", "2026-12-28", "2026-12-31", True, True),  # OPAQUE / OOF all-day
    ]
    assert found.rows[2].tzid == "Asia/Shanghai"
    assert found.rows[0].uid.endswith("AB12CD34EF56")  # a folded UID is unfolded
    assert found.rows[0].description == ""  # Outlook's lone "\n" is no description


def test_apple_style_quoted_parameters_alarms_and_folding() -> None:
    found = rows_of(data("apple.ics"))
    assert brief(found.rows) == [
        ("Dentist", "2026-12-05T10:30:00Z", "2026-12-05T11:30:00Z", False, True),
        ("Mum's birthday", "2026-12-07", "2026-12-08", True, False),  # yearly, transparent
    ]
    dentist = found.rows[0]
    assert dentist.location == "High Street 1\nLondon"
    assert dentist.description == ("Bring the referral letter, and the insurance card. "
                                    "This line is long enough to be folded by the calendar app.")


def test_thunderbird_style_rdate_duration_and_vendor_zone_ids() -> None:
    found = rows_of(data("thunderbird.ics"))
    assert brief(found.rows) == [
        ("Japanese lesson", "2026-12-02T10:00:00Z", "2026-12-02T11:00:00Z", False, True),
        ("Run", "2026-12-05T22:00:00Z", "2026-12-05T22:45:00Z", False, True),
        ("Berlin call", "2026-12-07T08:00:00Z", "2026-12-07T09:00:00Z", False, True),
        ("Japanese lesson", "2026-12-09T10:00:00Z", "2026-12-09T11:00:00Z", False, True),
        ("Japanese lesson", "2026-12-12T01:00:00Z", "2026-12-12T02:00:00Z", False, True),  # RDATE
    ]
    assert found.rows[2].tzid == "Europe/Berlin"
    assert found.warnings == []  # the guessed vendor prefix is not worth a warning


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.ics")))
def test_the_fast_reading_agrees_with_icalendar(name: str) -> None:
    fast, reference = rows_of(data(name)), rows_of(data(name), fast=False)
    assert fast.rows == reference.rows
    assert fast.rows, "every fixture has events in the window"


def test_events_without_dtend_last_their_duration_or_the_default() -> None:
    found = rows_of(data("no_dtend.ics"))
    assert brief(found.rows) == [
        ("Instant", "2026-12-10T09:00:00Z", "2026-12-10T09:00:00Z", False, True),
        ("With a duration", "2026-12-10T12:00:00Z", "2026-12-10T13:30:00Z", False, True),
        ("One day", "2026-12-11", "2026-12-12", True, False),
        ("Two days", "2026-12-14", "2026-12-16", True, True),
        ("Daily half hour", "2026-12-15T08:00:00Z", "2026-12-15T08:30:00Z", False, True),
        ("Daily half hour", "2026-12-16T08:00:00Z", "2026-12-16T08:30:00Z", False, True),
    ]


@pytest.mark.parametrize("fast", [True, False])
def test_an_unknown_zone_is_read_as_local_time_with_a_warning(fast: bool) -> None:
    found = rows_of(data("unknown_tz.ics"), fast=fast)
    assert brief(found.rows) == [
        ("On Mars", "2026-12-10T01:00:00Z", "2026-12-10T02:00:00Z", False, True),  # 09:00 +08
        ("Floating", "2026-12-10T07:00:00Z", "2026-12-10T08:00:00Z", False, True),
        ("Daily on Mars", "2026-12-11T01:00:00Z", "2026-12-11T01:30:00Z", False, True),
        ("Daily on Mars", "2026-12-12T01:00:00Z", "2026-12-12T01:30:00Z", False, True),
    ]
    assert len(found.warnings) == 1
    assert "unknown time zone 'Mars/Olympus_Mons'" in found.warnings[0]
    assert "local time (Asia/Shanghai)" in found.warnings[0]


def calendar(*events: str, head: str = "") -> str:
    body = "".join(f"BEGIN:VEVENT\r\n{e.strip()}\r\nEND:VEVENT\r\n" for e in events)
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n{head}{body}END:VCALENDAR\r\n"


def test_floating_times_follow_x_wr_timezone() -> None:
    text = calendar("UID:f\r\nDTSTART:20261210T090000\r\nDTEND:20261210T100000\r\nSUMMARY:F",
                    head="X-WR-TIMEZONE:Europe/Paris\r\n")
    assert brief(rows_of(text).rows) == [
        ("F", "2026-12-10T08:00:00Z", "2026-12-10T09:00:00Z", False, True)]


def test_only_events_in_the_window_are_kept() -> None:
    text = calendar(
        "UID:old\r\nDTSTART:20250101T090000Z\r\nDTEND:20250101T100000Z\r\nSUMMARY:Old",
        "UID:edge\r\nDTSTART:20261030T230000Z\r\nDTEND:20261031T010000Z\r\nSUMMARY:Edge",
        "UID:far\r\nDTSTART:20300101T090000Z\r\nDTEND:20300101T100000Z\r\nSUMMARY:Far",
        "UID:weekly\r\nDTSTART:20200106T090000Z\r\nDTEND:20200106T100000Z\r\n"
        "RRULE:FREQ=WEEKLY\r\nSUMMARY:Weekly since 2020")
    found = rows_of(text)
    assert [r.summary for r in found.rows][:2] == ["Edge", "Weekly since 2020"]
    assert {r.summary for r in found.rows} == {"Edge", "Weekly since 2020"}
    weekly = [r.start for r in found.rows if r.uid == "weekly"]
    assert len(weekly) == 57  # every Monday of the window, 31 days back to 366 ahead
    assert (weekly[0], weekly[-1]) == ("2026-11-02T09:00:00Z", "2027-11-29T09:00:00Z")


@pytest.mark.parametrize(("text", "message"), [
    ("", "not an iCalendar"),
    ("<html><body>Sign in</body></html>", "should start with BEGIN:VCALENDAR"),
    ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261201T090000Z\r\n",
     "ends inside BEGIN:VEVENT (line 2): the file is cut short"),
    ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
     "line 3: END:VTODO does not close BEGIN:VEVENT (line 2)"),
    ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nhello\r\n", "line 3: text after END:VCALENDAR"),
])
def test_malformed_calendars_give_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(MalformedCalendar) as caught:
        rows_of(text)
    assert message in str(caught.value)
    assert caught.value.exit_code == 2


def test_a_broken_event_costs_only_itself() -> None:
    text = calendar(
        "UID:good\r\nDTSTART:20261210T090000Z\r\nDTEND:20261210T100000Z\r\nSUMMARY:Good",
        "UID:nostart\r\nSUMMARY:No start",
        "UID:baddate\r\nDTSTART:2026-12-10 09:00\r\nSUMMARY:Bad date",
        "UID:noline\r\nDTSTART:20261210T090000Z\r\nthis line has no colon\r\nSUMMARY:Broken",
        "UID:badrule\r\nDTSTART:20261210T090000Z\r\nRRULE:FREQ=SOMETIMES\r\nSUMMARY:Bad rule",
        "UID:often\r\nDTSTART:20261210T090000Z\r\nRRULE:FREQ=MINUTELY\r\nSUMMARY:Often")
    found = rows_of(text)
    assert [r.summary for r in found.rows] == ["Good"]
    joined = "\n".join(found.warnings)
    for fragment in ("the event 'No start' at line 10 was skipped: it has no DTSTART",
                     "'Bad date' at line 14 was skipped: '2026-12-10 09:00' is not an iCalendar "
                     "date-time",
                     "an event at line 19 was skipped: not an iCalendar content line",
                     "the recurring event 'Bad rule' at line 25 was skipped",
                     "the event 'Often' repeats more often than hourly"):
        assert fragment in joined


def test_several_resources_skip_a_broken_one_but_not_all() -> None:
    good = calendar("UID:a\r\nDTSTART:20261210T090000Z\r\nDTEND:20261210T100000Z\r\nSUMMARY:A")
    found = expand([good, "not a calendar"], START, END, LOCAL)
    assert [r.summary for r in found.rows] == ["A"]
    assert "skipped item 2: this is not an iCalendar (.ics) file" in found.warnings[0]
    with pytest.raises(MalformedCalendar, match="no item of this calendar is iCalendar"):
        expand(["nope", "nope either"], START, END, LOCAL)


def test_text_is_unescaped_and_capped() -> None:
    long = "x" * 5000
    text = calendar(f"UID:t\r\nDTSTART:20261210T090000Z\r\nSUMMARY:a\\;b\\\\c\\Nd\r\n"
                    f"DESCRIPTION:{long}")
    row = rows_of(text).rows[0]
    assert row.summary == "a;b\\c\nd"
    assert len(row.description) == 2000


@pytest.mark.parametrize("ending", ["\n", "\r", "\r\n"])
def test_any_line_ending_reads_the_same(ending: str) -> None:
    text = data("apple.ics")  # folded lines included
    assert rows_of(text.replace("\r\n", ending)).rows == rows_of(text).rows
    mixed = text.replace("\r\n", "\n", 5)
    assert rows_of(mixed).rows == rows_of(text).rows
