"""Opening the store: refuse a file Stepwise must not touch, connect, migrate.

It sits above ``models.db`` (the connection, its pragmas and known errors) and
``models.migrations`` (which need the tables, which need the connection), so
nothing below imports it back.
"""

from __future__ import annotations

import atexit
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import peewee

from models import access, db, migrations
from models.db import (
    BUSY_TIMEOUT_S,
    StoreError,
    close_database,
    connect_waiting,
    database,
    store_errors,
)


def open_database(path: str | Path) -> peewee.SqliteDatabase:
    """Open (creating if needed) the database at ``path`` and migrate it.

    A file or folder this process cannot write opens read-only, and so does a file
    that fails its quick check: reads work, a write raises StoreError (``read_only``)
    saying why.

    Raises:
        StoreError: the file is not a database, is newer than this Stepwise, or its
            location cannot be written.
    """
    path = str(path)
    writable = path == ":memory:" or access.can_write(path)
    if writable and path != ":memory:":
        _make_folder(path)
    close_database()
    with store_errors(path):
        uri = None if writable else read_only_uri(path)
        if path != ":memory:":
            check_before_open(path, uri)
        _init(path, uri)
        access.hold(path)
        try:
            connect_waiting()
            if writable and path != ":memory:":
                _refuse_writes_if_damaged(path)
            migrations.migrate(database, path)
        except BaseException:
            close_database()
            raise
    return database


def _make_folder(path: str) -> None:
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "read_only",
            f"Stepwise cannot create the folder for its database at {path}: "
            f"{exc.strerror}. Choose another place with --db PATH.",
        ) from exc


def _init(path: str, uri: str | None) -> None:
    if uri is None:
        db.write_refusal["why"] = ""
        database.init(path, pragmas=db.PRAGMAS, timeout=BUSY_TIMEOUT_S)
        return
    db.write_refusal["why"] = db.KNOWN_MESSAGES["read_only"].format(where=f" at {path}")
    # no journal_mode: a read-only connection cannot switch it, and needs not
    pragmas = [*(p for p in db.PRAGMAS if p[0] != "journal_mode"), ("query_only", 1)]
    database.init(uri, pragmas=pragmas, timeout=BUSY_TIMEOUT_S, uri=True)


def read_only_uri(path: str) -> str:
    """The URI that reads ``path`` without writing a byte: ``mode=ro``, or ``immutable=1``
    when SQLite cannot set up a WAL file's shared memory (a read-only folder with no
    ``-shm``; nobody can be writing there, so ignoring locks is safe)."""
    base = Path(path).resolve().as_uri()
    try:
        with closing(sqlite3.connect(base + "?mode=ro", uri=True,
                                     timeout=BUSY_TIMEOUT_S)) as probe:
            probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as exc:
        if db.error_kind(exc) != "read_only":  # SQLITE_READONLY, SQLITE_CANTOPEN
            raise
        return base + "?immutable=1"
    return base + "?mode=ro"


def _refuse_writes_if_damaged(path: str) -> None:
    """Open a file that fails ``PRAGMA quick_check`` read-only, so the person can still
    list, export and restore a backup, but nothing writes more into the damage.

    The check reads the whole file (111 ms on 100,000 tasks), so it runs only when the
    file changed since the last check that passed: the stamp (size and modification
    time of the file and its WAL) is written after a check passes and again when this
    process closes the database (its own writes went through SQLite). A change made by
    anything else (a bad copy, a truncation, another program) changes the stamp.
    """
    if _read_stamp(path) == _stamp(path):
        _checked["path"] = path
        return
    (verdict,) = database.execute_sql("PRAGMA quick_check(1)").fetchone()
    if verdict == "ok":
        _checked["path"] = path
        _write_stamp(path)
        return
    db.write_refusal["why"] = (
        f"The database at {path} is damaged ({db.damage(verdict)}); Stepwise will not write to it. "
        "Export what you can (stepwise export FILE) and restore a backup: "
        "stepwise backup list, then stepwise backup restore NAME.")
    database.execute_sql("PRAGMA query_only = 1")


_checked: dict[str, str] = {}  # "path": the database whose check passed in this process


def _stamp_file(path: str) -> Path:
    return Path(f"{path}.checked")


def _stamp(path: str) -> str:
    parts = []
    for name in (path, f"{path}-wal"):
        try:
            info = os.stat(name)
        except OSError:
            info = None
        # an empty WAL is no WAL: connecting creates one, closing the last removes it
        parts.append(f"{info.st_size}:{info.st_mtime_ns}" if info and info.st_size else "-")
    return " ".join(parts)


def _read_stamp(path: str) -> str | None:
    try:
        return _stamp_file(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _write_stamp(path: str) -> None:
    try:
        _stamp_file(path).write_text(_stamp(path), encoding="utf-8")
    except OSError:
        pass  # no stamp: the next open checks again


def _on_close() -> None:
    path = _checked.pop("path", None)
    if path is not None:
        _write_stamp(path)
    access.release()


db.on_close.append(_on_close)
atexit.register(close_database)


def check_before_open(path: str, uri: str | None = None) -> None:
    """Refuse, without changing a byte, a file Stepwise must not open.

    Runs before the pragmas (which would switch the file to WAL): a newer schema, and
    another program's SQLite file (tables but no Stepwise schema version).
    """
    if not Path(path).exists() or Path(path).stat().st_size == 0:
        return
    uri = uri or Path(path).resolve().as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S)) as probe:
        version, tables = probe.execute(
            "SELECT (SELECT user_version FROM pragma_user_version),"
            " (SELECT count(*) FROM sqlite_master)").fetchone()
    known = migrations.SCHEMA_VERSION
    if version > known:
        raise StoreError(
            "newer_schema",
            f"The database at {path} has schema version {version}, newer than this "
            f"Stepwise understands ({known}). Upgrade Stepwise, or open another "
            "database with --db PATH. The file was not changed.",
        )
    if version == 0 and tables:
        raise StoreError(
            "not_a_database",
            f"The file at {path} is not a Stepwise database (it is another program's SQLite "
            "file). Open another file with --db PATH. The file was not changed.",
        )
