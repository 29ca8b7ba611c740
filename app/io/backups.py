"""Automatic daily backups of the database, and restoring one.

A backup is a consistent copy made with SQLite's online backup API (safe while the
window and the CLI are writing), kept in ``<data dir>/backups/`` as
``stepwise-YYYY-MM-DD.db``; the newest ``KEEP`` are kept. Restoring first backs up the
current database (``before-restore``), then copies the chosen backup over it in one step.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from app.config import paths
from app.errors import BadFile, NotFound
from models import close_database, open_database

KEEP = 7
PREFIX = "stepwise-"


def folder() -> Path:
    return paths.data_dir() / "backups"


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(partial)) as dst:
        src.backup(dst)
    partial.replace(target)  # a backup is whole or absent


def backup_now(label: str | None = None, now: datetime | None = None) -> Path:
    """Copy the database into the backups folder; returns the file."""
    now = now or datetime.now(UTC)
    name = f"{PREFIX}{label or now.astimezone().strftime('%Y-%m-%d')}.db"
    target = folder() / name
    _copy(paths.db_path(), target)
    _prune()
    return target


def daily(now: datetime | None = None) -> Path | None:
    """Make today's backup unless it exists (the window calls this at start, in a worker)."""
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
    """Replace the database with a backup (by file name or path); returns the safety copy.

    Raises:
        NotFound: no such backup.
        BadFile: the backup is not a readable Stepwise database.
    """
    chosen = Path(name) if Path(name).is_absolute() else folder() / name
    if not chosen.exists():
        known = ", ".join(p.name for p in listing()) or "none yet"
        raise NotFound(f"there is no backup {name!r}; backups: {known}")
    _check(chosen)
    close_database()
    safety = folder() / f"{PREFIX}before-restore-{datetime.now(UTC):%Y%m%dT%H%M%SZ}.db"
    if paths.db_path().exists():
        _copy(paths.db_path(), safety)
    _copy(chosen, paths.db_path())
    open_database(paths.db_path())
    return safety


def _check(path: Path) -> None:
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as probe:
            ok = probe.execute("PRAGMA quick_check").fetchone()[0]
            tables = {r[0] for r in probe.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise BadFile(f"{path.name} is not a readable database ({exc})") from None
    if ok != "ok" or "task" not in tables:
        raise BadFile(f"{path.name} is not a Stepwise database in good order ({ok})")
