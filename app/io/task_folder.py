"""Result files of a task: written only inside ``<data dir>/tasks/<uid>/``.

The folder is named by the task's UID (``app.tasks.folders``), so a new task that gets
a freed id never sees another task's files.

A path must be relative, without ``..``, with names every desktop file system takes
(at most 255 bytes each, no control characters, no names Windows reserves); content
has a size cap; every write is atomic. No symbolic link is followed from the data dir
down — not the ``tasks`` folder, not the task's folder, not a folder or file in it:
each folder is opened with ``O_NOFOLLOW`` relative to its parent, so a link swapped
in between a check and the write cannot redirect it either.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from contextlib import suppress
from pathlib import Path, PurePosixPath, PureWindowsPath

from app.config import paths
from app.errors import Refused
from app.files import WriteFailed, write_atomic
from app.tasks import folders

MAX_FILE_BYTES = 1024 * 1024
MAX_NAME_BYTES = 255  # one file or folder name, as ext4, APFS and NTFS allow
MAX_PATH_BYTES = 1024  # the whole relative path
MAX_DEPTH = 16
_FORBIDDEN = frozenset('<>:"|?*')  # Windows refuses these in a name
_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                       *(f"COM{n}" for n in range(1, 10)), *(f"LPT{n}" for n in range(1, 10))})
_BY_FD = os.open in os.supports_dir_fd and hasattr(os, "O_NOFOLLOW")
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)


class PathRefused(Refused):
    """A result-file path that would leave the task's folder, or that no file system takes."""


def parts_of(relative: object) -> list[str]:
    """The folder names and the file name of a result path, each checked.

    Raises:
        PathRefused: saying what is wrong with the path.
    """
    if not isinstance(relative, str) or not relative.strip():
        raise PathRefused("a result file needs a path")
    if "\x00" in relative:
        raise PathRefused("a path may not contain a NUL character")
    try:
        size = len(relative.encode("utf-8"))
    except UnicodeEncodeError:
        raise PathRefused(f"{relative!r} is not valid Unicode text") from None
    _check_inside(relative)
    parts = [p for p in re.split(r"[/\\]", relative) if p not in ("", ".")]
    if not parts:
        raise PathRefused(f"{relative!r} names the task's folder itself; give a file name")
    if size > MAX_PATH_BYTES:
        raise PathRefused(f"{relative[:40]!r}… is {size} bytes long; a result path may have "
                          f"at most {MAX_PATH_BYTES}")
    if len(parts) > MAX_DEPTH:
        raise PathRefused(f"{relative!r} is {len(parts)} folders deep; at most {MAX_DEPTH}")
    for part in parts:
        _check_name(relative, part)
    return parts


def _check_inside(relative: str) -> None:
    posix, windows = PurePosixPath(relative), PureWindowsPath(relative)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or relative.startswith("\\"):
        raise PathRefused(f"{relative!r} is absolute; result files take a path inside the "
                          "task's folder")
    if ".." in posix.parts or ".." in windows.parts:
        raise PathRefused(f"{relative!r} climbs out with '..'; keep it inside the task's folder")


def _check_name(relative: str, name: str) -> None:
    size = len(name.encode("utf-8"))
    shown = relative if len(relative) <= 60 else relative[:60] + "…"
    if size > MAX_NAME_BYTES:
        raise PathRefused(f"{shown!r} has a name of {size} bytes; a file or folder name may "
                          f"have at most {MAX_NAME_BYTES} bytes")
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise PathRefused(f"{shown!r} contains a control character")
    if _FORBIDDEN & set(name):
        raise PathRefused(f"{shown!r} contains one of {''.join(sorted(_FORBIDDEN))}, which "
                          "Windows does not allow in a name")
    if name.split(".")[0].rstrip(" ").upper() in _RESERVED:
        raise PathRefused(f"{shown!r} uses {name!r}, a name Windows reserves for a device")
    if name.endswith((" ", ".")):
        raise PathRefused(f"{shown!r} has a name ending in a dot or a space, which Windows drops")


