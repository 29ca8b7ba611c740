"""A deleted task's result folder, set aside so no other task ever sees it.

SQLite hands a freed id out again, so ``<data dir>/tasks/<id>/`` of a deleted task would
become the next task's. After a delete commits, the folder moves to
``<data dir>/tasks-deleted/<uid>/``; a restore brings it back to whatever id the task
gets; a folder found under a brand-new task's id (left by a crash) is set aside too. A
move that fails leaves the files where they are (the task stands either way).
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from app.config import paths

DELETED = "tasks-deleted"  # beside "tasks": the folders of deleted tasks, by task UID


def set_aside(task_id: int, name: str) -> Path | None:
    """Move the task's folder to ``tasks-deleted/<name>`` (another name when that one is
    taken); where it went, or None when there was none or it could not move (a link is
    left alone)."""
    folder = paths.task_dir(task_id)
    if _is_link(folder) or not folder.is_dir():
        return None
    target = folder.parent.parent / DELETED / _safe(name)
    while target.exists():
        target = target.with_name(f"{_safe(name)}-{secrets.token_hex(3)}")
    return _moved(folder, target)


def bring_back(name: str, task_id: int) -> Path | None:
    """Move ``tasks-deleted/<name>`` back as the task's folder, never over one already
    there; the folder, or None when nothing was set aside under that name."""
    folder = paths.task_dir(task_id)
    source = folder.parent.parent / DELETED / _safe(name)
    if _is_link(source) or not source.is_dir() or folder.exists():
        return None
    return _moved(source, folder)


def _moved(source: Path, target: Path) -> Path | None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)
    except OSError:
        return None
    return target


def _is_link(where: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(where).st_mode)
    except OSError:
        return False


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:100] or "task"
