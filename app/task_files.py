"""Result files of a task: written only inside ``<data dir>/tasks/<id>/``.

A path must be relative, without ``..``, and must not leave the folder through a
symbolic link; content has a size cap; every write is atomic.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from app import paths
from app.errors import Refused
from app.files import write_atomic

MAX_FILE_BYTES = 1024 * 1024


class PathRefused(Refused):
    """A result-file path that would leave the task's folder."""


def resolve_inside(task_id: int, relative: str) -> Path:
    """The file a step may write, or PathRefused saying why not."""
    if not relative or not relative.strip():
        raise PathRefused("a result file needs a path")
    if "\x00" in relative:
        raise PathRefused("a path may not contain a NUL character")
    posix, windows = PurePosixPath(relative), PureWindowsPath(relative)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or relative.startswith("\\"):
        raise PathRefused(f"{relative!r} is absolute; result files take a path inside the "
                          "task's folder")
    if ".." in posix.parts or ".." in windows.parts:
        raise PathRefused(f"{relative!r} climbs out with '..'; keep it inside the task's folder")
    base = paths.task_dir(task_id)
    base.mkdir(parents=True, exist_ok=True)
    root = base.resolve()
    target = base / posix
    if not target.parent.resolve().is_relative_to(root):
        raise PathRefused(f"{relative!r} leads outside the task's folder through a link")
    if target.is_symlink():
        raise PathRefused(f"{relative!r} is a symbolic link; Stepwise will not write through it")
    return target


def write_result(task_id: int, relative: str, content: str) -> Path:
    """Write a result file atomically inside the task's folder; returns its path."""
    size = len(content.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise PathRefused(f"the content is {size} bytes; a result file may hold at most "
                          f"{MAX_FILE_BYTES} bytes")
    target = resolve_inside(task_id, relative)
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.parent.resolve().is_relative_to(paths.task_dir(task_id).resolve()):
        raise PathRefused(f"{relative!r} leads outside the task's folder through a link")
    write_atomic(target, content)
    return target
