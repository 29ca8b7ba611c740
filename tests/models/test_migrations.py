"""Schema migrations (``models.migrations``): in order, backed up first, newer refused."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import peewee
import pytest

from models import close_database, migrations, odd_rows
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


def test_the_old_stand_ins_for_dates_become_dates_again(
        raw: tuple[peewee.SqliteDatabase, str]) -> None:
    """Version 11: a due at 18:00 / a start at 09:00 in the task's zone that nobody named,
    or a synced item's ``VALUE=DATE``, is a date again; a named or synced time is not."""
    db, path = raw
    migrations.migrate(db, path)
    for name in odd_rows.TRIGGERS:  # version 15's, which name these columns
        db.execute_sql(f'DROP TRIGGER "{name}"')
    for column in ("all_day", "exdates", "rdates"):
        db.execute_sql(f'ALTER TABLE "task" DROP COLUMN "{column}"')
    db.execute_sql("PRAGMA user_version = 10")
    add = ('INSERT INTO "task" (id, title, uid, start_at, due_at, named, timezone, detail, '
           'status, priority, tags, worker, creator, created_at, updated_at, retry_count) '
           "VALUES (?, 'x', ?, ?, ?, ?, ?, '', 'new', 3, '[]', 'me', 'me', "
           "'2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0)")
    db.execute_sql(add, (1, "a", "2026-12-15T01:00:00Z", "2026-12-15T10:00:00Z", "[]",
                         "Asia/Shanghai"))  # 09:00 and 18:00 in Shanghai
    db.execute_sql(add, (2, "b", None, "2026-12-15T10:00:00Z", '["due"]', "Asia/Shanghai"))
    db.execute_sql(add, (3, "c", None, "2026-12-16T02:00:00Z", "[]", None))  # synced, below
    db.execute_sql(add, (4, "d", None, "2026-12-15T10:00:00Z", "[]", None))  # synced as a time
    db.execute_sql(add, (5, "e", None, "2026-12-15T11:00:00Z", "[]", "Asia/Shanghai"))
    db.execute_sql("INSERT INTO sync_account (id, kind, url, user, created_at) "
                   "VALUES (1, 'caldav', 'http://x/', 'u', '2026-12-01T00:00:00Z')")
    for uid, text in (("c", "BEGIN:VTODO\r\nDUE;VALUE=DATE:20261215\r\nEND:VTODO\r\n"),
                      ("d", "BEGIN:VTODO\r\nDUE:20261215T100000Z\r\nEND:VTODO\r\n")):
        db.execute_sql('INSERT INTO sync_item (account_id, uid, href, task_uid, synced, '
                       'made_here) VALUES (1, ?, ?, ?, ?, 0)', (uid, uid, uid, text))
    migrations.migrate(db, path)
    rows = dict(db.execute_sql('SELECT id, all_day FROM "task" ORDER BY id').fetchall())
    assert rows == {1: '["start","due"]', 2: "[]", 3: '["due"]', 4: "[]", 5: "[]"}
    task_3 = db.execute_sql('SELECT due_at, timezone FROM "task" WHERE id = 3').fetchone()
    assert task_3 == ("2026-12-15T10:00:00Z", "Asia/Shanghai")  # the item's date, 18:00 here


def test_problem_codes(raw: tuple[peewee.SqliteDatabase, str]) -> None:
    """Version 17: a sync conflict written as words is known by its code again (the
    task menu offers its dialog); any other problem keeps its words and no code."""
    db, path = raw
    migrations.migrate(db, path)
    for name in odd_rows.TRIGGERS:
        db.execute_sql(f'DROP TRIGGER "{name}"')
    for column in ("problem_code", "problem_values"):
        db.execute_sql(f'ALTER TABLE "task" DROP COLUMN "{column}"')
    db.execute_sql("PRAGMA user_version = 16")
    add = ('INSERT INTO "task" (id, title, uid, problem, detail, status, priority, tags, '
           "worker, creator, created_at, updated_at, retry_count, named, all_day, exdates, "
           "rdates) VALUES (?, 'x', ?, ?, '', 'new', 3, '[]', 'me', 'me', "
           "'2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 0, '[]', '[]', '[]', '[]')")
    db.execute_sql(add, (1, "a", "sync conflict: title: kept 'A', the other device's 'B' lost"))
    db.execute_sql(add, (2, "b", "the model server is down"))
    db.execute_sql(add, (3, "c", None))
    migrations.migrate(db, path)
    rows = db.execute_sql('SELECT id, problem_code, problem_values FROM "task" ORDER BY id')
    assert rows.fetchall() == [(1, "sync_conflict", None), (2, None, None), (3, None, None)]
    odd = db.execute_sql(f'SELECT count(*) FROM "{odd_rows.TABLE}"').fetchone()
    assert odd == (0,)
