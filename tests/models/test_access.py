"""Who has the database open (the open lock), and when this process may write it."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import peewee
import pytest

from app.tasks.store import NewTask, add_task
from models import access, close_database, database
from models.db import StoreError
from models.opening import open_database
from tests.app.io.test_storage_faults import damage


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    close_database()


def test_alone_refused_shared(tmp_path: Path) -> None:
    path = tmp_path / "stepwise.db"
    open_database(path)
    other = os.open(access.lock_file(path), os.O_RDWR)  # as a second process would
    fcntl.flock(other, fcntl.LOCK_SH)
    with pytest.raises(StoreError) as refused, access.alone(str(path), "close it"):
        pass
    assert refused.value.kind == "in_use" and "close it" in str(refused.value)
    os.close(other)
    with access.alone(str(path), "close it"):
        pass  # alone now; and the own shared lock is back after it
    assert not _can_take_exclusive(path)


def _can_take_exclusive(path: Path) -> bool:
    probe = os.open(access.lock_file(path), os.O_RDWR)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(probe)
    return True


def test_close_releases_lock(tmp_path: Path) -> None:
    path = tmp_path / "stepwise.db"
    open_database(path)
    assert not _can_take_exclusive(path)
    close_database()
    assert _can_take_exclusive(path)


def test_read_only_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stepwise.db"
    assert access.can_write(str(path))
    open_database(path)
    add_task(NewTask(title="before"))
    close_database()
    monkeypatch.setenv("STEPWISE_READ_ONLY", "1")
    assert not access.can_write(str(path))
    open_database(path)
    refused = _write_refused(path)
    assert refused.kind == "read_only" and "cannot write its database" in str(refused)


def _write_refused(path: Path) -> StoreError:
    with pytest.raises(peewee.OperationalError) as failed:
        add_task(NewTask(title="refused"))
    known = StoreError.classify(failed.value, path)
    assert known is not None
    return known


def test_stamp_skips_check(tmp_path: Path) -> None:
    """The quick check runs when the file changed since one passed, not at every open."""
    path = tmp_path / "stepwise.db"
    open_database(path)
    for n in range(300):
        add_task(NewTask(title=f"task {n}"))
    close_database()  # stamps its own writes
    before = path.stat()
    damage(path)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same stamp
    open_database(path)
    assert _query_only() == 0  # the check did not run
    close_database()
    os.utime(path)  # a change: the next open checks
    open_database(path)
    assert _query_only() == 1
    refused = str(_write_refused(path))
    assert "damaged" in refused and "stepwise backup list" in refused


def _query_only() -> int:
    return int(database.execute_sql("PRAGMA query_only").fetchone()[0])
