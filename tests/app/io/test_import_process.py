"""A big import in a process of its own (``app.io.import_process``): the summary and the
rows an import here would give, its progress and changes heard here, a cancel between
transactions keeping what was committed, a refusal and a dead child said."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import threading
from pathlib import Path

import pytest

from app.errors import BadFile
from app.events import Change, Kind, events
from app.io import import_process
from app.io.importers.command import import_path
from models import Task, close_database, open_database

LINES = 3000
BIG = 20_000


def _todo(path: Path, lines: int = LINES) -> Path:
    path.write_text("".join(f"(B) Call supplier {n} +work due:2027-01-{n % 28 + 1:02d}\n"
                            for n in range(lines)), encoding="utf-8")
    return path


def _titles(db: Path) -> list[str]:
    with sqlite3.connect(db) as con:
        return [row[0] for row in con.execute("SELECT title FROM task ORDER BY id")]


def test_same_import(db: Path, data_dir: Path, tmp_path: Path) -> None:
    todo = _todo(tmp_path / "todo.txt")
    copy = tmp_path / "copy.db"
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    changes: list[Change] = []
    unsubscribe = events.subscribe(changes.extend)
    progress: list[tuple[int, int]] = []
    heard_in: set[int] = set()

    def told(done: int, total: int) -> None:
        progress.append((done, total))
        heard_in.add(threading.get_ident())

    there = asyncio.run(import_process.import_in_process(
        "todotxt", todo, db, data_dir, told))
    unsubscribe()
    open_database(copy)
    here = import_path("todotxt", todo)
    close_database()
    assert (there.read, len(there.added), there.skipped, there.done) == \
        (here.read, len(here.added), here.skipped, here.done) == (LINES, LINES, [], LINES)
    assert _titles(db) == _titles(copy)
    assert progress[-1] == (LINES, LINES) and heard_in == {threading.get_ident()}
    added = [c.task_id for c in changes if c.kind == Kind.TASK_ADDED]
    assert 1 <= len(added) <= len(progress) and added[-1] == there.added[-1]
    assert added == sorted(added)  # the last of each transaction's, in order


def test_coalesced() -> None:
    sent = [("task_added", 1, ""), ("reminders_scheduled", 1, ""), ("task_added", 2, ""),
            ("task_changed", 7, "title"), ("task_added", 3, ""), ("reminders_scheduled", 3, "")]
    assert [(c.kind, c.task_id) for c in import_process.coalesced(sent)] == [
        ("task_changed", 7), ("task_added", 3), ("reminders_scheduled", 3)]


def test_cancel_keeps_committed(db: Path, data_dir: Path, tmp_path: Path) -> None:
    todo = _todo(tmp_path / "todo.txt", BIG)  # many transactions of ~0.4 s
    stop = threading.Event()

    def told(done: int, total: int) -> None:
        if done >= 1:
            stop.set()  # after the first transaction: the child stops before the next

    summary = asyncio.run(import_process.import_in_process(
        "todotxt", todo, db, data_dir, told, stop.is_set))
    assert summary.cancelled and 0 < summary.done < BIG
    assert Task.select().count() == len(summary.added) == summary.done


def test_bad_file_refused(db: Path, data_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "export.json"
    broken.write_text('[{"description": "half', encoding="utf-8")
    with pytest.raises(BadFile, match="export.json"):
        asyncio.run(import_process.import_in_process("taskwarrior", broken, db, data_dir))
    assert Task.select().count() == 0


def test_killed_child_said(db: Path, data_dir: Path, tmp_path: Path) -> None:
    todo = _todo(tmp_path / "todo.txt", BIG)

    def told(done: int, total: int) -> None:
        for pid in _children():
            os.kill(pid, signal.SIGKILL)

    with pytest.raises(import_process.ChildFailed, match="stopped unexpectedly"):
        asyncio.run(import_process.import_in_process("todotxt", todo, db, data_dir, told))
    assert Task.select().count() < BIG  # what it committed stays; the rest never came


def _children() -> list[int]:
    """This process's spawned children (the import's; not multiprocessing's resource
    tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat[1]) == os.getpid() and b"spawn_main" in command:
                found.append(int(entry.name))
    return found


def test_child_is_nicer(db: Path, data_dir: Path, tmp_path: Path) -> None:
    """The child's priority, sampled while it lives (a progress callback may come after
    it has exited on a busy machine: sampling only there saw nothing once, in CI)."""
    import threading

    todo = _todo(tmp_path / "todo.txt")
    seen: list[int] = []
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for pid in _children():
                try:
                    seen.append(os.getpriority(os.PRIO_PROCESS, pid))
                except OSError:
                    pass  # gone between the listing and the look
            done.wait(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        asyncio.run(import_process.import_in_process("todotxt", todo, db, data_dir))
    finally:
        done.set()
        sampler.join(5)
    # it starts at this process's priority and lowers its own before it imports
    assert seen and max(seen) >= os.getpriority(os.PRIO_PROCESS, 0) + import_process.NICENESS
