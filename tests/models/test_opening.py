"""Opening the store (``models.opening``): refuse what must not be touched, else migrate."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from models import SCHEMA_VERSION, close_database
from models.db import StoreError
from models.opening import check_before_open, open_database


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    close_database()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sqlite_file(path: Path, version: int, table: bool = True) -> Path:
    with closing(sqlite3.connect(path)) as conn:
        if table:
            conn.execute("CREATE TABLE other (x)")
        conn.execute(f"PRAGMA user_version = {version}")
        conn.commit()
    return path


def test_a_missing_or_empty_file_is_fine_to_open(tmp_path: Path) -> None:
    check_before_open(str(tmp_path / "none.db"))
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    check_before_open(str(empty))


def test_another_programs_sqlite_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = _sqlite_file(tmp_path / "other.db", 0)
    before = _sha(path)
    with pytest.raises(StoreError, match="another program's SQLite") as caught:
        open_database(path)
    assert caught.value.kind == "not_a_database" and _sha(path) == before


def test_a_newer_schema_is_refused_unchanged(tmp_path: Path) -> None:
    path = _sqlite_file(tmp_path / "newer.db", SCHEMA_VERSION + 1)
    before = _sha(path)
    with pytest.raises(StoreError, match="newer than this") as caught:
        check_before_open(str(path))
    assert caught.value.kind == "newer_schema"
    with pytest.raises(StoreError):
        open_database(path)
    assert _sha(path) == before


def test_a_new_file_and_its_folders_are_created_at_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "stepwise.db"
    database = open_database(path)
    assert database.execute_sql("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert database.execute_sql("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert list(tmp_path.glob("a/b/*.bak")) == []


def test_a_folder_that_cannot_be_made_is_a_read_only_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(StoreError, match="cannot create the folder") as caught:
        open_database(blocker / "stepwise.db")
    assert caught.value.kind == "read_only"


def test_an_in_memory_store_opens_migrated(tmp_path: Path) -> None:
    database = open_database(":memory:")
    assert database.execute_sql("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
