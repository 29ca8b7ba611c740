"""Ending a worker process: politely first, by force when it does not listen."""

from __future__ import annotations

import multiprocessing
import signal
import time
from multiprocessing.synchronize import Event
from pathlib import Path

from app import processes

SPAWN = multiprocessing.get_context("spawn")


def _sleep() -> None:
    time.sleep(60)


def _deaf(ready: Event) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ready.set()
    time.sleep(60)


def _start(target: object, *args: object) -> multiprocessing.process.BaseProcess:
    process = SPAWN.Process(target=target, args=args, daemon=True)
    process.start()
    return process


def test_terminated() -> None:
    process = _start(_sleep)
    processes.end(process, grace_s=5)
    assert not process.is_alive() and process.exitcode == -signal.SIGTERM


def test_deaf_killed() -> None:
    ready = SPAWN.Event()
    process = _start(_deaf, ready)
    assert ready.wait(30)  # its handler is in place, so SIGTERM is really ignored
    started = time.monotonic()
    processes.end(process, grace_s=0.5)
    assert not process.is_alive() and process.exitcode == -signal.SIGKILL
    assert time.monotonic() - started < 5


def test_ended_untouched() -> None:
    process = _start(time.time)
    process.join(10)
    processes.end(process, grace_s=1)
    assert process.exitcode == 0


def test_shared_file(db: Path) -> None:
    assert processes.shared_store() == (db, db.parent)


def test_memory_not_shared(data_dir: Path) -> None:
    from models import close_database, open_database

    open_database(":memory:")
    try:
        assert processes.shared_store() is None
    finally:
        close_database()
