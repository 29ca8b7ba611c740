"""The lean ``stepwise list``/``show`` (app.cli.lean, app.lean.reads): the full path's bytes,
the same refusals, no writes, and no Peewee, dateparser, httpx2 or pydantic imported."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.cli import lean
from tests.conftest import ROOT, Result, stepwise_env

Cli = Callable[..., Result]
HEAVY = ("peewee", "dateparser", "httpx2", "httpx", "pydantic")
SOON = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)
PLAN = {"schema_version": 2, "revision": 1, "origin": "user", "title": "Offsite 团建",
        "objective": "held", "steps": [
            {"id": "dates", "title": "Pick dates 选日期", "target": "user",
             "due": "2026-12-04T10:00:00Z", "estimate_minutes": 30},
            {"id": "venue", "title": "Venue", "target": None},
            {"id": "shortlist", "title": "Short\x1b[31mlist", "parent": "venue",
             "depends_on": ["dates"], "target": "assistant.write",
             "inputs": {"instructions": "three venues\nnear 上海"}},
            {"id": "book", "title": "Book", "parent": "venue", "depends_on": ["shortlist"]}]}


def lean_answer(*args: str) -> str | None:
    """What the lean path prints for ``args`` (None: it leaves them to the full path)."""
    from app.config import paths

    request = lean.read_request(list(args))
    assert request is not None, args
    paths.configure(request.data_dir, request.db)
    answer = lean.answer(request, paths.db_path())
    return answer if answer is None or isinstance(answer, str) \
        else b"".join(answer).decode("utf-8")


def assert_same(cli: Cli, full: Cli, *args: str) -> str:
    expected = full(*args)
    assert expected.code == 0, expected.err
    assert lean_answer(*args) == expected.out
    taken = cli(*args)
    assert (taken.code, taken.out, taken.err) == (0, expected.out, "")
    return expected.out


@pytest.fixture
def tasks(cli: Cli, data_dir: Path) -> Iterator[Path]:
    """English and Chinese tasks with tags, escapes, problems, due dates, a closed one and
    a plan; the store closed again, so the lean path reads the file alone."""
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task
    from models import Task, close_database

    assert cli("list").code == 0  # creates and migrates the file
    add_task(NewTask(title="Renew passport", priority=2, tags=("admin", "家"), due_at=SOON))
    add_task(NewTask(title="每周五提醒我交周报", tags=("工作",), due_at=SOON + timedelta(days=2)))
    add_task(NewTask(title="Evil \x1b]0;pwned\x07 title\twith\ttabs", priority=1))
    add_task(NewTask(title="Paid", due_at=SOON - timedelta(days=3)))
    add_task(NewTask(title="Offsite", detail="line one\nline two", priority=4))
    Task.update(problem="server down\r\n\x1b[2J").where(Task.id == 3).execute()  # another program
    Task.update(status="done").where(Task.id == 4).execute()
    plans.save_plan(5, PLAN)
    plans.approve_all()
    plans.step_action(5, "dates", "start")
    plans.step_action(5, "dates", "done", result="Dec 10 或 Dec 12\n")
    close_database()
    yield data_dir / "stepwise.db"


@pytest.mark.parametrize("args", [("list",), ("list", "--all"), ("list", "--json"),
                                  ("list", "--json", "--all"), ("list", "--all", "--json")])
def test_lean_list_prints_what_the_full_path_prints(cli: Cli, full: Cli, tasks: Path,
                                                    args: tuple[str, ...]) -> None:
    out = assert_same(cli, full, *args)
    assert "每周五提醒我交周报" in out and "\x1b" not in out.replace("\\u001b", "")


@pytest.mark.parametrize("task_id", ["1", "2", "3", "4", "5"])
@pytest.mark.parametrize("as_json", [False, True])
def test_lean_show_prints_what_the_full_path_prints(cli: Cli, full: Cli, tasks: Path,
                                                    task_id: str, as_json: bool) -> None:
    args = ("show", task_id, "--json") if as_json else ("show", task_id)
    out = assert_same(cli, full, *args)
    if task_id == "5":
        assert ("选日期" in out or "\\u9009" in out) and "revision" in out


def test_lean_list_on_an_empty_database(cli: Cli, full: Cli, data_dir: Path) -> None:
    from models import close_database

    assert cli("list").code == 0
    close_database()
    assert assert_same(cli, full, "list").startswith("no open tasks")
    assert json.loads(assert_same(cli, full, "list", "--json", "--all")) == []


def test_lean_output_with_the_global_options(cli: Cli, full: Cli, tasks: Path,
                                             tmp_path: Path) -> None:
    for args in (("--db", str(tasks), "list"), (f"--db={tasks}", "show", "1", "--json"),
                 ("--data-dir", str(tasks.parent), "list", "--all")):
        assert_same(cli, full, *args)


@pytest.mark.parametrize("argv", [
    [], ["list", "--al"], ["list", "-h"], ["list", "extra"], ["show"], ["show", "1", "2"],
    ["show", "+1"], ["show", "0"], ["show", "٣"], ["show", str(2**63)], ["show", "1", "--js"],
    ["list", "--db", "x"], ["--db"], ["--db", "--all", "list"], ["--version"], ["add", "x"],
    ["next"], ["--self-test", "list"], ["list", "\udcff"], ["--", "list"],
])
def test_anything_else_is_left_to_the_full_parser(argv: list[str]) -> None:
    assert lean.read_request(argv) is None


def test_what_the_lean_path_reads() -> None:
    assert lean.read_request(["--db=a.db", "--data-dir", "d", "list", "--json", "--all",
                              "--json"]) == lean.Request("list", True, True, db="a.db",
                                                         data_dir="d")
    assert lean.read_request(["show", "--json", "007"]) == lean.Request("show", True,
                                                                        task_id=7)


def set_version(path: Path, version: int) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def test_a_newer_schema_is_refused_the_same_way_and_left_unchanged(cli: Cli, tasks: Path
                                                                   ) -> None:
    from models import SCHEMA_VERSION

    set_version(tasks, SCHEMA_VERSION + 1)
    before = tasks.read_bytes()
    assert lean_answer("list") is None
    for args in (("list",), ("list", "--json"), ("show", "1")):
        result = cli(*args)
        assert result.code == 3 and "newer than this Stepwise" in result.err
        assert result.out == ""
    assert tasks.read_bytes() == before


@pytest.mark.parametrize("content", [b"not a database at all" * 100,
                                     b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_file_that_is_not_a_database_is_refused_with_exit_3(cli: Cli, data_dir: Path,
                                                              content: bytes) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / "stepwise.db"
    path.write_bytes(content)
    for args in (("list",), ("show", "1", "--json")):
        result = cli(*args)
        assert result.code == 3 and "not a Stepwise database" in result.err, result.err
    assert path.read_bytes() == content


def test_another_programs_sqlite_file_is_refused_with_exit_3(cli: Cli, data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / "stepwise.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE task (id INTEGER PRIMARY KEY, title TEXT)")
    conn.close()
    result = cli("list")
    assert result.code == 3 and "another program's SQLite file" in result.err


def test_a_missing_database_is_created_as_before(cli: Cli, data_dir: Path) -> None:
    path = data_dir / "stepwise.db"
    assert lean_answer("list") is None and not path.exists()
    result = cli("list")
    assert result.code == 0 and result.out.startswith("no open tasks") and path.exists()


def test_a_missing_task_is_named_by_the_full_path(cli: Cli, tasks: Path) -> None:
    assert lean_answer("show", "99") is None
    result = cli("show", "99")
    assert result.code == 1 and "99" in result.err and result.out == ""


def test_a_file_that_needs_a_migration_takes_the_full_path(cli: Cli, full: Cli, tasks: Path
                                                           ) -> None:
    from models import SCHEMA_VERSION, close_database

    expected = full("list").out
    close_database()
    set_version(tasks, SCHEMA_VERSION - 1)
    assert lean_answer("list") is None
    assert cli("list").out == expected
    with sqlite3.connect(tasks) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_the_lean_path_never_writes_the_database(cli: Cli, tasks: Path) -> None:
    before = tasks.read_bytes()
    for args in (("list",), ("list", "--json", "--all"), ("show", "5"), ("show", "5", "--json")):
        assert lean_answer(*args)
    assert tasks.read_bytes() == before


@pytest.mark.parametrize(("column", "value"), [
    ("title", b"blob"), ("priority", "two"), ("due_at", "0999-01-01T00:00:00Z"),
    ("due_at", "2026-02-30T09:00:00Z"), ("tags", "[not json"), ("created_at", "yesterday"),
])
def test_a_row_the_store_reads_differently_takes_the_full_path(
        cli: Cli, tasks: Path, column: str, value: object) -> None:
    with sqlite3.connect(tasks) as conn:
        conn.execute(f'UPDATE task SET "{column}" = ? WHERE id = 1', (value,))
    conn.close()
    answers = [lean_answer("list", "--json"), lean_answer("show", "1", "--json")]
    if column != "created_at":
        answers.append(lean_answer("list"))
    assert answers == [None] * len(answers)


def test_a_step_edge_into_another_plan_takes_the_full_path(tasks: Path, cli: Cli) -> None:
    """A damaged file: the store would fail on it; the lean path must not print it."""
    from app.lean import reads as lean_reads

    with sqlite3.connect(tasks) as conn:
        conn.execute("INSERT INTO plan (task_id, revision, status, origin, title, objective, "
                     "source, spec, created_at) VALUES (1, 1, 'pending', 'user', '', '', "
                     "'user', '{}', '2026-12-01T00:00:00Z')")
        conn.execute("INSERT INTO step (plan_id, step_id, position, title, objective, inputs, "
                     "done_when, worker, status, attempts) SELECT id, 'x', 0, 'x', '', '{}', '', "
                     "'me', 'pending', 0 FROM plan WHERE task_id = 1")
        conn.execute("INSERT INTO step_dependency (step_id, depends_on_id) SELECT s.id, "
                     "(SELECT min(id) FROM step) FROM step s JOIN plan p ON s.plan_id = p.id "
                     "WHERE p.task_id = 1")
    conn.close()
    ro = lean_reads.connect(tasks)
    assert ro is not None
    with pytest.raises(lean_reads.Unusual):
        lean_reads.task_detail(ro, 1)
    ro.close()


def imports_of(data_dir: Path, *args: str) -> tuple[str, set[str]]:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "app", *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env=stepwise_env(data_dir))
    assert done.returncode == 0, done.stderr
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:")}
    return done.stdout, modules


@pytest.mark.timeout(120)
def test_the_lean_path_imports_no_peewee_dateparser_httpx2_or_pydantic(
        cli: Cli, full: Cli, tasks: Path) -> None:
    for args in (("list",), ("list", "--json", "--all"), ("show", "5"), ("show", "5", "--json")):
        out, modules = imports_of(tasks.parent, *args)
        heavy = {m for m in modules if m.split(".")[0] in HEAVY}
        assert heavy == set(), args
        assert "app.states" not in modules, args  # its dataclasses and inspect: ~7 ms
        assert "app.cli.main" not in modules, args  # every command's module: ~25 ms
        assert "app.lean.reads" in modules and out == full(*args).out
    _, modules = imports_of(tasks.parent, "list", "--al")  # the full path, for contrast
    assert "peewee" in modules


@pytest.mark.timeout(300)
@given(titles=st.lists(st.text(min_size=1, max_size=20).filter(str.strip), min_size=1,
                       max_size=4),
       tags=st.lists(st.text(max_size=6), max_size=3))
def test_any_titles_and_tags_are_shown_alike(titles: list[str], tags: list[str]) -> None:
    """Property: whatever text a task holds (controls, Chinese, surrogates aside), the
    lean list and show print the full path's bytes."""
    _same_for_titles(titles, tags)


