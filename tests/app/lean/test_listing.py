"""``app.lean.listing``: ``stepwise list --json`` read column by column where rows differ,
the full path's bytes for every shape of row, and any odd row left to the full path."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import lean
from app.lean import listing, reads
from tests.conftest import Result

Cli = Callable[..., Result]
SOON = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)
ROWS = listing.SAMPLE_ROWS + 40  # past the sample: rows it never saw


def lean_out(path: Path, *args: str) -> str | None:
    request = lean.read_request(["--db", str(path), *args])
    assert request is not None
    answer = lean.answer(request, path)
    return answer if answer is None or isinstance(answer, str) \
        else b"".join(answer).decode("utf-8")


@pytest.fixture
def many(cli: Cli, data_dir: Path) -> Iterator[Path]:
    """More tasks than the sample, alike but for titles and times, the store closed."""
    from app.tasks.store import NewTask, add_task
    from models import close_database

    assert cli("list").code == 0
    for n in range(ROWS):
        add_task(NewTask(title=f"task {n} 任务", priority=1 + n % 4,
                         due_at=SOON + timedelta(hours=n) if n % 3 else None))
    close_database()
    yield data_dir / "stepwise.db"


def change(path: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql, params)
    conn.close()


def same_as_full(full: Cli, path: Path) -> str:
    """The lean bytes are the full path's, and its dicts (for a stdout that is not UTF-8)
    encode to them."""
    for args in (("list", "--json"), ("list", "--json", "--all")):
        expected = full(*args)
        assert expected.code == 0, expected.err
        assert lean_out(path, *args) == expected.out
        with closing(reads.connect(path)) as conn:
            tasks = listing.list_json(conn, include_closed="--all" in args)
        assert orjson.dumps(tasks, option=orjson.OPT_INDENT_2).decode() + "\n" == expected.out
    return expected.out


def test_alike_rows(full: Cli, many: Path) -> None:
    assert "任务" in same_as_full(full, many)


@pytest.mark.parametrize(("column", "value"), [
    ("detail", "line one\nline two"), ("worker", "assistant"), ("tags", '["家", "a\\"b"]'),
    ("all_day", '["due"]'), ("named", '[{"name": "Alex", "at": 3}]'), ("problem", "\x1b[2J"),
    ("recurrence", "FREQ=WEEKLY;BYDAY=FR"), ("exdates", '["2026-12-10"]'), ("retry_count", 2),
    ("timezone", None), ("start_at", "2026-12-01T08:00:00Z"), ("status", "done"),
])
@pytest.mark.parametrize("ids", [(ROWS - 1,), (2, ROWS - 1)])
def test_row_differs(full: Cli, many: Path, column: str, value: object,
                     ids: tuple[int, ...]) -> None:
    """Another value in a column: past the sample only (the sample saw it constant, the
    row is read whole), or in the sample too (the column is read in every row)."""
    for task_id in ids:
        change(many, f'UPDATE task SET "{column}" = ? WHERE id = ?', value, task_id)
    same_as_full(full, many)


@pytest.mark.parametrize(("column", "value"), [
    ("worker", b"blob"), ("retry_count", 2.5), ("updated_at", "2026-02-30T09:00:00Z"),
    ("due_at", "0999-01-01T00:00:00Z"), ("tags", "[not json"), ("priority", "two"),
    ("created_at", "2026-12-03 09:00:00"),
])
def test_odd_late_row(many: Path, column: str, value: object) -> None:
    """An odd value past the sample, in a constant or a read column: the full path
    answers (it prints or refuses it its own way)."""
    change(many, f'UPDATE task SET "{column}" = ? WHERE id = ?', value, ROWS - 5)
    assert lean_out(many, "list", "--json") is None


def test_updated_differs(full: Cli, many: Path) -> None:
    """``updated_at`` is checked only where it differs from ``created_at``: an odd one
    that differs is still found, and a good one is printed."""
    change(many, "UPDATE task SET updated_at = '2026-12-05T10:00:00Z' WHERE id = 7")
    same_as_full(full, many)
    change(many, "UPDATE task SET updated_at = '2026-12-05T24:00:00Z' WHERE id = 7")
    assert lean_out(many, "list", "--json") is None


def test_noted_odd_row(full: Cli, many: Path) -> None:
    """The file's triggers note an odd row another program writes, and the listing
    leaves it to the full path; once it is usual again, the lean path answers."""
    with closing(reads.connect(many)) as conn:
        assert reads.none_odd(conn)
    change(many, "UPDATE task SET due_at = '2026-02-30T09:00:00Z' WHERE id = ?", ROWS - 5)
    with closing(reads.connect(many)) as conn:
        assert not reads.none_odd(conn)
    assert lean_out(many, "list", "--json") is None
    change(many, "UPDATE task SET due_at = '2026-02-28T09:00:00Z' WHERE id = ?", ROWS - 5)
    same_as_full(full, many)


@pytest.mark.parametrize(("trigger", "write"), [
    ("task_odd_insert", "INSERT INTO task SELECT id + 1000, title, detail, status, problem, "
     "problem_at, 'two', tags, worker, creator, created_at, updated_at, start_at, due_at, "
     "expires_at, next_check_at, recurrence, timezone, retry_count, advice, result, "
     "uid || 'x', named, all_day, exdates, rdates, problem_code, "
     "problem_values FROM task WHERE id = 3"),
    ("task_odd_update", "UPDATE task SET priority = 'two' WHERE id = 3"),
])
def test_dropped_trigger(many: Path, trigger: str, write: str) -> None:
    """A row written odd while its trigger was gone is not noted; without the triggers
    as written no note is trusted, so the rows are looked through and it is found."""
    change(many, f'DROP TRIGGER "{trigger}"')
    change(many, write)
    with closing(reads.connect(many)) as conn:
        assert conn.execute("SELECT count(*) FROM odd_task").fetchone() == (0,)
        assert not reads.none_odd(conn)
    assert lean_out(many, "list", "--json") is None
    assert lean_out(many, "list") is None


def test_empty_listing(full: Cli, many: Path) -> None:
    change(many, "UPDATE task SET status = 'done'")
    assert lean_out(many, "list", "--json") == full("list", "--json").out == "[]\n"


texts = st.text(max_size=8).filter(lambda t: not any("\ud800" <= c <= "\udfff" for c in t))
rows = st.lists(st.tuples(st.integers(0, ROWS - 1), st.sampled_from(
    ["title", "detail", "problem", "worker", "timezone", "advice", "result"]), texts),
    max_size=6)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=rows)
def test_any_text_anywhere(full: Cli, many: Path, changes: list[tuple[int, str, str]]) -> None:
    """Property: whatever text any row holds in any text column, the full path's bytes."""
    for row, column, value in changes:
        change(many, f'UPDATE task SET "{column}" = ? WHERE id = ?', value, row + 1)
    same_as_full(full, many)