def resolve_inside(uid: str, relative: object) -> Path:
    """The file a step of the task with ``uid`` may write, or PathRefused saying why not
    (nothing is created).

    Refuses a task folder that is a link or lies under one below the data dir, and a path
    whose folders or file, where they exist, are symbolic links.
    """
    parts = parts_of(relative)
    folder = folders.path(uid)
    for where in (folder.parent, folder):
        if _is_link(where):
            raise PathRefused(f"the task's folder {folder} is (or lies under) a symbolic "
                              "link; Stepwise will not write through it")
    where = folder
    for depth, name in enumerate(parts, start=1):
        where = where / name
        if _is_link(where) and depth == len(parts):
            raise PathRefused(f"{relative!r} is a symbolic link; Stepwise will not write "
                              "through it")
        if _is_link(where):
            raise PathRefused(f"{relative!r} leads through a link ({name}); Stepwise does not "
                              "follow links in a task's folder")
    return where


def _is_link(where: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(where).st_mode)
    except (FileNotFoundError, NotADirectoryError):  # not there (yet): nothing to follow
        return False
    except OSError as exc:
        raise WriteFailed(f"could not look at {where}: {exc.strerror or exc}") from None


def write_result(uid: str, relative: object, content: str) -> Path:
    """Write a result file atomically inside the folder of the task with ``uid``
    (``folders.uid_of``); returns its path.

    Raises:
        PathRefused: the path or the content is not allowed.
        WriteFailed: the file system refused (disk full, read-only, a name too long for it).
    """
    data = content.encode("utf-8", errors="replace") if isinstance(content, str) else None
    if data is None:
        raise PathRefused("a result file's content must be text")
    if len(data) > MAX_FILE_BYTES:
        raise PathRefused(f"the content is {len(data)} bytes; a result file may hold at most "
                          f"{MAX_FILE_BYTES} bytes")
    target = resolve_inside(uid, relative)
    parts, shown = parts_of(relative), str(relative)
    try:
        if _BY_FD:
            _write_by_fd(uid, parts, data, shown)
        else:  # no dir_fd (Windows): the checks above, then a plain atomic write
            target.parent.mkdir(parents=True, exist_ok=True)
            resolve_inside(uid, relative)
            write_atomic(target, data.decode("utf-8"))
    except OSError as exc:
        raise WriteFailed(f"could not write {shown[:60]!r}: {exc.strerror or exc}; nothing "
                          "was changed") from None
    return target


def _write_by_fd(uid: str, parts: list[str], data: bytes, relative: str) -> None:
    root = paths.data_dir()
    root.mkdir(parents=True, exist_ok=True)  # the data dir itself may be a link: the user's
    fd = os.open(root, _DIR_FLAGS)
    try:
        for depth, name in enumerate(["tasks", folders.name_of(uid), *parts[:-1]]):
            child = _enter(fd, name, relative, task_folder=depth < 2)
            os.close(fd)
            fd = child
        _replace_file(fd, parts[-1], data, relative)
    finally:
        os.close(fd)


def _enter(parent: int, name: str, relative: str, *, task_folder: bool) -> int:
    """The folder ``name`` in ``parent`` (created if missing), opened without following a
    link; the caller owns the returned descriptor."""
    with suppress(FileExistsError):
        os.mkdir(name, 0o755, dir_fd=parent)
    try:
        return os.open(name, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=parent)
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            raise
        if not stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode):
            raise PathRefused(f"{relative!r} needs {name!r} to be a folder, but it is a file"
                              ) from None
        if task_folder:
            raise PathRefused(f"the task's folder ({name}) is a symbolic link; Stepwise will "
                              "not write through it") from None
        raise PathRefused(f"{relative!r} leads through a link ({name}); Stepwise does not "
                          "follow links in a task's folder") from None


def _replace_file(folder: int, name: str, data: bytes, relative: str) -> None:
    """Write ``data`` to a new file beside ``name`` and rename it into place."""
    try:
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if stat.S_ISLNK(mode):
        raise PathRefused(f"{relative!r} is a symbolic link; Stepwise will not write through it")
    if not stat.S_ISREG(mode):
        raise PathRefused(f"{relative!r} is a folder or a special file, not a file to write")
    tmp = f".stepwise-{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    handle = os.open(tmp, flags, 0o644, dir_fd=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp, dir_fd=folder)
        raise
    with suppress(OSError):  # some file systems cannot sync a folder; the file is synced
        os.fsync(folder)

