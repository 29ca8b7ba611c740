"""``app.io.importers.store``: imports in short transactions, cancelled or refused half-way
keeping what was committed, and another process writing while a big file goes in."""

from __future__ import annotations

import io
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from app.errors import BadFile, Refused
from app.io.importers import bulk, store
from app.io.importers.command import progress_to
from app.io.importers.incoming import Batch, Incoming
from app.tasks.store import NewTask
from models import Task
from tests.conftest import ROOT, stepwise_env


def batch_of(count: int, uids: bool = True) -> Batch:
    return Batch([Incoming(NewTask(title=f"task {n}"), uid=f"uid-{n}" if uids else None)
                  for n in range(count)], read=count)


def test_ctrl_c_in_notices_counted(db: Path) -> None:
    """Ctrl+C while a commit's notices are delivered: the transaction is in the file, and
    the summary counts it (it said "imported 0" over 7,403 committed tasks)."""
    from app.events import Kind, events

    heard: list[int] = []

    def interrupted(changes: Any) -> None:
        for change in changes.of(Kind.TASK_ADDED):
            heard.append(change.task_id)
            if len(heard) == 10:
                raise KeyboardInterrupt

    unsubscribe = events.subscribe(interrupted)
    try:
        summary = store.import_batch(batch_of(50), "todotxt")
    finally:
        unsubscribe()
    assert summary.cancelled and len(heard) == 10
    assert len(summary.added) == summary.done == Task.select().count() == 50


def test_ctrl_c_before_commit(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C before the transaction's COMMIT ran: nothing of it stays, nothing counted."""
    real = bulk.Writer.flush

    def interrupted(self: bulk.Writer) -> None:
        real(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(bulk.Writer, "flush", interrupted)
    summary = store.import_batch(batch_of(50), "todotxt")
    assert summary.cancelled and summary.done == 0 == Task.select().count()


def test_cancel_keeps_committed(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "HOLD_S", 0.0)  # one task per transaction
    monkeypatch.setattr(store, "GAP_S", 0.0)
    told: list[int] = []
    summary = store.import_batch(batch_of(5), "todotxt", lambda done, _total: told.append(done),
                                 stop=lambda: len(told) == 2)
    assert summary.cancelled and summary.done == 2 and told == [1, 2]
    assert Task.select().count() == 2
    assert summary.lines("f")[-1] == ("imported 2 of 5 tasks before it was cancelled; "
                                      "importing the file again skips those")
    again = store.import_batch(batch_of(5), "todotxt")
    assert len(again.added) == 3 and len(again.skipped) == 2 and not again.cancelled
    assert Task.select().count() == 5


def test_cancel_without_ids(db: Path) -> None:
    summary = store.import_batch(batch_of(3, uids=False), "todotxt", stop=lambda: True)
    assert summary.cancelled and summary.done == 0
    assert "adds those twice" in summary.lines("f")[-1]


def test_refused_later_keeps_committed(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "HOLD_S", 0.0)
    monkeypatch.setattr(store, "GAP_S", 0.0)
    real_row = bulk.task_row
    calls: list[str] = []

    def task_row(new: NewTask) -> dict[str, Any]:
        calls.append(new.title)
        if len(calls) == 3:
            raise Refused("the store said no")
        return real_row(new)

    monkeypatch.setattr(bulk, "task_row", task_row)
    with pytest.raises(BadFile, match=r"task 3 .*the 2 tasks before it were imported"):
        store.import_batch(batch_of(4), "todotxt")
    assert Task.select().count() == 2


def test_progress_lines_every() -> None:
    out = io.StringIO()
    told = progress_to(out, every=2)
    for done in (1, 2, 3, 5, 6):
        told(done, 6)
    assert out.getvalue().splitlines() == ["importing: 2 of 6 tasks", "importing: 5 of 6 tasks",
                                           "importing: 6 of 6 tasks"]


def start_import(data_dir: Path, todo: Path, lines: int) -> subprocess.Popen[str]:
    todo.write_text("".join(f"(B) Call supplier {n} +work\n" for n in range(lines)),
                    encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "app", "import", "--from", "todotxt",
                             str(todo)], cwd=ROOT, text=True, env=stepwise_env(data_dir),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def task_count(path: Path) -> int:
    with sqlite3.connect(path, timeout=10) as con:
        try:
            return int(con.execute("SELECT count(*) FROM task").fetchone()[0])
        except sqlite3.OperationalError:  # the schema is not there yet
            return 0


def wait_for_tasks(process: subprocess.Popen[str], path: Path) -> None:
    ends = time.monotonic() + 60
    while not (path.exists() and task_count(path) > 0):
        assert process.poll() is None and time.monotonic() < ends, process.communicate()
        time.sleep(0.05)


def test_writer_waits_briefly(data_dir: Path, tmp_path: Path) -> None:
    path = data_dir / "stepwise.db"
    process = start_import(data_dir, tmp_path / "todo.txt", 40_000)  # runs for seconds
    waits = []
    try:
        wait_for_tasks(process, path)
        with sqlite3.connect(path, timeout=10, isolation_level=None) as con:
            while process.poll() is None and len(waits) < 8:
                started = time.monotonic()
                con.execute("BEGIN IMMEDIATE")  # the write lock another writer needs
                waits.append(time.monotonic() - started)
                con.execute("COMMIT")
                time.sleep(0.2)
    finally:
        out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert len(waits) >= 3, out  # the import was still running for each of them
    assert max(waits) < 3.0, waits


def test_ctrl_c_keeps_committed(data_dir: Path, tmp_path: Path) -> None:
    path = data_dir / "stepwise.db"
    process = start_import(data_dir, tmp_path / "todo.txt", 15_000)
    wait_for_tasks(process, path)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, (out, err)
    said = re.search(r"imported ([\d,]+) of 15,000 tasks before it was cancelled", out)
    assert said is not None, out
    assert int(said.group(1).replace(",", "")) == task_count(path) > 0
