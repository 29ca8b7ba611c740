"""SQLite errors are classified by their result code, not by the words of the message."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import peewee
import pytest

from models.db import KNOWN_CODES, StoreError, _primary_code


def _error_from(sql: str, path: Path, *, uri: str | None = None) -> sqlite3.Error:
    target = uri or str(path)
    with closing(sqlite3.connect(target, uri=uri is not None)) as conn:
        try:
            conn.executescript(sql)
        except sqlite3.Error as exc:
            return exc
    raise AssertionError(f"{sql!r} did not fail")


def test_a_file_that_is_not_a_database_is_known_by_its_code(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database" * 200)
    exc = _error_from("SELECT * FROM sqlite_master", path)
    known = StoreError.classify(exc, path)
    assert known is not None and known.kind == "not_a_database"
    assert str(path) in str(known)


def test_a_read_only_database_is_known_by_its_code(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE t (x)")
    exc = _error_from("INSERT INTO t VALUES (1)", path, uri=path.as_uri() + "?mode=ro")
    known = StoreError.classify(exc, None)
    assert known is not None and known.kind == "read_only"


def test_a_constraint_failure_is_a_bug_not_a_known_error(tmp_path: Path) -> None:
    exc = _error_from("CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1); "
                      "INSERT INTO t VALUES (1);", tmp_path / "c.db")
    assert StoreError.classify(exc, None) is None


def test_the_message_text_alone_does_not_decide(tmp_path: Path) -> None:
    """A bug whose message happens to say 'locked' or 'disk is full' stays a bug."""
    exc = _error_from("CREATE TABLE t (x); CREATE TRIGGER t_no BEFORE INSERT ON t BEGIN "
                      "SELECT RAISE(ABORT, 'database is locked; disk is full'); END; "
                      "INSERT INTO t VALUES (1);", tmp_path / "m.db")
    assert "locked" in str(exc)
    assert StoreError.classify(exc, None) is None


def test_peewee_wrapped_errors_keep_their_code(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"\x00junk" * 1000)
    db = peewee.SqliteDatabase(str(path))
    with pytest.raises(peewee.DatabaseError) as info:
        db.execute_sql("SELECT * FROM sqlite_master")
    db.close()
    assert _primary_code(info.value) == 26
    known = StoreError.classify(info.value, path)
    assert known is not None and known.kind == "not_a_database"


def test_every_known_code_has_a_message() -> None:
    from models.db import KNOWN_MESSAGES

    assert set(KNOWN_CODES.values()) <= set(KNOWN_MESSAGES)
