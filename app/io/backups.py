"""Automatic daily backups of the database, and restoring one.

A backup is a consistent copy made with SQLite's online backup API (safe while the
window and the CLI are writing), kept in ``<data dir>/backups/`` as
``stepwise-YYYY-MM-DD.db``; the newest ``KEEP`` are kept. A copy replaces nothing until
``PRAGMA integrity_check`` passes on it, so a damaged database never rotates a good
backup out.

Restoring checks the backup (schema version, integrity) before touching anything, then
refuses while any other Stepwise has the database open (``models.access``: the window,
``mcp``, ``agent``), since that process would write over the restored file from its
WAL. Alone, it keeps the current database as ``before-restore``, then copies the backup
into the live file with the backup API through the open connection (the WAL included)
and checkpoints; it never renames a file over a database.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from app.config import paths
from app.errors import BadFile, NotFound
from models import SCHEMA_VERSION, StoreError, access, close_database, database, open_database
from models.db import damage, error_kind

KEEP = 7
PREFIX = "stepwise-"
CLOSE_OTHERS = ("close the Stepwise window and any stepwise mcp or agent command using it, "
                "then restore again. Nothing was changed.")


def folder() -> Path:
    return paths.data_dir() / "backups"


def _copy(source: Path, target: Path, *, verify: bool = True) -> None:
    """Copy ``source`` to ``target`` whole, or leave ``target`` as it was.

    Raises:
        StoreError: ``verify`` and the copy fails its integrity check (``damaged``), or
            the backups folder cannot be written (``read_only``).
    """
    partial = target.with_suffix(".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)  # a copy left by a crash; also: can we write here?
    except OSError as exc:
        raise StoreError("read_only", f"Stepwise cannot write backups in {target.parent}: "
                                      f"{exc.strerror}. Nothing was changed.") from exc
    try:
        with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(partial)) as dst:
            src.backup(dst)
            verdict = dst.execute("PRAGMA integrity_check(1)").fetchone()[0] if verify else "ok"
    except sqlite3.DatabaseError as exc:
        partial.unlink(missing_ok=True)
        if error_kind(exc) != "not_a_database":  # SQLITE_CORRUPT, SQLITE_NOTADB
            raise  # the disk, a lock: classified as the environment's by the caller
        verdict = str(exc)
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise _damaged(source, verdict)
    partial.replace(target)  # a backup is whole or absent


def _damaged(source: Path, verdict: str) -> StoreError:
    good = ", ".join(p.name for p in listing()) or "none"
    return StoreError(
        "damaged",
        f"The database at {source} is damaged ({damage(verdict)}); no backup was made and the "
        f"backups there are kept ({good}). Restore one: stepwise backup restore NAME.")


def backup_now(label: str | None = None, now: datetime | None = None) -> Path:
    """Copy the database into the backups folder; returns the file.

    Raises:
        StoreError: the database is damaged (the existing backups are untouched).
    """
    now = now or datetime.now(UTC)
    name = f"{PREFIX}{label or now.astimezone().strftime('%Y-%m-%d')}.db"
    target = folder() / name
    _copy(paths.db_path(), target)
    _prune()
    return target


def daily(now: datetime | None = None) -> Path | None:
    """Make today's backup unless it exists (the window calls this at start, in a worker).

    Raises:
        StoreError: the database is damaged (the existing backups are untouched).
    """
    now = now or datetime.now(UTC)
    today = folder() / f"{PREFIX}{now.astimezone().strftime('%Y-%m-%d')}.db"
    if today.exists() or not paths.db_path().exists():
        return None
    return backup_now(now=now)


def listing() -> list[Path]:
    """Backups, newest first."""
    if not folder().exists():
        return []
    return sorted(folder().glob(f"{PREFIX}*.db"), key=lambda p: p.stat().st_mtime, reverse=True)


def _prune() -> None:
    """Keep the newest KEEP daily backups (their names sort by date); others stay."""
    dated = sorted((p for p in listing() if p.stem[len(PREFIX):][:4].isdigit()),
                   key=lambda p: p.name, reverse=True)
    for old in dated[KEEP:]:
        old.unlink(missing_ok=True)


def restore(name: str) -> Path:
    """Replace the open database's contents with a backup (by file name or path);
    returns the safety copy.

    Raises:
        NotFound: no such backup.
        BadFile: the backup is not a Stepwise database in good order, or is newer.
        StoreError: another Stepwise has the database open (``in_use``).
    """
    chosen = Path(name) if Path(name).is_absolute() else folder() / name
    if not chosen.is_file():
        known = ", ".join(p.name for p in listing()) or "none yet"
        raise NotFound(f"there is no backup {name!r}; backups: {known}")
    _check(chosen)
    live = paths.db_path()
    if _unreadable(live):
        return _restore_unreadable(chosen, live)
    open_database(live)
    with access.alone(str(live), CLOSE_OTHERS):
        _checkpoint_alone(live)
        safety = _safety_name()
        _copy(live, safety, verify=False)  # the database as it was, damaged or not
        _into_live(chosen)
    close_database()
    open_database(live)  # an older backup is migrated
    return safety


def _safety_name() -> Path:
    return folder() / f"{PREFIX}before-restore-{datetime.now(UTC):%Y%m%dT%H%M%SZ}.db"


def _unreadable(live: Path) -> bool:
    """Whether ``live`` is a file SQLite cannot read at all (not another program's
    database, which it reads and open_database refuses)."""
    if not live.is_file():
        return False
    try:
        with closing(sqlite3.connect(live.resolve().as_uri() + "?mode=ro", uri=True)) as probe:
            probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        return error_kind(exc) == "not_a_database"
    return False


def _restore_unreadable(chosen: Path, live: Path) -> Path:
    """Put a backup in place of a file SQLite cannot open. No connection can use such a
    file, and the open lock shows no other Stepwise holds it, so replacing the file is
    safe here; its bytes (and WAL) are kept as the safety copy first."""
    access.hold(str(live))
    try:
        with access.alone(str(live), CLOSE_OTHERS):
            safety = _safety_name()
            shutil.copyfile(live, safety)
            if Path(f"{live}-wal").exists():
                shutil.copyfile(f"{live}-wal", f"{safety}-wal")
            fresh = live.with_name(f"{live.name}.restoring")
            _copy(chosen, fresh)
            for side in ("-wal", "-shm"):
                Path(f"{live}{side}").unlink(missing_ok=True)
            fresh.replace(live)
    finally:
        access.release()
    open_database(live)
    return safety


def _checkpoint_alone(live: Path) -> None:
    """Empty the WAL into the file; a reader SQLite still sees (another program, or any
    process where there is no open lock) makes it refuse."""
    (busy, _, _) = database.execute_sql("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:
        raise StoreError("in_use", f"Another program is reading the database at {live}; "
                                   + CLOSE_OTHERS)


def _into_live(chosen: Path) -> None:
    """Copy ``chosen`` page by page into the open database, then empty the WAL."""
    database.execute_sql("PRAGMA query_only = 0")  # a damaged file opened read-only
    with closing(sqlite3.connect(chosen.resolve().as_uri() + "?mode=ro", uri=True)) as src:
        src.backup(database.connection())
    database.execute_sql("PRAGMA wal_checkpoint(TRUNCATE)")


def _check(path: Path) -> None:
    """Refuse a backup this Stepwise cannot restore, before anything is touched."""
    try:
        with closing(sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)) as probe:
            (version,) = probe.execute("PRAGMA user_version").fetchone()
            if version > SCHEMA_VERSION:
                raise BadFile(
                    f"{path.name} was made by a newer Stepwise (schema {version}; this one "
                    f"reads up to {SCHEMA_VERSION}). Upgrade Stepwise to restore it. "
                    "Nothing was changed.")
            ok = probe.execute("PRAGMA integrity_check(1)").fetchone()[0]
            tables = {r[0] for r in probe.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise BadFile(f"{path.name} is not a readable database ({exc})") from None
    if ok != "ok" or "task" not in tables or version == 0:
        why = damage(ok) if ok != "ok" else "it holds no Stepwise tables"
        raise BadFile(f"{path.name} is not a Stepwise database in good order ({why}). "
                      "Nothing was changed.")
