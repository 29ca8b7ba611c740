"""The storage fault suite: restores beside a second process, damaged files and backups,
too-new backups, read-only places. Every command runs as a real ``stepwise`` process."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from models import SCHEMA_VERSION
from tests.conftest import ROOT, stepwise_env

STEPWISE = Path(sys.executable).parent / "stepwise"
# A second Stepwise: opens the store as every command does, says so, then either waits
# (idle, as a window in the background) or adds tasks, printing each one committed,
# until a file ``stop`` appears beside the database.
HOLDER = """
import sys
from pathlib import Path
from app.cli.args import open_store
from app.config import paths
paths.configure()
open_store()
print("open", flush=True)
if sys.argv[1] == "idle":
    sys.stdin.read()
else:
    from app.tasks.store import NewTask, add_task
    n = 0
    while not (paths.data_dir() / "stop").exists():
        add_task(NewTask(title=f"write {n}"))
        print(f"acked write {n}", flush=True)
        n += 1
"""


def run(data_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    command = [str(STEPWISE)] if STEPWISE.exists() else [sys.executable, "-m", "app"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120,
                          env=stepwise_env(data_dir, **env), cwd=ROOT)


@pytest.fixture
def backed_up(data_dir: Path) -> str:
    """A database with one task and a backup of it; returns the backup's name."""
    assert run(data_dir, "add", "in the backup").returncode == 0
    made = run(data_dir, "backup")
    assert made.returncode == 0, made.stderr
    return Path(made.stdout.split()[-1]).name


@pytest.fixture
def holder(data_dir: Path, request: pytest.FixtureRequest) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, request.param], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=stepwise_env(data_dir, PYTHONPATH=str(ROOT)), cwd=ROOT)
    assert process.stdout is not None and process.stdout.readline() == "open\n"
    yield process
    process.kill()
    process.communicate()  # closes the pipes


def titles(data_dir: Path) -> list[str]:
    with closing(sqlite3.connect(data_dir / "stepwise.db")) as conn:
        return [row[0] for row in conn.execute("SELECT title FROM task ORDER BY id")]


@pytest.mark.parametrize("holder", ["idle"], indirect=True)
def test_restore_refused_idle(data_dir: Path, backed_up: str,
                              holder: subprocess.Popen[str]) -> None:
    run(data_dir, "add", "after the backup")
    refused = run(data_dir, "backup", "restore", backed_up)
    assert refused.returncode == 3, refused.stderr
    assert "Another Stepwise" in refused.stderr and "close the Stepwise window" in refused.stderr
    assert titles(data_dir) == ["in the backup", "after the backup"]
    holder.communicate("")  # the other process closes
    restored = run(data_dir, "backup", "restore", backed_up)
    assert restored.returncode == 0, restored.stderr
    assert titles(data_dir) == ["in the backup"]
    assert run(data_dir, "add", "goes on").returncode == 0


@pytest.mark.parametrize("holder", ["write"], indirect=True)
def test_restore_refused_writer(data_dir: Path, backed_up: str,
                                holder: subprocess.Popen[str]) -> None:
    refusals = [run(data_dir, "backup", "restore", backed_up) for _ in range(3)]
    (data_dir / "stop").touch()
    out, err = holder.communicate(timeout=120)
    acked = [line.removeprefix("acked ") for line in out.splitlines()]
    assert holder.returncode == 0, err
    assert all(r.returncode == 3 and "Another Stepwise" in r.stderr for r in refusals)
    assert len(acked) > 3  # it wrote while the restores were refused
    assert titles(data_dir) == ["in the backup", *acked]


def _set_version(path: Path, version: int) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
        conn.commit()


def test_restore_newer_refused(data_dir: Path, backed_up: str) -> None:
    _set_version(data_dir / "backups" / backed_up, 999)
    run(data_dir, "add", "kept")
    refused = run(data_dir, "backup", "restore", backed_up)
    assert refused.returncode == 2
    assert ("made by a newer Stepwise (schema 999; this one reads up to "
            f"{SCHEMA_VERSION})") in refused.stderr
    assert titles(data_dir) == ["in the backup", "kept"]
    for command in (["add", "still works"], ["list"], ["next"], ["backup", "list"]):
        assert run(data_dir, *command).returncode == 0, command


