"""``app.sync.report``: a sync run's counts as JSON and the VTODO of a calendar object."""

from __future__ import annotations

from app.sync.report import Report, first_todo

TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
        "UID:t1\r\nSUMMARY:Offsite\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
EVENT = TODO.replace("VTODO", "VEVENT")


def test_as_json_holds_every_count_and_list() -> None:
    report = Report(pushed=2, pulled=1, conflicts=["title: kept 'A'"], retry=1)
    assert report.as_json() == {"pushed": 2, "pulled": 1, "merged": 0, "created": 0,
                                "trashed": 0, "deleted": 0, "conflicts": ["title: kept 'A'"],
                                "skipped": [], "retry": 1}


def test_reports_do_not_share_their_lists() -> None:
    first, second = Report(), Report()
    first.skipped.append("x")
    assert second.skipped == []


def test_first_todo_reads_the_vtodo() -> None:
    todo = first_todo(TODO)
    assert todo is not None and str(todo["SUMMARY"]) == "Offsite"


def test_first_todo_of_an_event_or_broken_text_is_none() -> None:
    assert first_todo(EVENT) is None
    assert first_todo("not a calendar") is None
    assert first_todo("") is None
