"""Schema migrations (``models.migrations``): in order, backed up first, newer refused."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import peewee
import pytest

from models import close_database, migrations
from models.db import PRAGMAS, StoreError, database


@pytest.fixture
def raw(tmp_path: Path) -> Iterator[tuple[peewee.SqliteDatabase, str]]:
    """The store's connection to an empty file of its own, not migrated yet."""
    path = str(tmp_path / "raw.db")
    close_database()
    database.init(path, pragmas=PRAGMAS)
    database.connect()
    yield database, path
    close_database()


def test_the_migrations_are_numbered_one_by_one_and_described() -> None:
    assert [m.version for m in migrations.MIGRATIONS] == \
        list(range(1, len(migrations.MIGRATIONS) + 1))
    assert migrations.SCHEMA_VERSION == migrations.MIGRATIONS[-1].version
    assert all(m.description.strip() for m in migrations.MIGRATIONS)


def test_an_empty_file_gets_every_table_and_the_latest_version_without_a_backup(
        raw: tuple[peewee.SqliteDatabase, str], tmp_path: Path) -> None:
    db, path = raw
    migrations.migrate(db, path)
    assert migrations.user_version(db) == migrations.SCHEMA_VERSION
    assert {"task", "plan", "step"} <= set(db.get_tables())
    assert list(tmp_path.glob("*.bak")) == []
    migrations.migrate(db, path)  # the latest version: nothing to do
    assert migrations.user_version(db) == migrations.SCHEMA_VERSION


def test_a_newer_version_is_refused(raw: tuple[peewee.SqliteDatabase, str]) -> None:
    db, path = raw
    db.execute_sql(f"PRAGMA user_version = {migrations.SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer than this") as caught:
        migrations.migrate(db, path)
    assert caught.value.kind == "newer_schema" and db.get_tables() == []


def test_a_pending_migration_backs_up_first_and_runs_in_order(
        raw: tuple[peewee.SqliteDatabase, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    db, path = raw
    migrations.migrate(db, path)
    latest = migrations.SCHEMA_VERSION
    ran: list[int] = []

    def step(version: int) -> Any:
        return migrations.Migration(version, f"step {version}",
                                    lambda database: ran.append(version))

    monkeypatch.setattr(migrations, "MIGRATIONS",
                        (*migrations.MIGRATIONS, step(latest + 1), step(latest + 2)))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", latest + 2)
    migrations.migrate(db, path)
    assert ran == [latest + 1, latest + 2] and migrations.user_version(db) == latest + 2
    (backup,) = tmp_path.glob(f"raw.db.v{latest}-*.bak")
    with closing(sqlite3.connect(backup)) as copy:
        assert copy.execute("PRAGMA user_version").fetchone()[0] == latest


def test_a_failing_migration_leaves_the_version_and_tables_as_they_were(
        raw: tuple[peewee.SqliteDatabase, str], monkeypatch: pytest.MonkeyPatch) -> None:
    db, path = raw
    migrations.migrate(db, path)
    latest = migrations.SCHEMA_VERSION

    def half_then_fail(database: peewee.SqliteDatabase) -> None:
        database.execute_sql("CREATE TABLE half_done (id INTEGER)")
        raise RuntimeError("disk gone")

    monkeypatch.setattr(migrations, "MIGRATIONS", (
        *migrations.MIGRATIONS, migrations.Migration(latest + 1, "fails", half_then_fail)))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", latest + 1)
    with pytest.raises(RuntimeError):
        migrations.migrate(db, path)
    assert migrations.user_version(db) == latest and "half_done" not in db.get_tables()


def test_backup_file_is_a_complete_copy_named_by_version(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.execute("INSERT INTO t VALUES (42)")
        conn.commit()
    target = migrations.backup_file(str(path), 3)
    assert target.name.startswith("s.db.v3-") and target.suffix == ".bak"
    with closing(sqlite3.connect(target)) as copy:
        assert copy.execute("SELECT x FROM t").fetchall() == [(42,)]
