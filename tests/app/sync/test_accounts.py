"""``app.sync.accounts``: sync accounts and what each remembers of its server (the
keyring is this session's memory: tests/app/sync/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import KnownError, NotFound
from app.sync import accounts
from app.tasks import store as tasks
from models.tables import SyncAccount, SyncItem

URL = "http://127.0.0.1:5232/ann/tasks"


def test_an_account_is_kept_with_a_slash_and_its_password_for_the_session(db: Path) -> None:
    account, kept = accounts.add_account(URL, "ann", "pw")
    assert account.url == URL + "/"
    assert kept is False  # no keyring backend here: the password is kept for this session
    assert accounts.get_account(account.id).user == "ann"
    assert accounts.password(account, None) == "pw"
    assert accounts.password(account, "given") == "given"


def test_a_url_that_is_not_http_or_already_an_account_is_refused(db: Path) -> None:
    with pytest.raises(KnownError, match="is not an http"):
        accounts.add_account("ftp://x/tasks/", "ann", None)
    accounts.add_account(URL, "ann", None)
    with pytest.raises(KnownError, match="is already a sync account"):
        accounts.add_account(URL + "/", "bob", None)


def test_credentials_in_the_url_are_taken_out_and_never_stored(db: Path) -> None:
    account, _ = accounts.add_account("http://ann:s3cret@127.0.0.1:5232/ann/tasks/", "", None)
    assert account.url == "http://127.0.0.1:5232/ann/tasks/" and account.user == "ann"
    assert accounts.password(account, None) == "s3cret"
    assert "s3cret" not in str(list(SyncAccount.select().tuples()))
    with pytest.raises(KnownError, match="names the user 'ann' but --user says 'bob'"):
        accounts.add_account("http://ann:x@127.0.0.1:5232/other/", "bob", None)


def test_an_account_stored_with_credentials_before_has_them_moved(db: Path) -> None:
    old = SyncAccount.create(url="http://bob:pw@127.0.0.1:5232/bob/tasks/", user="")
    account = accounts.get_account(old.id)
    assert (account.url, account.user) == ("http://127.0.0.1:5232/bob/tasks/", "bob")
    assert accounts.password(account, None) == "pw"


def test_removing_an_account_forgets_its_items_and_password(db: Path) -> None:
    account, _kept = accounts.add_account(URL, "ann", "pw")
    accounts.record(account, "t1", "t1", None, "/ann/tasks/t1.ics", '"e1"', "text")
    accounts.remove_account(account.id)
    assert SyncItem.select().count() == 0
    assert accounts.password(account, None) == ""
    with pytest.raises(NotFound, match="no sync account"):
        accounts.get_account(account.id)


def test_recorded_items_are_read_back_by_uid_href_and_mark(db: Path) -> None:
    account, _kept = accounts.add_account(URL, "ann", None)
    accounts.record(account, "t1", "t1", None, "/a/t1.ics", '"e1"', "text")
    accounts.record(account, "s1", "t1", "room", "/a/s1.ics", None, "")
    accounts.record(account, "t1", "t1", None, "/a/t1.ics", '"e2"', "text 2")  # an update
    assert set(accounts.rows(account)) == {"t1", "s1"}
    assert accounts.rows(account, ["t1"])["t1"].synced == "text 2"
    assert accounts.etags(account) == {"/a/t1.ics": '"e2"', "/a/s1.ics": None}
    assert accounts.known_uids(account, ["t1", "x"]) == {"t1"}
    assert [r.uid for r in accounts.light_rows_at(account, SyncItem.href, ["/a/s1.ics"])] == \
        ["s1"]
    assert accounts.pushed_marks(account) == {"t1": None}
    accounts.set_mark(account, "t1", "m1")
    assert accounts.pushed_marks(account) == {"t1": "m1"}


def test_record_many_stores_each_item_with_its_mark(db: Path) -> None:
    account, _kept = accounts.add_account(URL, "ann", None)
    accounts.record_many(account, [("t1", "t1", None, "/a/t1.ics", '"e"', "x", "m1"),
                                   ("s1", "t1", "room", "/a/s1.ics", None, "y", None)])
    assert accounts.pushed_marks(account) == {"t1": "m1"}
    assert sorted(r.uid for r in accounts.light_rows(account)) == ["s1", "t1"]


def test_a_tasks_mark_changes_when_the_task_does(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Call Ann"))
    before, uid = accounts.marks(), str(task.uid)
    assert list(before) == [uid]
    tasks.update_task(task.id, title="Call Ann at 5")
    assert accounts.marks()[uid] != before[uid]
