"""``app.sync.pull``: the server's items coming in (made elsewhere, changed, deleted),
each fetched item built in the test as the server would send it."""

from __future__ import annotations

from pathlib import Path

from app.sync import accounts
from app.sync.pull import Fetched, parse, pull, remove_gone
from app.sync.report import Report
from models import Task
from models.tables import SyncAccount, SyncItem, Trash

URL = "http://127.0.0.1:5232/ann/tasks/"
TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\n"
        "UID:{uid}\r\nDTSTAMP:20261201T080000Z\r\nLAST-MODIFIED:{at}\r\n"
        "SUMMARY:{title}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def todo(uid: str, title: str, at: str = "20261201T080000Z") -> str:
    return TODO.format(uid=uid, title=title, at=at)


def _account() -> SyncAccount:
    return accounts.add_account(URL, "ann", None)[0]


def test_parse_keeps_vtodos_with_a_uid() -> None:
    found = parse({"/a/t.ics": ('"e1"', todo("t1", "Call")),
                   "/a/e.ics": (None, todo("e1", "Party").replace("VTODO", "VEVENT")),
                   "/a/n.ics": (None, todo("", "No uid")), "/a/x.ics": (None, "broken")})
    assert [(f.href, f.etag, f.uid) for f in found] == [("/a/t.ics", '"e1"', "t1")]


def test_a_task_made_elsewhere_is_added_and_recorded(db: Path) -> None:
    account, report = _account(), Report()
    pull(account, parse({"/a/t1.ics": ('"e1"', todo("t1", "Call the venue"))}), report)
    assert [t.title for t in Task.select()] == ["Call the venue"]
    assert (report.created, report.pulled) == (1, 1)
    assert accounts.etags(account) == {"/a/t1.ics": '"e1"'}


def test_a_rename_elsewhere_is_merged_into_the_task(db: Path) -> None:
    account = _account()
    pull(account, parse({"/a/t1.ics": ('"e1"', todo("t1", "Call"))}), Report())
    report = Report()
    renamed = todo("t1", "Call the venue", at="20261201T090000Z")
    pull(account, parse({"/a/t1.ics": ('"e2"', renamed)}), report)
    assert [t.title for t in Task.select()] == ["Call the venue"]
    assert (report.merged, report.pulled, report.created, report.conflicts) == (1, 1, 0, [])
    assert accounts.etags(account) == {"/a/t1.ics": '"e2"'}


def test_nothing_fetched_changes_nothing(db: Path) -> None:
    report = Report()
    pull(_account(), [], report)
    assert report.as_json() == Report().as_json()


def test_a_task_deleted_on_the_server_goes_to_the_trash(db: Path) -> None:
    account = _account()
    pull(account, parse({"/a/t1.ics": ('"e1"', todo("t1", "Call"))}), Report())
    report = Report()
    remove_gone(account, accounts.light_rows(account), report)
    assert Task.select().count() == 0 and SyncItem.select().count() == 0
    assert [t.title for t in Trash.select()] == ["Call"] and report.trashed == 1


def test_fetched_uid_is_the_vtodos() -> None:
    item = parse({"/a/t.ics": (None, todo("t9", "Call"))})[0]
    assert isinstance(item, Fetched) and item.uid == "t9" and item.text.startswith("BEGIN")


def _item(uid: str, parent: str | None) -> Fetched:
    from icalendar import Todo

    item = Todo()
    item.add("uid", uid)
    item.add("summary", uid)
    if parent is not None:
        item.add("related-to", parent, parameters={"RELTYPE": "PARENT"})
    return Fetched(f"/{uid}.ics", None, "", item)


def test_chain_roots_once(db: Path) -> None:
    from app.sync.pull import _root

    count = 20_000
    items = [_item(f"i{n}", f"i{n - 1}" if n else None) for n in range(count)]
    items += [_item("p", "q"), _item("q", "p"), _item("tail", "p")]
    by_uid, roots = {i.uid: i for i in items}, {}
    found = [_root(i.uid, by_uid, {}, roots) for i in items]
    assert set(found[:count]) == {"i0"}
    assert found[count:] == ["p", "q", "p"]  # a loop's members are each their own root
