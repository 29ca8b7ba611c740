"""Reads with the standard ``sqlite3`` module (``app.lean.reads``): what the store reads."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.lean import reads as lean_reads
from app.lean.reads import Unusual, instant
from tests.app.cli import test_lean

tasks = test_lean.tasks  # the fixture: a store of English and Chinese tasks and a plan


def test_a_page_of_the_window_list_reads_as_the_store_reads_it(tasks: Path) -> None:
    """The query layer the window's task list can use for its page reads (in a worker)."""
    import dataclasses

    from app.lean import reads as lean_reads
    from app.tasks.queries import rows_for
    from models import close_database, open_database

    ids = [5, 1, 3, 2, 4, 99]
    open_database(tasks)
    expected = {i: dataclasses.astuple(row) for i, row in rows_for(ids).items()}
    close_database()
    ro = lean_reads.connect(tasks)
    assert ro is not None
    assert lean_reads.page_rows(ro, ids) == expected and len(expected) == 5
    assert expected[5][7] is True and expected[1][7] is False  # has_plan
    assert lean_reads.page_rows(ro, []) == {}
    ro.close()


def test_an_all_day_due_reads_as_its_day_in_the_tasks_zone(db: Path) -> None:
    """Both readers give the date of an all-day due, from its stand-in in the task's own
    zone (Los Angeles: 18:00 on the 15th is the 16th in UTC and in Shanghai)."""
    import dataclasses
    from datetime import date

    from app.lean import reads as lean_reads
    from app.tasks import store
    from app.tasks.queries import rows_for

    task = store.add_task(store.NewTask(title="Pay", due_at=date(2026, 12, 15),
                                        timezone="America/Los_Angeles"))
    (row,) = rows_for([task.id]).values()
    assert (row.due_day, row.due) == (date(2026, 12, 15), date(2026, 12, 15))
    ro = lean_reads.connect(db)
    assert ro is not None
    assert lean_reads.page_rows(ro, [task.id]) == {task.id: dataclasses.astuple(row)}
    ro.close()


def test_an_instant_is_read_as_an_aware_utc_time() -> None:
    assert instant("2026-12-03T09:00:00Z") == datetime(2026, 12, 3, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["2026-12-03T09:00:00", "not a time", "", "0001-01-01T00:00:00Z",
                                  "2026-13-03T09:00:00Z"])
def test_an_instant_the_store_would_read_leniently_is_unusual(text: str) -> None:
    with pytest.raises(Unusual):
        instant(text)


def test_no_connection_for_a_missing_empty_or_other_version_file(tmp_path: Path) -> None:
    assert lean_reads.connect(tmp_path / "none.db") is None
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert lean_reads.connect(empty) is None
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("PRAGMA user_version = 1").connection.close()
    assert lean_reads.connect(other) is None


def test_a_file_that_is_not_a_database_raises_a_sqlite_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        lean_reads.connect(junk)


def test_the_connection_is_read_only(tasks: Path) -> None:
    conn = lean_reads.connect(tasks)
    assert conn is not None
    with pytest.raises(sqlite3.OperationalError):
        conn.execute("DELETE FROM task")
    conn.close()


def test_list_and_task_reads(tasks: Path) -> None:
    conn = lean_reads.connect(tasks)
    assert conn is not None
    open_ids = [row[0] for row in lean_reads.list_rows(conn)]
    assert 4 not in open_ids and 4 in [row[0] for row in lean_reads.list_rows(conn, True)]
    assert lean_reads.task_json(conn, 999) is None and lean_reads.task_detail(conn, 999) is None
    detail = lean_reads.task_detail(conn, 5)
    assert detail is not None and detail["plan"]["title"] == "Offsite 团建"
    assert [row[0] for row in lean_reads.first_open_rows(conn, 2)] == open_ids[:2]
    conn.close()
