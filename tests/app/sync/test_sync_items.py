"""``app.sync.items``: what a server sent, read as items or named as unreadable."""

from __future__ import annotations

from app.sync.items import parse_all, title

CAL = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n{body}END:VCALENDAR\r\n"
TODO = CAL.format(body="BEGIN:VTODO\r\nUID:t1\r\nSUMMARY:Offsite\r\nPRIORITY:high\r\n"
                       "END:VTODO\r\n")


def test_readable_items_keep_what_was_left_out() -> None:
    fetched, unread = parse_all({"/a/t1.ics": ('"e1"', TODO)})
    assert unread == [] and [f.uid for f in fetched] == ["t1"]
    assert fetched[0].dropped == ["PRIORITY:high"] and title(fetched[0].todo) == "'Offsite'"


def test_events_broken_text_and_missing_uids_are_named() -> None:
    event = CAL.format(body="BEGIN:VEVENT\r\nUID:e\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\n")
    no_uid = CAL.format(body="BEGIN:VTODO\r\nSUMMARY:Nameless\r\nEND:VTODO\r\n")
    fetched, unread = parse_all({"/a/e.ics": (None, event), "/a/x.ics": (None, "garbage"),
                                 "/a/n.ics": ('"n"', no_uid)})
    assert fetched == []
    assert {u.href: u.reason for u in unread} == {
        "/a/e.ics": "an event, not a task", "/a/x.ics": "not readable iCalendar",
        "/a/n.ics": "'Nameless': it has no UID"}
