"""The one SQLite database of a Stepwise process: opening, pragmas and known errors.

The database is deferred (``database.init`` at open), so models import without a
file. Opening sets WAL, ``synchronous=NORMAL``, foreign keys and a busy timeout, then
brings the schema up to date (``models.migrations``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import peewee

BUSY_TIMEOUT_S = 15
PRAGMAS = (
    ("journal_mode", "wal"),
    ("synchronous", "normal"),
    ("foreign_keys", 1),
    ("busy_timeout", int(BUSY_TIMEOUT_S * 1000)),
)

database = peewee.SqliteDatabase(None, pragmas=PRAGMAS, timeout=BUSY_TIMEOUT_S)


class StoreError(Exception):
    """A known problem with the database file: the user's environment, not a bug.

    Attributes:
        kind: a short code (``not_a_database``, ``newer_schema``, ``read_only``,
            ``disk_full``, ``busy``, ``io``).
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind

    @classmethod
    def classify(cls, exc: BaseException, path: str | Path | None) -> StoreError | None:
        """Turn a SQLite error into a StoreError with a helpful message, or None if a bug."""
        text = str(exc).lower()
        where = f" at {path}" if path else ""
        if "not a database" in text or "malformed" in text:
            return cls(
                "not_a_database",
                f"The file{where} is not a Stepwise database (or it is damaged). "
                "Open another file with --db PATH, or restore a backup.",
            )
        if "disk is full" in text or "no space" in text:
            return cls(
                "disk_full",
                f"The disk is full{where}; nothing was changed. Free some space and try again.",
            )
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return cls(
                "read_only",
                f"Stepwise cannot write its database{where}: the location is read-only "
                "or missing. Choose another place with --db PATH.",
            )
        if "locked" in text or "busy" in text:
            return cls(
                "busy",
                f"The database{where} stayed busy for {BUSY_TIMEOUT_S} s "
                "(another program holds it). Try again.",
            )
        if "disk i/o" in text:
            return cls("io", f"The disk reported an I/O error{where}. Check the drive.")
        return None


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


def open_database(path: str | Path) -> peewee.SqliteDatabase:
    """Open (creating if needed) the database at ``path`` and migrate it.

    Raises:
        StoreError: the file is not a database, is newer than this Stepwise, or its
            location cannot be written.
    """
    from models.migrations import migrate

    path = str(path)
    if path != ":memory:":
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                "read_only",
                f"Stepwise cannot create the folder for its database at {path}: "
                f"{exc.strerror}. Choose another place with --db PATH.",
            ) from exc
    close_database()
    database.init(path, pragmas=PRAGMAS, timeout=BUSY_TIMEOUT_S)
    with store_errors(path):
        try:
            database.connect()
            migrate(database, path)
        except BaseException:
            database.close()
            raise
    return database


def close_database() -> None:
    """Close the connection if one is open (safe to call twice)."""
    if database.database is not None and not database.is_closed():
        database.close()