def damage(path: Path) -> None:
    """Zero the first page of the task table's title index: quick_check fails, while the
    table itself (and so an export) still reads."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' "
                            "AND tbl_name = 'task' ORDER BY name LIMIT 1").fetchone()[0]
    with path.open("r+b") as raw:
        raw.seek((root - 1) * size)
        raw.write(b"\x00" * size)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"


def test_backup_damaged_kept(data_dir: Path, backed_up: str) -> None:
    good = (data_dir / "backups" / backed_up).read_bytes()
    damage(data_dir / "stepwise.db")
    result = run(data_dir, "backup")
    assert result.returncode == 3
    assert "is damaged" in result.stderr and backed_up in result.stderr
    assert (data_dir / "backups" / backed_up).read_bytes() == good
    assert sorted(p.name for p in (data_dir / "backups").iterdir()) == [backed_up]


def test_add_refused_damaged(data_dir: Path, backed_up: str, tmp_path: Path) -> None:
    damage(data_dir / "stepwise.db")
    refused = run(data_dir, "add", "into the damage")
    assert refused.returncode == 3
    assert "damaged" in refused.stderr and "stepwise backup list" in refused.stderr
    assert run(data_dir, "backup", "list").stdout.split() == [backed_up]
    exported = run(data_dir, "export", str(tmp_path / "out.json"))
    assert exported.returncode == 0, exported.stderr
    restored = run(data_dir, "backup", "restore", backed_up)
    assert restored.returncode == 0, restored.stderr
    assert run(data_dir, "add", "after the restore").returncode == 0
    assert titles(data_dir) == ["in the backup", "after the restore"]


def test_restore_damaged_backup(data_dir: Path, backed_up: str) -> None:
    damage(data_dir / "backups" / backed_up)
    refused = run(data_dir, "backup", "restore", backed_up)
    assert refused.returncode == 2 and "not a Stepwise database in good order" in refused.stderr
    assert titles(data_dir) == ["in the backup"]


READS = (["show", "1"], ["list", "--json"], ["next"], ["backup", "list"],
         ["calendar", "events"])


def test_read_only_reads(data_dir: Path, backed_up: str, tmp_path: Path) -> None:
    for command in READS:
        result = run(data_dir, *command, STEPWISE_READ_ONLY="1")
        assert result.returncode == 0, (command, result.stderr)
    exported = run(data_dir, "export", str(tmp_path / "out.json"), STEPWISE_READ_ONLY="1")
    assert exported.returncode == 0, exported.stderr
    for command in (["add", "no"], ["done", "1"], ["backup", "restore", backed_up]):
        refused = run(data_dir, *command, STEPWISE_READ_ONLY="1")
        assert refused.returncode == 3, (command, refused.stderr)
        assert "cannot write its database" in refused.stderr
    assert titles(data_dir) == ["in the backup"]


@pytest.fixture
def read_only_mount(data_dir: Path, backed_up: str) -> Iterator[Path]:
    """The data folder bind-mounted read-only over itself (root can still not write a
    read-only mount, unlike a chmod); skipped where mounting is not allowed."""
    folder = str(data_dir)
    bound = subprocess.run(["mount", "--bind", folder, folder], capture_output=True)
    if bound.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {bound.stderr.decode().strip()}")
    try:
        made = subprocess.run(["mount", "-o", "remount,ro,bind", folder, folder],
                              capture_output=True)
        if made.returncode != 0:
            pytest.skip(f"cannot remount read-only: {made.stderr.decode().strip()}")
        yield data_dir
    finally:
        subprocess.run(["umount", folder], check=True)


def test_read_only_mount(read_only_mount: Path, tmp_path: Path) -> None:
    assert not list(read_only_mount.glob("*-shm"))  # so mode=ro cannot open it: immutable
    for command in READS:
        result = run(read_only_mount, *command)
        assert result.returncode == 0, (command, result.stderr)
    assert "in the backup" in run(read_only_mount, "list", "--json").stdout
    exported = run(read_only_mount, "export", str(tmp_path / "out.json"))
    assert exported.returncode == 0, exported.stderr
    for command in (["add", "no"], ["done", "1"], ["backup"]):
        refused = run(read_only_mount, *command)
        assert refused.returncode == 3, (command, refused.stderr)
        assert "cannot write" in refused.stderr


def test_unreadable_db_restored(data_dir: Path, backed_up: str) -> None:
    (data_dir / "stepwise.db").write_bytes(b"not a database at all" * 300)
    listed = run(data_dir, "backup", "list")
    assert listed.returncode == 0 and listed.stdout.split() == [backed_up]
    refused = run(data_dir, "add", "no")
    assert refused.returncode == 3 and "restore a backup" in refused.stderr
    restored = run(data_dir, "backup", "restore", backed_up)
    assert restored.returncode == 0, restored.stderr
    assert titles(data_dir) == ["in the backup"]
    safety = restored.stdout.split()[-1]
    assert (data_dir / "backups" / safety).read_bytes() == b"not a database at all" * 300
