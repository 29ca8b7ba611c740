"""The store under a hostile environment: wrong files, newer schemas, read-only places,
a full disk, two writers at once, a kill -9 mid-import and malformed input files.

Each test checks the exit code, a one-line ``stepwise: ...`` message (no traceback) and
that whatever was saved before is still there, unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
Cli = Callable[..., Any]  # the conftest ``cli`` runner, returning Result(code, out, err)


# --- helpers -------------------------------------------------------------------------

def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _titles(path: Path) -> list[str]:
    """The task titles in id order, read with plain sqlite3 (not the app)."""
    with closing(sqlite3.connect(path)) as conn:
        return [row[0] for row in conn.execute("SELECT title FROM task ORDER BY id")]


def _user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _store_message(err: str, *needles: str) -> str:
    """Assert stderr is exactly one ``stepwise: ...`` line containing every needle."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got:\n{err}"
    line = lines[0]
    assert line.startswith("stepwise: "), line
    for needle in needles:
        assert needle.lower() in line.lower(), f"{needle!r} not in {line!r}"
    return line


def _close() -> None:
    from models import close_database

    close_database()


def _make_db(cli: Cli, path: Path, *titles: str) -> None:
    """A Stepwise database at ``path`` holding ``titles``, closed (WAL checkpointed)."""
    for title in titles:
        result = cli("--db", str(path), "add", title)
        assert result.code == 0, result.err
    _close()
    assert _titles(path) == list(titles)


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "STEPWISE_DATA_DIR": str(data_dir), "TZ": "Asia/Shanghai", **extra}
    env.pop("STEPWISE_DB", None)
    return env


