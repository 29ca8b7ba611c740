"""The one SQLite database of a Stepwise process: opening, pragmas and known errors.

The database is deferred (``database.init`` at open), so models import without a
file. Opening (``models.opening``, above the migrations) sets WAL,
``synchronous=NORMAL``, foreign keys and a busy timeout, then brings the schema up to date.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import peewee

BUSY_TIMEOUT_S = 15
PRAGMAS = (
    ("journal_mode", "wal"),
    ("synchronous", "normal"),
    ("foreign_keys", 1),
    ("busy_timeout", int(BUSY_TIMEOUT_S * 1000)),
    # 512 KiB of page cache a connection, not SQLite's 2 MiB: each worker thread holds
    # one; the OS caches the file anyway (issue 15: the window on 100,000 tasks < 150 MB)
    ("cache_size", -512),
)

database = peewee.SqliteDatabase(None, pragmas=PRAGMAS, timeout=BUSY_TIMEOUT_S)

# Why this process may not write the open database ("" when it may): set at open by
# models.opening (a read-only location, a damaged file); a refused write says it.
write_refusal: dict[str, str] = {"why": ""}
# Run when the connection closes (models.opening: record the check, drop the open lock).
on_close: list[Callable[[], None]] = []


def after_commit(callback: Callable[[], None]) -> None:
    """Run ``callback`` after the outermost transaction on this thread commits (peewee's
    own commit callbacks: dropped on rollback), or now when none is open."""
    if database.is_closed():
        callback()
    else:
        database.after_commit(callback)


_gathering = threading.local()  # per thread: key → (items, the commit callback that delivers)


def gather_until_commit(key: object, items: list[Any], deliver: Callable[[list[Any]], None]
                        ) -> None:
    """Add ``items`` to those gathered under ``key`` in this thread's outermost open
    transaction; ``deliver`` gets them all, once, after it commits (never if it rolls
    back). Outside a transaction ``deliver`` gets ``items`` at once.

    A batch is still open while its callback waits in peewee's commit callbacks: peewee
    runs and empties that list at the commit and empties it at a rollback, so a rolled
    back batch is never appended to again."""
    if database.is_closed() or database.transaction_depth() == 0:
        deliver(items)
        return
    pending: dict[object, tuple[list[Any], Callable[[], None]]] = _gathering.__dict__.setdefault(
        "pending", {})
    batch = pending.get(key)
    waiting = database._state.commit_callbacks  # type: ignore[attr-defined]  # peewee's own
    if batch is not None and batch[1] in waiting:
        batch[0].extend(items)
        return
    gathered = list(items)

    def flush() -> None:
        if pending.get(key, (None,))[0] is gathered:
            del pending[key]
        deliver(gathered)

    pending[key] = (gathered, flush)
    database.after_commit(flush)


class StoreError(Exception):
    """A known problem with the database file: the user's environment, not a bug.

    Attributes:
        kind: a short code (``not_a_database``, ``newer_schema``, ``read_only``,
            ``disk_full``, ``busy``, ``io``, ``in_use``, ``damaged``).
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind

    @classmethod
    def classify(cls, exc: BaseException, path: str | Path | None) -> StoreError | None:
        """Turn a SQLite error into a StoreError with a helpful message, or None if a bug.

        Follows the chain of causes: when the disk fills, SQLite rolls back by itself and
        the error that surfaces last is peewee's failed rollback, not the full disk.
        """
        seen: set[int] = set()
        link: BaseException | None = exc
        while link is not None and id(link) not in seen:
            seen.add(id(link))
            known = cls._classify_one(link, path)
            if known is not None:
                return known
            link = link.__cause__ or link.__context__
        return None

    @classmethod
    def _classify_one(cls, exc: BaseException, path: str | Path | None) -> StoreError | None:
        if isinstance(exc, StoreError):
            return exc
        code = _primary_code(exc)
        if code is None:
            return None  # peewee's own errors (a failed rollback …): the cause says why
        kind = KNOWN_CODES.get(code)
        if kind is None:
            return None  # a constraint, a misuse, SQL that does not parse: a bug
        if kind == "read_only" and write_refusal["why"]:
            return cls(kind, write_refusal["why"])
        where = f" at {path}" if path else ""
        return cls(kind, KNOWN_MESSAGES[kind].format(where=where, busy=BUSY_TIMEOUT_S))


