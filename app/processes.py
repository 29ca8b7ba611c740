"""Worker processes' shared parts (the calendar's reader, F5's offline assistant, a big
import): ending one, lowering its priority, sending a refusal back through a pipe."""

from __future__ import annotations

import os
import pickle
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any


def end(process: BaseProcess, grace_s: float) -> None:
    """Terminate ``process``, then kill it if it does not go within ``grace_s``."""
    if process.is_alive():
        process.terminate()
        process.join(grace_s)
    if process.is_alive():
        process.kill()
        process.join(grace_s)


def be_nice(niceness: int) -> None:
    """Lower this process's priority by ``niceness``: the window's paints come first."""
    try:
        os.nice(niceness)
    except (AttributeError, OSError):  # Windows has no nice; a sandbox may refuse it
        pass


def known(exc: Exception) -> tuple[str, Any]:
    """A known refusal as a pipe can carry it: ("known", the error itself), or
    ("refused", its words) when it does not survive pickling (its class's __init__
    takes other arguments); the caller raises it again."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return "refused", str(exc)
    return "known", exc


def shared_store() -> tuple[Path, Path] | None:
    """The database file and data folder a worker process can open as this one does, or
    None when the database is one only this process can see (in memory, or opened
    read-only through a ``file:`` URI): the work then stays in this process."""
    from app.config import paths
    from models import database

    where = str(database.database)
    if where in ("", ":memory:") or where.startswith("file:"):
        return None
    return Path(where), paths.data_dir()
