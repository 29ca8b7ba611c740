"""``app.ical.plain_read``: a file read with plain VTODOs taken directly gives the batch
icalendar gives for it, on the real clients' files and on VTODOs built line by line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.ical import plain_read
from app.io.importers import ics
from app.io.importers.incoming import Batch
from tests.app.io.importers.test_ics import ZONED

DATA = Path(__file__).parents[1] / "io" / "importers" / "data"
LINES = (
    "SUMMARY:Call Alex", "SUMMARY:C:\\\\New folder\\, now\\; ok", "SUMMARY:多行\\n第二行",
    "DESCRIPTION:one\\ntwo\\Nthree", "DESCRIPTION:plain words", "PRIORITY:1", "PRIORITY:7",
    "PRIORITY:0", "SEQUENCE:3", "STATUS:COMPLETED", "STATUS:IN-PROCESS", "STATUS:CANCELLED",
    "STATUS:needs-action", "X-STEPWISE-STATUS;VALUE=TEXT:waiting", "X-STEPWISE-STATUS:done",
    "CATEGORIES:work,home", "CATEGORIES:home, errand ,", "CATEGORIES:a\\,b",
    "DTSTART:20270101T090000Z", "DTSTART;VALUE=DATE:20270102", "DTSTART:20270103T080000",
    "DUE:20270105T180000Z", "DUE;VALUE=DATE:20270106", "DUE:20270107T100000",
    "CREATED:20250101T010203Z", "LAST-MODIFIED:20250202T000000Z",
    "COMPLETED:20250303T000000Z", "DTSTAMP:20250101T000000Z",
    "PERCENT-COMPLETE:50", "PERCENT-COMPLETE:100",
    "X-STEPWISE-EXPIRES;VALUE=TEXT:20280101T000000Z",
    "LOCATION:Room 4", "URL:https://example.org/a", "X-APPLE-SORT-ORDER:12",
    "X-MOZ-GENERATION:3", "X-APPLE-SORT-ORDER:13", "CLASS:PRIVATE", "summary:lower case",
    "DESCRIPTION:a folded\r\n  line\r\n\tand more",
)
ODD = ("GEO:1.5;2.25", "RRULE:FREQ=WEEKLY", "RELATED-TO:other", "X-OTHER;X-P=1:param",
       "LOCATION:a \\, b", "DUE;TZID=Europe/Berlin:20270108T100000", "DUE:20271340T000000Z",
       "CREATED:20250101T010203", "PRIORITY:+2", "X-ÉTÉ:accent", "---:dashes",
       'SUMMARY;X-Q="a;b":quoted', "SUMMARY;:empty parameter", "X-A;:x")
ALARMS = (
    ("ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20270105T174500Z", "DESCRIPTION:Due"),
    ("ACTION:DISPLAY", "TRIGGER:-PT15M"),
    ("TRIGGER;RELATED=END:-P1D", "UID:a-1"),
    ("TRIGGER:PT0S", "ACKNOWLEDGED:20270101T000000Z", "X-WR-ALARMUID:z"),
    ("ACTION:AUDIO",),
)


def both(raw: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[Batch, Batch]:
    """The batch read with plain VTODOs taken directly, and read by icalendar alone."""
    fast = ics.read(raw, "f.ics")
    with monkeypatch.context() as patch:
        patch.setattr(plain_read, "split", lambda _raw: None)
        slow = ics.read(raw, "f.ics")
    return fast, slow


def vcalendar(*todos: list[str]) -> bytes:
    body = "".join("BEGIN:VTODO\r\n" + "".join(f"{line}\r\n" for line in todo)
                   + "END:VTODO\r\n" for todo in todos)
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{body}END:VCALENDAR\r\n".encode()


def test_tasks_org_same(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = both((DATA / "tasks-org.ics").read_bytes(), monkeypatch)
    assert fast == slow and fast.tasks


def test_zoned_same(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = both(ZONED.encode(), monkeypatch)
    assert fast == slow and fast.tasks


def test_plain_ones_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = vcalendar(["UID:p1", "SUMMARY:Plain", "DUE:20270105T180000Z", "LOCATION:Room 4"],
                    ["UID:t1", "SUMMARY:Tree"], ["UID:s1", "SUMMARY:Step",
                                                 "RELATED-TO:t1"])
    split = plain_read.split(raw)
    assert split is not None
    assert plain_read.read_plain(split[1][0]) is not None
    fast, slow = both(raw, monkeypatch)
    assert fast == slow
    assert [t.new.title for t in fast.tasks] == ["Plain", "Tree"]
    assert fast.tasks[0].new.detail == "iCalendar LOCATION: Room 4"


def test_odd_layout_whole() -> None:
    assert plain_read.split(b"\xff\xfe") is None
    assert plain_read.split(b"BEGIN:VTODO\r\nEND:VTODO\r\n") is None
    assert plain_read.split(b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nBEGIN:VTODO\r\nEND:VTODO"
                            b"\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n") is None


TODO = st.tuples(st.lists(st.sampled_from(LINES), max_size=6, unique=True),
                 st.lists(st.sampled_from(ODD), max_size=1),
                 st.lists(st.sampled_from(ALARMS), max_size=2),
                 st.sampled_from(["u1", "u2", "u3", "u4", "u5", "u\\,6", ""]))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(TODO, min_size=1, max_size=4))
def test_built_same(monkeypatch: pytest.MonkeyPatch,
                    todos: list[tuple[list[str], list[str], list[tuple[str, ...]], str]]
                    ) -> None:
    built = []
    for lines, odd, alarms, uid in todos:
        alarm_lines = [x for a in alarms for x in ("BEGIN:VALARM", *a, "END:VALARM")]
        built.append(([f"UID:{uid}"] if uid else []) + lines + odd + alarm_lines)
    raw = vcalendar(*built)
    try:
        fast, slow = both(raw, monkeypatch)
    except Exception as exc:  # noqa: BLE001 - the same refusal both ways, compared below
        with monkeypatch.context() as patch, pytest.raises(type(exc)):
            patch.setattr(plain_read, "split", lambda _raw: None)
            ics.read(raw, "f.ics")
        return
    assert fast == slow
