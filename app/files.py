"""Reading the user's JSON files and writing ours atomically, with clear errors."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from app.errors import BadFile, KnownError

MAX_JSON_BYTES = 256 * 1024 * 1024


class WriteFailed(KnownError):
    """A file could not be written (disk full, read-only); nothing is left half-written."""

    exit_code = 3  # the environment, like the database's own problems


def read_capped(path: Path, max_bytes: int, what: str, *, missing: str = "") -> bytes:
    """A user's file, whole, or BadFile naming what is wrong: missing, a folder, too big,
    unreadable. ``what`` names the expected file ("a JSON file"); ``missing`` is added to
    the message for a missing file."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise BadFile(f"{path} is a folder, not {what}")
        if size > max_bytes:
            raise BadFile(f"{path} is {size / 2**20:.0f} MiB; the limit is "
                          f"{max_bytes / 2**20:.0f} MiB")
        return path.read_bytes()
    except FileNotFoundError:
        raise BadFile(f"{path} does not exist{missing}") from None
    except PermissionError:
        raise BadFile(f"{path} cannot be read (permission denied)") from None
    except OSError as exc:
        raise BadFile(f"{path} cannot be read: {exc.strerror}") from None


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
