"""Where Stepwise keeps its files: the data dir, the database and each task's folder.

Order of precedence: the command line (``--data-dir``, ``--db``), then the
environment (``STEPWISE_DATA_DIR``, ``STEPWISE_DB``), then the platform's user data dir.
"""

from __future__ import annotations

import os
from pathlib import Path

_overrides: dict[str, Path] = {}


def configure(data_dir: str | None = None, db: str | None = None) -> None:
    """Set the command line's choices (None keeps the environment's or the default)."""
    _overrides.clear()
    if data_dir:
        _overrides["data_dir"] = Path(data_dir).expanduser()
    if db:
        _overrides["db"] = Path(db).expanduser()


def data_dir() -> Path:
    if "data_dir" in _overrides:
        return _overrides["data_dir"]
    if env := os.environ.get("STEPWISE_DATA_DIR"):
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("stepwise", appauthor=False))


def db_path() -> Path:
    if "db" in _overrides:
        return _overrides["db"]
    if env := os.environ.get("STEPWISE_DB"):
        return Path(env).expanduser()
    return data_dir() / "stepwise.db"