def _same_for_titles(titles: list[str], tags: list[str]) -> None:
    import contextlib
    import io
    import tempfile

    from app.cli import start as cli
    from app.config import paths
    from app.tasks.store import NewTask, add_task
    from models import close_database, open_database

    titles = [t for t in titles if not any("\ud800" <= c <= "\udfff" for c in t)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.db"
        open_database(path)
        for title in titles:
            with contextlib.suppress(Exception):  # titles the store refuses are not shown
                add_task(NewTask(title=title, tags=tuple(tags), due_at=SOON))
        close_database()
        for command in (["list"], ["list", "--json"], ["show", "1"], ["show", "1", "--json"]):
            args = ["--db", str(path), *command]
            request = lean.read_request(args)
            assert request is not None
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                lean_out = lean.answer(request, path)
                original, lean.read_request = lean.read_request, lambda argv: None
                try:
                    cli.main(args)
                finally:
                    lean.read_request = original
                    close_database()
            if lean_out is not None or "list" in command:
                assert lean_out == out.getvalue(), args
    paths.configure()


@pytest.mark.parametrize(("column", "value"), [
    ("title", "two\nlines"), ("title", "bell\x07"), ("title", "plain"), ("status", "new\x1b"),
    ("tags", '["a\\nb"]'), ("tags", '["\\u009b", "ok"]'), ("problem", "\x1b[2J"),
    ("problem", ""), ("title", "back\\nslash"),
])
def test_a_control_character_in_any_listed_field_is_escaped_alike(
        cli: Cli, full: Cli, data_dir: Path, column: str, value: str) -> None:
    """Regression (fast path): the table is printed unescaped only when nothing in it
    needed escaping; a newline, an escape or a C1 control anywhere takes the slow path."""
    from app.tasks.store import NewTask, add_task
    from models import close_database

    assert cli("list").code == 0
    for title in ("first", "second"):
        add_task(NewTask(title=title, due_at=SOON))
    close_database()
    with sqlite3.connect(data_dir / "stepwise.db") as conn:
        conn.execute(f'UPDATE task SET "{column}" = ? WHERE id = 2', (value,))
    conn.close()
    for args in (("list",), ("list", "--all")):
        assert_same(cli, full, *args)


def test_a_reader_that_stops_early_ends_the_lean_list_quietly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: `stepwise list | head` — a closed pipe is exit 0 and no traceback, and
    later output goes nowhere (as app.cli.main.full does)."""
    import io
    import os

    class ClosedPipe(io.StringIO):
        def __init__(self, fd: int) -> None:
            super().__init__()
            self.fd = fd

        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return self.fd

    with (tmp_path / "out").open("w") as target:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(target.fileno()))
        assert lean._write("   ID  P  STATUS\n") == 0
        os.write(target.fileno(), b"after")  # now the null device
    assert (tmp_path / "out").read_bytes() == b""
