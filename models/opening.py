"""Opening the store: refuse a file Stepwise must not touch, connect, migrate.

It sits above ``models.db`` (the connection, its pragmas and known errors) and
``models.migrations`` (which need the tables, which need the connection), so
nothing below imports it back.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import peewee

from models import db, migrations
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

    Raises:
        StoreError: the file is not a database, is newer than this Stepwise, or its
            location cannot be written.
    """
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
    with store_errors(path):
        if path != ":memory:":
            check_before_open(path)
        database.init(path, pragmas=db.PRAGMAS, timeout=BUSY_TIMEOUT_S)
        try:
            connect_waiting()
            migrations.migrate(database, path)
        except BaseException:
            database.close()
            raise
    return database


def check_before_open(path: str) -> None:
    """Refuse, without changing a byte, a file Stepwise must not open.

    Runs before the pragmas (which would switch the file to WAL): a newer schema, and
    another program's SQLite file (tables but no Stepwise schema version).
    """
    if not Path(path).exists() or Path(path).stat().st_size == 0:
        return
    uri = Path(path).resolve().as_uri() + "?mode=ro"
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
