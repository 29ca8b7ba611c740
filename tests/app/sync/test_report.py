"""``app.sync.report``: a sync run's counts as JSON and the VTODO of a calendar object."""

from __future__ import annotations

from app.sync.report import Report, first_todo, read_item

TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
        "UID:t1\r\nSUMMARY:Offsite\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
EVENT = TODO.replace("VTODO", "VEVENT")


def test_as_json_holds_every_count_and_list() -> None:
    report = Report(pushed=2, pulled=1, conflicts=["title: kept 'A'"], retry=1)
    assert report.as_json() == {"pushed": 2, "pulled": 1, "merged": 0, "created": 0,
                                "trashed": 0, "deleted": 0, "conflicts": ["title: kept 'A'"],
                                "skipped": [], "retry": 1, "unreadable": [], "notes": []}


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


def test_read_item_leaves_out_only_the_values_it_cannot_read() -> None:
    text = TODO.replace("SUMMARY:Offsite\r\n", "SUMMARY:Off\r\n site\r\nPRIORITY:high\r\n"
                        "DUE;VALUE=DATE:20261215\r\n")
    todo, dropped = read_item(text)
    assert todo is not None and str(todo["SUMMARY"]) == "Offsite"
    assert str(todo.decoded("due")) == "2026-12-15"
    assert dropped == ["PRIORITY:high"]


def test_the_unreadable_line_counts_and_names_at_most_three() -> None:
    assert Report().unreadable_line() is None
    one = Report(unreadable=["'Dentist': its due is before its start"]).unreadable_line()
    assert one == ("1 item from other devices could not be read: 'Dentist': its due is "
                   "before its start — it stays on the server untouched")
    many = Report(unreadable=[f"'T{n}': odd" for n in range(5)]).unreadable_line()
    assert many is not None and many.startswith("5 items") and "'T3'" not in many
    assert many.endswith("they stay on the server untouched")