@pytest.fixture(scope="session")
def export_template(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real export (from the app) of a database with one task, to copy rows from."""
    from app.io.transfer import export_data
    from app.tasks.store import NewTask, add_task
    from models import close_database, open_database

    open_database(tmp_path_factory.mktemp("template") / "template.db")
    try:
        add_task(NewTask(title="template"))
        return export_data()
    finally:
        close_database()


def _write_export(template: dict[str, Any], path: Path, titles: list[str],
                  detail: str = "") -> Path:
    """Write a Stepwise export holding one task per title (and nothing else)."""
    row = template["tables"]["task"][0]
    tables: dict[str, list[Any]] = {name: [] for name in template["tables"]}
    tables["task"] = [{**row, "id": number, "title": title, "detail": detail,
                       "uid": f"00000000-0000-4000-8000-{number:012d}"}  # UIDs are unique
                      for number, title in enumerate(titles, start=1)]
    path.write_text(json.dumps({**template, "tables": tables}), encoding="utf-8")
    return path


def _namespace_prefix(probe_dir: Path) -> list[str] | None:
    """``unshare`` arguments for a private mount namespace where tmpfs can be mounted,
    or None when this machine does not allow it (not root and no user namespaces)."""
    if shutil.which("unshare") is None:
        return None
    prefix = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    probe_dir.mkdir(parents=True, exist_ok=True)
    try:
        probe = subprocess.run(
            [*prefix, "sh", "-c", 'mount -t tmpfs -o size=64k tmpfs "$1"', "sh",
             str(probe_dir)], capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return prefix if probe.returncode == 0 else None


# --- 1. not a database -------------------------------------------------------------

NOT_DATABASES = {
    "short-text": b"hello, this is my shopping list\n",
    "long-text": b"".join(f"line {n}: milk, eggs, bread\n".encode() for n in range(400)),
    "png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06"
            b"\x00\x00\x00" + bytes(range(256)) * 32),
}


@pytest.mark.parametrize("command", [("list",), ("add", "new task")], ids=["list", "add"])
@pytest.mark.parametrize("kind", sorted(NOT_DATABASES))
def test_file_that_is_not_sqlite_is_refused_untouched(
        cli: Cli, tmp_path: Path, kind: str, command: tuple[str, ...]) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    path = folder / f"notes.{'png' if kind == 'png' else 'db'}"
    path.write_bytes(NOT_DATABASES[kind])

    result = cli("--db", str(path), *command)
    _close()

    assert result.code == 3, result
    _store_message(result.err, "not a Stepwise database", str(path), "--db")
    assert result.out == ""
    assert path.read_bytes() == NOT_DATABASES[kind]
    assert sorted(p.name for p in folder.iterdir()) == [path.name]  # no -wal, -shm, -journal


@pytest.mark.parametrize("table", ["notes", "task"], ids=["own-tables", "clashing-table"])
def test_sqlite_file_of_another_program_is_refused_untouched(
        cli: Cli, tmp_path: Path, table: str) -> None:
    """Another program's SQLite file (user_version 0, tables of its own) is not ours:
    Stepwise must refuse it (exit 3) rather than add its tables to it or crash."""
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute(f"INSERT INTO {table} (body) VALUES ('precious')")
        conn.commit()
    before = _sha(path)

    result = cli("--db", str(path), "list")
    _close()

    assert result.code == 3, result
    _store_message(result.err, "not a Stepwise database", str(path))
    assert _sha(path) == before
    with closing(sqlite3.connect(path)) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        assert names == [table]
        assert conn.execute(f"SELECT body FROM {table}").fetchall() == [("precious",)]


# --- 2. newer schema -----------------------------------------------------------------

@pytest.mark.parametrize("journal_mode", ["wal", "delete"])
def test_newer_schema_is_refused_and_file_not_changed(
        cli: Cli, tmp_path: Path, journal_mode: str) -> None:
    path = tmp_path / "future.db"
    _make_db(cli, path, "from the future")
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute(f"PRAGMA journal_mode = {journal_mode}").fetchone()[0] == journal_mode
        conn.execute("PRAGMA user_version = 99")
        conn.commit()
    before = _sha(path)

    out = tmp_path / "out.json"
    for command in (("list",), ("add", "should not be saved"), ("export", str(out))):
        result = cli("--db", str(path), *command)
        _close()
        assert result.code == 3, (command, result)
        _store_message(result.err, "newer", "upgrade", "99", str(path))
        assert _sha(path) == before, f"{command}: the file was changed"

    assert not out.exists()
    assert _user_version(path) == 99
    assert _titles(path) == ["from the future"]


# --- 3. migrations and backups -------------------------------------------------------

def test_new_database_gets_latest_schema_and_no_backup(cli: Cli, tmp_path: Path) -> None:
    from models import SCHEMA_VERSION

    path = tmp_path / "fresh" / "stepwise.db"
    result = cli("--db", str(path), "add", "first")
    _close()

    assert result.code == 0, result.err
    assert _user_version(path) == SCHEMA_VERSION
    assert _titles(path) == ["first"]
    assert [p.name for p in path.parent.iterdir() if ".bak" in p.name] == []


def test_backup_file_is_a_complete_readable_copy(cli: Cli, tmp_path: Path) -> None:
    from models import SCHEMA_VERSION
    from models.migrations import backup_file

    path = tmp_path / "stepwise.db"
    for title in ("one", "two"):
        assert cli("--db", str(path), "add", title).code == 0
    # The connection is still open, so the tasks may sit only in the WAL: the backup
    # must include them anyway.
    target = backup_file(str(path), SCHEMA_VERSION)
    _close()

    assert target.parent == path.parent
    assert re.fullmatch(rf"{re.escape(path.name)}\.v{SCHEMA_VERSION}-\d{{8}}T\d{{6}}Z\.bak",
                        target.name), target.name
    with closing(sqlite3.connect(target)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert int(conn.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION
    assert _titles(target) == ["one", "two"]
    assert _titles(path) == ["one", "two"]


def test_pending_migration_backs_up_first(
        cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from models import migrations

    path = tmp_path / "stepwise.db"
    _make_db(cli, path, "keep me")
    old = migrations.SCHEMA_VERSION

    def add_table(db: Any) -> None:
        db.execute_sql("CREATE TABLE robustness_extra (id INTEGER PRIMARY KEY)")

    monkeypatch.setattr(migrations, "MIGRATIONS", (
        *migrations.MIGRATIONS, migrations.Migration(old + 1, "an extra table", add_table)))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", old + 1)
    monkeypatch.setattr("app.lean.sql.SCHEMA_VERSION", old + 1)  # as regenerated for it

    result = cli("--db", str(path), "list")
    _close()

    assert result.code == 0, result.err
    assert "keep me" in result.out
    backups = sorted(path.parent.glob(f"{path.name}.v{old}-*.bak"))
    assert len(backups) == 1, sorted(p.name for p in path.parent.iterdir())
    assert _user_version(backups[0]) == old
    assert _titles(backups[0]) == ["keep me"]
    assert _user_version(path) == old + 1
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT count(*) FROM sqlite_master "
                            "WHERE name = 'robustness_extra'").fetchone()[0] == 1
    with closing(sqlite3.connect(backups[0])) as conn:
        assert conn.execute("SELECT count(*) FROM sqlite_master "
                            "WHERE name = 'robustness_extra'").fetchone()[0] == 0


# --- 4. read-only location -----------------------------------------------------------

@pytest.mark.parametrize("where", ["missing-folder", "existing-folder"])
def test_read_only_location_is_reported(cli: Cli, tmp_path: Path, where: str) -> None:
    if os.geteuid() == 0:
        # Root ignores permission bits; sysfs refuses new files even to root.
        locked = Path("/sys")
    else:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
    path = (locked / f"stepwise-test-{os.getpid()}" / "x.db" if where == "missing-folder"
            else locked / f"stepwise-test-{os.getpid()}.db")
    try:
        for command in (("list",), ("add", "a task")):
            result = cli("--db", str(path), *command)
            _close()
            assert result.code == 3, (command, result)
            line = _store_message(result.err, str(path), "another place with --db PATH")
            assert "read-only" in line or "cannot create the folder" in line, line
            assert not path.exists()
            assert not path.parent.exists() or path.parent == locked
    finally:
        if locked != Path("/sys"):
            locked.chmod(0o755)


# --- 5. full disk --------------------------------------------------------------------

def _import_on_full_database_in_process(cli: Cli, tmp_path: Path, big: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A "full disk" inside SQLite: a page limit far below what the import needs."""
    import models.db

    path = tmp_path / "capped.db"
    _make_db(cli, path, "t1")
    with closing(sqlite3.connect(path)) as conn:
        pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
    pragmas = models.db.PRAGMAS
    monkeypatch.setattr(models.db, "PRAGMAS", (*pragmas, ("max_page_count", pages + 8)))
    result = cli("--db", str(path), "import", str(big), "--replace")
    _close()
    monkeypatch.setattr(models.db, "PRAGMAS", pragmas)

    assert result.code == 3, result
    _store_message(result.err, "disk is full", "nothing was changed")
    listed = cli("--db", str(path), "list")
    _close()
    assert listed.code == 0, listed.err
    assert "t1" in listed.out and "bulk" not in listed.out
    assert _titles(path) == ["t1"]


def test_import_when_database_hits_its_size_limit(
        cli: Cli, tmp_path: Path, export_template: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    big = _write_export(export_template, tmp_path / "big.json",
                        [f"bulk {n}" for n in range(3000)], detail="z" * 300)
    _import_on_full_database_in_process(cli, tmp_path, big, monkeypatch)


FULL_DISK_SCRIPT = r"""
mount -t tmpfs -o size=512k tmpfs "$FULL" || exit 90
run() { name=$1; shift; "$PY" -m app "$@" >"$OUT/$name.out" 2>"$OUT/$name.err";
        echo $? >"$OUT/$name.rc"; }
run add --db "$FULL/x.db" add t1
run import --db "$FULL/x.db" import "$BIG" --replace
run list --db "$FULL/x.db" list
run export --db "$SRC" export "$FULL/out.json"
"$PY" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(c.execute("PRAGMA integrity_check").fetchone()[0])
print(c.execute("SELECT count(*) FROM task").fetchone()[0])
c.close()' "$FULL/x.db" >"$OUT/check.out" 2>&1
ls -A "$FULL" >"$OUT/ls.out"
"""


def test_full_disk_import_and_export(
        cli: Cli, tmp_path: Path, data_dir: Path, export_template: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    big = _write_export(export_template, tmp_path / "big.json",
                        [f"bulk {n}" for n in range(3000)], detail="z" * 300)
    assert big.stat().st_size > 1_000_000  # far more than the 512 KiB disk
    full = tmp_path / "full"
    prefix = _namespace_prefix(full)
    if prefix is None:  # no mount namespaces here: only SQLite's own limit can be used
        _import_on_full_database_in_process(cli, tmp_path, big, monkeypatch)
        return

    src = tmp_path / "src.db"  # a database whose export does not fit on the small disk
    imported = cli("--db", str(src), "import", str(big))
    _close()
    assert imported.code == 0, imported.err
    out = tmp_path / "out"
    out.mkdir()
    env = _env(data_dir, PY=sys.executable, FULL=str(full), OUT=str(out), BIG=str(big),
               SRC=str(src))
    done = subprocess.run([*prefix, "sh", "-c", FULL_DISK_SCRIPT], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)
    assert done.returncode == 0, done

    def step(name: str) -> tuple[int, str, str]:
        return (int((out / f"{name}.rc").read_text()), (out / f"{name}.out").read_text(),
                (out / f"{name}.err").read_text())

    assert step("add")[0] == 0, step("add")
    code, _, err = step("import")
    assert code == 3, (code, err)
    _store_message(err, "disk is full", "nothing was changed")
    code, listing, err = step("list")
    assert code == 0, err
    assert "t1" in listing and "bulk" not in listing
    assert (out / "check.out").read_text().split() == ["ok", "1"]

    code, _, err = step("export")
    assert code == 3, (code, err)  # the environment: WriteFailed, like the store's errors
    _store_message(err, "could not write", str(full / "out.json"), "no space left",
                   "nothing was changed")
    left = (out / "ls.out").read_text().split()
    assert not [name for name in left if "out.json" in name], left  # no partial or temp file
    assert _titles(src)[:2] == ["bulk 0", "bulk 1"]  # the source was not harmed


# --- 6. two writers at once ----------------------------------------------------------

WRITER = r"""
import sys
import app.dates.when, app.tasks.store, app.plan.views, models  # imported before the start signal
from app.cli.start import main

path, who = sys.argv[1], sys.argv[2]
print("ready", flush=True)
sys.stdin.readline()
codes = [main(["--db", path, "add", f"p{who}-{n}"]) for n in range(40)]
sys.exit(next((code for code in codes if code), 0))
"""


def _start_writers(script: Path, text: str, args: list[str],
                   data_dir: Path) -> list[subprocess.Popen[str]]:
    """Two processes running ``text``; returns once both have printed "ready"."""
    script.write_text(text, encoding="utf-8")
    procs = [subprocess.Popen([sys.executable, str(script), *args, str(who)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=_env(data_dir), cwd=ROOT)
             for who in (1, 2)]
    for proc in procs:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if line != "ready\n":
            for other in procs:
                other.kill()
                other.communicate()
            pytest.fail(f"a writer did not start: {line!r}")
    return procs


def _say(procs: list[subprocess.Popen[str]], line: str) -> None:
    for proc in procs:  # the same line to both, back to back
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()


def _finish(procs: list[subprocess.Popen[str]]) -> list[tuple[str, str]]:
    try:
        return [proc.communicate(timeout=120) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


def test_two_processes_adding_at_once(cli: Cli, tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "shared.db"
    _make_db(cli, path, "already here")
    procs = _start_writers(tmp_path / "writer.py", WRITER, [str(path)], data_dir)
    _say(procs, "go")
    results = _finish(procs)

    for proc, (stdout, stderr) in zip(procs, results, strict=True):
        assert proc.returncode == 0, stderr
        assert "locked" not in stderr.lower() and "busy" not in stderr.lower(), stderr
        assert "Traceback" not in stderr, stderr
        assert len(stdout.split()) == 40  # one id per task added
    titles = _titles(path)
    assert titles[0] == "already here"
    assert sorted(titles[1:]) == sorted(f"p{who}-{n}" for who in (1, 2) for n in range(40))
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.parametrize("start", ["new-file", "existing-database"])
def test_command_waits_while_another_process_writes(
        cli: Cli, tmp_path: Path, data_dir: Path, start: str) -> None:
    """Another process holds the write lock, as a second Stepwise does while it creates the
    database (first run: the tray and a terminal command together) or imports: a command
    must wait for it (up to the 15 s busy timeout), not give up at once."""
    path = tmp_path / "shared.db"
    before: list[str] = []
    if start == "existing-database":
        _make_db(cli, path, "already here")
        before = ["already here"]
    holder = sqlite3.connect(path, isolation_level=None)
    proc: subprocess.Popen[str] | None = None
    try:
        holder.execute("BEGIN IMMEDIATE")  # the write lock, in the file's current mode
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "--db", str(path), "add", "waited"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(data_dir),
            cwd=ROOT)
        try:
            proc.wait(timeout=1.0)  # it should still be waiting for the lock after 1 s
        except subprocess.TimeoutExpired:
            pass
        ended_early = proc.returncode
        holder.execute("ROLLBACK")
    except BaseException:
        if proc is not None:
            proc.kill()
            proc.communicate()
        raise
    finally:
        holder.close()
    stdout, stderr = proc.communicate(timeout=60)

    assert ended_early is None, (
        f"gave up within 1 s while the lock was held (exit {ended_early}): {stderr}")
    assert proc.returncode == 0, stderr
    assert stdout.strip().isdigit()
    assert stderr == ""
    assert _titles(path) == [*before, "waited"]


# --- 7. kill -9 mid-import -----------------------------------------------------------

def test_kill_during_import_leaves_all_or_nothing(
        cli: Cli, tmp_path: Path, data_dir: Path, export_template: dict[str, Any],
        run_process: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    count = 60_000
    path = tmp_path / "victim.db"
    _make_db(cli, path, "t1")
    big = _write_export(export_template, tmp_path / "huge.json",
                        [f"bulk {n}" for n in range(count)], detail="d" * 200)
    wal = Path(f"{path}-wal")
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--db", str(path), "import", str(big), "--replace"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(data_dir),
        cwd=ROOT)
    wal_size = 0
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                wal_size = wal.stat().st_size
            except FileNotFoundError:
                wal_size = 0
            if wal_size > 1_000_000:  # the transaction is well under way
                break
            try:
                proc.wait(timeout=0.002)
            except subprocess.TimeoutExpired:
                pass
        proc.send_signal(signal.SIGKILL)
    finally:
        if proc.poll() is None:
            proc.kill()
        stdout, stderr = proc.communicate(timeout=30)

    assert proc.returncode == -signal.SIGKILL, (
        f"the import ended ({proc.returncode}) before it could be killed "
        f"(WAL {wal_size} bytes): {stdout} {stderr}")
    assert wal_size > 1_000_000
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        total = conn.execute("SELECT count(*) FROM task").fetchone()[0]
    titles = _titles(path)
    assert titles == ["t1"] or (total == count and titles[0] == "bulk 0"), total

    listed = run_process("--db", str(path), "list")
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == ""
    assert ("t1" in listed.stdout) == (titles == ["t1"])


# --- 8. malformed, empty and very large input files ----------------------------------

def _bad_import_files(template: dict[str, Any]) -> dict[str, tuple[bytes | None, str]]:
    row = template["tables"]["task"][0]

    def export(**changes: Any) -> bytes:
        return json.dumps({**template, **changes}).encode()

    dangling = {"id": 1, "task_id": 999, "step_id": None, "at": "2025-01-01T00:00:00Z",
                "actor": "user", "kind": "note", "message": "points nowhere"}
    return {
        "missing": (None, "does not exist"),
        "empty": (b"", "is empty"),
        "whitespace": (b"  \n\t\n ", "is empty"),
        "truncated": (b'{"a":', "is not valid JSON"),
        "not-utf8": (b'\xff\xfe{"a": 1}', "is not UTF-8"),
        "too-deep": (b"[" * 100_000, "nests deeper than"),
        "array": (b"[1, 2, 3]", "is not a Stepwise database export"),
        "wrong-format": (json.dumps({**template, "format": "todo.txt"}).encode(),
                         "is not a Stepwise database export"),
        "format-version": (export(version=2), "export format 2"),
        "newer-schema": (export(schema_version=99), "newer than this Stepwise"),
        "unknown-table": (export(tables={"nope": []}), "unknown tables: nope"),
        "wrong-type": (export(tables={"task": [{**row, "priority": "high"}]}),
                       "'priority' has the wrong type"),
        "duplicate-id": (export(tables={"task": [row, row]}), "does not fit the schema"),
        "dangling-row": (export(tables={"task": [row], "work_log": [dangling]}),
                         "rows point at rows that are not there"),
        "big-string": (b'"' + b"a" * (40 * 2**20) + b'"', "is not a Stepwise database export"),
    }


ROW_CASES = {"wrong-type", "duplicate-id", "dangling-row"}
IMPORT_CASES = ["missing", "empty", "whitespace", "truncated", "not-utf8", "too-deep", "array",
                "wrong-format", "format-version", "newer-schema", "unknown-table", "wrong-type",
                "duplicate-id", "dangling-row", "big-string", "folder", "over-limit"]


@pytest.mark.parametrize("case", IMPORT_CASES)
@pytest.mark.parametrize("replace", [False, True], ids=["plain", "replace"])
def test_import_rejects_bad_files_and_keeps_tasks(
        cli: Cli, tmp_path: Path, export_template: dict[str, Any], case: str,
        replace: bool) -> None:
    path = tmp_path / "stepwise.db"
    _make_db(cli, path, "keep 1", "keep 2")
    before = _sha(path)
    file = tmp_path / f"{case}.json"
    if case == "folder":
        file.mkdir()
        needle = "is a folder"
    elif case == "over-limit":
        with file.open("wb") as handle:  # sparse: 300 MiB on paper, nothing on disk
            handle.truncate(300 * 2**20)
        needle = "300 MiB; the limit is 256 MiB"
    else:
        content, needle = _bad_import_files(export_template)[case]
        if content is not None:
            file.write_bytes(content)

    result = cli("--db", str(path), "import", str(file), *(["--replace"] if replace else []))
    _close()

    if case in ROW_CASES and not replace:
        # The rows are only read inside the transaction, after the refusal to overwrite.
        assert result.code == 1, result
        _store_message(result.err, "already has tasks", "--replace")
    else:
        assert result.code == 2, result
        _store_message(result.err, needle)
    assert result.out == ""
    assert _titles(path) == ["keep 1", "keep 2"]
    assert _sha(path) == before


PLAN_CASES = {
    "missing": (None, 2, "does not exist"),
    "empty": (b"", 2, "is empty"),
    "whitespace": (b"\n   \n", 2, "is empty"),
    "truncated": (b'{"a":', 2, "is not valid JSON"),
    "not-utf8": (b"\xff\xfe[]", 2, "is not UTF-8"),
    "too-deep": (b"[" * 100_000, 2, "nests too deeply"),
    "too-large": (b'"' + b"a" * (40 * 2**20) + b'"', 2, "40 MiB; the limit is 32 MiB"),
    # Valid JSON that is not a plan is an invalid plan: exit 1, one ``error:`` per problem.
    "array": (b"[1, 2, 3]", 1, "a plan must be a JSON object"),
    "wrong-format": (b'{"format": "stepwise-export", "tables": {}}', 1, "schema_version"),
}


@pytest.mark.parametrize("case", sorted(PLAN_CASES))
def test_plan_validate_rejects_bad_files(cli: Cli, tmp_path: Path, case: str) -> None:
    content, code, needle = PLAN_CASES[case]
    file = tmp_path / f"{case}.json"
    if content is not None:
        file.write_bytes(content)

    result = cli("plan", "validate", str(file))
    _close()

    assert result.code == code, result
    assert result.out == ""
    if code == 2:
        _store_message(result.err, str(file), needle)
    else:
        lines = result.err.strip().splitlines()
        assert lines and all(line.startswith("error: ") for line in lines), result.err
        assert needle in result.err
        assert "Traceback" not in result.err


# --- 9. import refuses to overwrite unless --replace ---------------------------------

def test_import_needs_replace_to_overwrite(
        cli: Cli, tmp_path: Path, export_template: dict[str, Any]) -> None:
    path = tmp_path / "stepwise.db"
    _make_db(cli, path, "mine 1", "mine 2")
    before = _sha(path)
    file = _write_export(export_template, tmp_path / "theirs.json",
                         ["theirs 1", "theirs 2", "theirs 3"])

    refused = cli("--db", str(path), "import", str(file))
    _close()
    assert refused.code == 1, refused
    _store_message(refused.err, "already has tasks", "--replace")
    assert refused.out == ""
    assert _titles(path) == ["mine 1", "mine 2"]
    assert _sha(path) == before

    replaced = cli("--db", str(path), "import", str(file), "--replace")
    _close()
    assert replaced.code == 0, replaced.err
    assert replaced.out.strip() == f"imported 3 tasks from {file}"
    assert _titles(path) == ["theirs 1", "theirs 2", "theirs 3"]
    with closing(sqlite3.connect(path)) as conn:  # the old tasks' history went with them
        assert conn.execute("SELECT count(*) FROM work_log").fetchone()[0] == 0

    empty = tmp_path / "empty.db"
    into_empty = cli("--db", str(empty), "import", str(file))
    _close()
    assert into_empty.code == 0, into_empty.err
    assert _titles(empty) == ["theirs 1", "theirs 2", "theirs 3"]


@pytest.fixture(autouse=True)
def _closed_after() -> Iterator[None]:
    """No test leaves the process-wide database open on a file of another test."""
    yield
    _close()
