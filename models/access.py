"""Who has the database open, and whether this process may write it.

Every process that opens the store (the window, each command) holds a shared ``flock``
on ``<database>.lock`` for as long as its connection is open, idle or not; a restore
takes it exclusively, so it sees a second process that SQLite alone would not (an idle
WAL connection holds no lock a query can observe). The lock file never holds data.
Platforms without ``fcntl`` (Windows) skip the lock: a restore there relies on SQLite's
own checkpoint refusing while another connection reads.

Whether to write is decided at open: a file or folder this process cannot write, or
``STEPWISE_READ_ONLY=1``, opens the database read-only; a file that fails its quick check
opens read-only too, with the message saying how to get out (restore a backup).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from models.db import BUSY_TIMEOUT_S, StoreError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

_held: dict[str, int] = {}  # "fd": the open lock file of this process's database


def lock_file(db_path: str | Path) -> Path:
    return Path(f"{db_path}.lock")


def hold(db_path: str) -> None:
    """Hold the shared lock beside ``db_path`` (waiting out a restore under way).

    A folder where the lock file cannot be made is read-only: nobody restores there.

    Raises:
        StoreError: a restore kept the lock for longer than the busy timeout.
    """
    release()
    if fcntl is None or db_path == ":memory:":
        return
    try:
        fd = os.open(lock_file(db_path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while not _try(fd, fcntl.LOCK_SH):
        if time.monotonic() > deadline:
            os.close(fd)
            raise StoreError("busy", f"A restore of the database at {db_path} is under way "
                                     "and took too long. Try again.")
        time.sleep(0.05)  # noqa: ASYNC - opening the store happens before any loop runs
    _held["fd"] = fd


def release() -> None:
    """Let go of the lock (the connection closed)."""
    fd = _held.pop("fd", None)
    if fd is not None:
        os.close(fd)  # closing drops the flock


@contextmanager
def alone(db_path: str, what_to_close: str) -> Iterator[None]:
    """Hold the lock exclusively for the block: no other Stepwise has the database open.

    Raises:
        StoreError: another process holds it (the message says ``what_to_close``).
    """
    fd = _held.get("fd")
    if fcntl is None or fd is None:
        yield
        return
    # flock converts a lock by dropping it first: on refusal take the shared one back
    if not _try(fd, fcntl.LOCK_EX):
        fcntl.flock(fd, fcntl.LOCK_SH)
        raise StoreError("in_use", f"Another Stepwise has the database at {db_path} open; "
                                   f"{what_to_close}")
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_SH)


def _try(fd: int, kind: int) -> bool:
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def can_write(db_path: str) -> bool:
    """Whether this process may write the file (and its folder, for the WAL and journal)."""
    if os.environ.get("STEPWISE_READ_ONLY") == "1":
        return False
    path = Path(db_path)
    if not path.exists():
        return True  # to be created: making it says whether the place can be written
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
