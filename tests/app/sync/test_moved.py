"""``app.sync.moved``: an edit that is only our own write seen again is no edit; the
store-level cases (made a subtask, deleted here but edited there) run against real
servers in test_sync_structure.py and test_sync_safety.py."""

from __future__ import annotations

from pathlib import Path

from app.sync import accounts, moved
from app.sync.items import parse_all
from app.tasks import store as tasks
from models.tables import SyncItem

TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:t1\r\n"
        "SUMMARY:{title}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def test_an_item_says_something_else_only_when_a_merged_field_changed(db: Path) -> None:
    account = accounts.add_account("http://127.0.0.1:9/ann/tasks/", "ann", None)[0]
    accounts.record(account, "t1", "t1", None, "/ann/tasks/t1.ics", '"e1"',
                    TODO.format(title="Pay rent"))
    row = SyncItem.get()
    same, _ = parse_all({"/ann/tasks/t1.ics": ('"e2"', TODO.format(title="Pay rent"))})
    other, _ = parse_all({"/ann/tasks/t1.ics": ('"e3"', TODO.format(title="Pay the rent"))})
    assert not moved._edited(row, same[0])
    assert moved._edited(row, other[0])


def test_here_knows_the_tasks_of_this_device(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Bob"))
    assert moved.here(str(task.uid)) and not moved.here("nobody")
