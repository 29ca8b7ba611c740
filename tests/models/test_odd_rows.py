"""``models.odd_rows``: task rows with odd values noted by triggers, for every writer."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from models import close_database, odd_rows, open_database


@pytest.fixture
def path(tmp_path: Path) -> Path:
    from app.tasks.store import NewTask, add_task

    file = tmp_path / "stepwise.db"
    open_database(file)
    for n in range(3):
        add_task(NewTask(title=f"task {n}"))
    close_database()
    return file


def noted(path: Path, *writes: str) -> list[int]:
    with closing(sqlite3.connect(path)) as conn:
        for write in writes:
            conn.execute(write)
        conn.commit()
        return [n for (n,) in conn.execute('SELECT id FROM "odd_task" ORDER BY id')]


def test_store_notes_none(path: Path) -> None:
    assert noted(path) == []


@pytest.mark.parametrize("value", ["'2026-02-30T09:00:00Z'", "'2026-12-03 09:00'", "5",
                                   "'0999-01-01T00:00:00Z'", "x'00'"])
def test_odd_due_noted(path: Path, value: str) -> None:
    assert noted(path, f"UPDATE task SET due_at = {value} WHERE id = 2") == [2]


def test_usual_again_unnoted(path: Path) -> None:
    assert noted(path, "UPDATE task SET priority = 'high' WHERE id = 1",
                 "UPDATE task SET title = x'01' WHERE id = 3") == [1, 3]
    assert noted(path, "UPDATE task SET priority = 2 WHERE id = 1") == [3]
    assert noted(path, "DELETE FROM task WHERE id = 3") == []


def test_replace_noted(path: Path) -> None:
    assert noted(path, "INSERT OR REPLACE INTO task SELECT id, x'01', detail, status, "
                       "problem, problem_at, priority, tags, worker, creator, created_at, "
                       "updated_at, start_at, due_at, expires_at, next_check_at, recurrence, "
                       "timezone, retry_count, advice, result, uid, named, all_day, exdates, "
                       "rdates, problem_code, problem_values FROM task WHERE id = 2") == [2]


def test_migration_notes_old_rows(path: Path) -> None:
    """A file from before the triggers: the migration notes the odd rows already there."""
    with closing(sqlite3.connect(path)) as conn:
        for name in odd_rows.TRIGGERS:
            conn.execute(f'DROP TRIGGER "{name}"')
        conn.execute('DROP TABLE "odd_task"')
        conn.execute("UPDATE task SET created_at = 'yesterday' WHERE id = 1")
        conn.execute("PRAGMA user_version = 14")
        conn.commit()
    open_database(path)
    close_database()
    assert noted(path) == [1]


def test_kept_as_written(path: Path) -> None:
    """SQLite keeps each trigger's text exactly (the readers compare it)."""
    with closing(sqlite3.connect(path)) as conn:
        kept = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"))
    assert kept == odd_rows.TRIGGERS
