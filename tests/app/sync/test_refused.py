"""``app.sync.refused``: other devices' items kept as refused records, with their reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.calendar.errors import Unreachable
from app.sync import accounts, refused
from app.sync.items import Unread, parse_all
from models.tables import SyncAccount, SyncItem

TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:{uid}\r\n"
        "SUMMARY:{title}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def _account() -> SyncAccount:
    return accounts.add_account("http://127.0.0.1:9/ann/tasks/", "ann", None)[0]


def test_an_unread_item_is_recorded_as_refused_with_its_reason(db: Path) -> None:
    account = _account()
    refused.keep_unread(account, [Unread("/ann/tasks/x.ics", '"e1"', "garbage",
                                         "not readable iCalendar")])
    row = SyncItem.get()
    assert (row.uid, row.state, row.reason, row.etag) == (
        "href:/ann/tasks/x.ics", "refused", "not readable iCalendar", '"e1"')
    assert accounts.refused(account) == ["not readable iCalendar"]


def test_a_known_item_broken_elsewhere_keeps_its_merge_base(db: Path) -> None:
    account = _account()
    accounts.record(account, "t1", "t1", None, "/ann/tasks/t1.ics", '"e1"', "the base")
    refused.keep_unread(account, [Unread("/ann/tasks/t1.ics", '"e2"', "garbage", "broken")])
    row = SyncItem.get(SyncItem.uid == "t1")
    assert (row.state, row.etag, row.synced) == ("refused", '"e2"', "the base")


def test_why_names_the_item_and_its_task() -> None:
    fetched, _ = parse_all({"/r.ics": (None, TODO.format(uid="r", title="Move")),
                            "/c.ics": (None, TODO.format(uid="c", title="Pack"))})
    root, child = fetched
    skipped = ["'Move': its due is before its start"]
    assert refused.why(root, skipped, False, root) == skipped[0]
    assert refused.why(child, skipped, False, root) == "'Pack': its task 'Move' could not be taken"
    assert refused.why(child, [], True, root) == "'Pack': could not be taken as a step of its task"


def test_a_network_failure_is_never_taken_for_a_bad_item(db: Path) -> None:
    fetched, _ = parse_all({"/r.ics": (None, TODO.format(uid="r", title="Move"))})
    with pytest.raises(Unreachable):
        refused.refuse_all(_account(), "r", fetched, Unreachable("down"))
    assert SyncItem.select().count() == 0
