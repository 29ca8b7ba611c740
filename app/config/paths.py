"""Where Stepwise keeps its files: the data dir, the database and each task's folder.

Order of precedence: the command line (``--data-dir``, ``--db``), then the
environment (``STEPWISE_DATA_DIR``, ``STEPWISE_DB``), then the platform's user data dir.
"""

from __future__ import annotations

import os
import sys
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
    if sys.platform.startswith("linux"):  # the XDG rule, as platformdirs has it, without
        base = os.environ.get("XDG_DATA_HOME", "").strip()  # its ~6 ms of imports before
        return Path(base or os.path.expanduser("~/.local/share")) / "stepwise"  # the paint
    from platformdirs import user_data_dir

    return Path(user_data_dir("stepwise", appauthor=False))


def db_path() -> Path:
    if "db" in _overrides:
        return _overrides["db"]
    if env := os.environ.get("STEPWISE_DB"):
        return Path(env).expanduser()
    return data_dir() / "stepwise.db"