def error_kind(exc: BaseException) -> str | None:
    """The ``KNOWN_CODES`` kind of a SQLite error (``not_a_database``, ``read_only`` …), or
    None when it is none of them or did not come from SQLite."""
    return KNOWN_CODES.get(_primary_code(exc) or 0)


def _primary_code(exc: BaseException) -> int | None:
    """SQLite's primary result code of an error (the low byte of the extended code), or
    None when the error did not come from SQLite. peewee wraps sqlite3's errors, raising
    its own while handling the original (``__context__``)."""
    for candidate in (exc, exc.__cause__, exc.__context__):
        if isinstance(candidate, sqlite3.Error):
            code = getattr(candidate, "sqlite_errorcode", None)
            if isinstance(code, int):
                return code & 0xFF
    return None


# The primary result codes that are the user's environment, not a bug
# (https://www.sqlite.org/rescode.html), and the kind of StoreError each becomes.
KNOWN_CODES: dict[int, str] = {
    5: "busy",             # SQLITE_BUSY
    6: "busy",             # SQLITE_LOCKED
    8: "read_only",        # SQLITE_READONLY
    10: "io",              # SQLITE_IOERR
    11: "not_a_database",  # SQLITE_CORRUPT
    13: "disk_full",       # SQLITE_FULL
    14: "read_only",       # SQLITE_CANTOPEN
    26: "not_a_database",  # SQLITE_NOTADB
}

KNOWN_MESSAGES: dict[str, str] = {
    "not_a_database": "The file{where} is not a Stepwise database (or it is damaged). "
                      "Open another file with --db PATH, or restore a backup.",
    "disk_full": "The disk is full{where}; nothing was changed. Free some space and try again.",
    "read_only": "Stepwise cannot write its database{where}: the location is read-only "
                 "or missing. Choose another place with --db PATH.",
    "busy": "The database{where} stayed busy for {busy} s (another program holds it). "
            "Try again.",
    "io": "The disk reported an I/O error{where}. Check the drive.",
}


def damage(verdict: object) -> str:
    """SQLite's integrity or quick check verdict on one line, for a message
    (``*** in database main ***\nPage 3: …`` → ``Page 3: …``)."""
    return " ".join(str(verdict).replace("*** in database main ***", "").split()) or "damaged"


def atomic() -> peewee._atomic:
    """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``).

    A plain BEGIN in WAL mode can fail with SQLITE_BUSY on its first write whatever
    the busy timeout; IMMEDIATE waits for the lock instead.
    """
    return database.atomic("IMMEDIATE")


@contextmanager
def store_errors(path: str | Path | None) -> Iterator[None]:
    """Re-raise SQLite errors that are the environment's fault as StoreError."""
    try:
        yield
    except (sqlite3.Error, peewee.PeeweeException) as exc:
        known = StoreError.classify(exc, path)
        if known is None:
            raise
        raise known from exc


def connect_waiting() -> None:
    """Connect, waiting out a lock: switching a new file to WAL can report 'locked'
    at once instead of waiting for the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    delay = 0.01
    while True:
        try:
            database.connect()
            return
        except peewee.OperationalError as exc:
            database.close()
            if error_kind(exc) != "busy" \
                    or time.monotonic() + delay > deadline:
                raise
        time.sleep(delay)  # noqa: ASYNC - opening the store happens before any loop runs
        delay = min(delay * 2, 0.5)


def close_database() -> None:
    """Close the connection if one is open (safe to call twice)."""
    if database.database is not None and not database.is_closed():
        database.close()
    for hook in on_close:
        hook()
