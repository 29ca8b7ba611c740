"""Reading the user's JSON files and writing ours atomically, with clear errors."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from app.errors import BadFile, KnownError

MAX_JSON_BYTES = 256 * 1024 * 1024


class WriteFailed(KnownError):
    """A file could not be written (disk full, read-only); nothing is left half-written."""

    exit_code = 3  # the environment, like the database's own problems


def read_capped(path: Path, max_bytes: int, what: str, *, missing: str = "") -> bytes:
    """A user's file, whole, or BadFile naming what is wrong: missing, a folder, a special
    file (FIFO, device, socket), too big, unreadable. ``what`` names the expected file
    ("a JSON file"); ``missing`` is added to the message for a missing file.

    The read is bounded by ``max_bytes`` whatever size the file claims (``/dev/zero``
    claims none), and opening never blocks (a FIFO is refused before it is opened).
    """
    try:
        _check_regular(path, os.stat(path), max_bytes, what)
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
        try:
            _check_regular(path, os.fstat(fd), max_bytes, what)  # it may have been swapped
            data = _read_at_most(fd, max_bytes + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise BadFile(f"{path} does not exist{missing}") from None
    except PermissionError:
        raise BadFile(f"{path} cannot be read (permission denied)") from None
    except OSError as exc:
        raise BadFile(f"{path} cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise BadFile(f"{path!r} is not a usable file name") from None
    if len(data) > max_bytes:  # it grew after the stat, or lied about its size
        raise _too_big(path, len(data), max_bytes)
    return data


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation
_READ_CHUNK = 1024 * 1024


def _check_regular(path: Path, info: os.stat_result, max_bytes: int, what: str) -> None:
    """Refuse a folder, a special file, or a file that says it is too big before reading."""
    if stat.S_ISDIR(info.st_mode):
        raise BadFile(f"{path} is a folder, not {what}")
    if not stat.S_ISREG(info.st_mode):
        kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else
                "a socket" if stat.S_ISSOCK(info.st_mode) else "a device")
        raise BadFile(f"{path} is {kind}, not {what}: give the path of a regular file")
    if info.st_size > max_bytes:
        raise _too_big(path, info.st_size, max_bytes)


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from ``fd``, in chunks, never trusting the reported size."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(_READ_CHUNK, left))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_big(path: Path, size: int, max_bytes: int) -> BadFile:
    shown = f"{size / 2**20:.0f} MiB" if size > max_bytes + 1 else "over the limit"
    return BadFile(f"{path} is {shown}; the limit is {max_bytes / 2**20:.0f} MiB")


def read_json(path: Path, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Parse a JSON file, or raise BadFile saying what is wrong with it."""
    raw = read_capped(path, max_bytes, "a JSON file")
    if not raw.strip():
        raise BadFile(f"{path} is empty; it should hold JSON")
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise BadFile(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadFile(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                      f"column {exc.colno}") from None
    except RecursionError:
        raise BadFile(f"{path} nests too deeply to be a Stepwise file") from None


def write_atomic(path: Path, text: str) -> None:
    """Write text next to ``path`` and rename it into place, so no reader sees half a file."""
    data = text.encode("utf-8")
    folder = path.parent if str(path.parent) else Path(".")
    tmp_name = None
    try:
        with tempfile.NamedTemporaryFile("wb", dir=folder, prefix=f".{path.name}.",
                                         suffix=".tmp", delete=False) as handle:
            tmp_name = handle.name
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
    except OSError as exc:
        raise WriteFailed(f"could not write {path}: {exc.strerror or exc}; nothing was "
                          "changed") from None
    finally:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)
