"""What a reader found in a file: tasks to add, each with its plan, and what it skipped."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.dates.when import local_zone
from app.errors import BadFile
from app.states import TaskStatus
from app.tasks.store import NewTask

# Statuses an import may leave a task in besides the ``new`` a task starts with.
IMPORTED_STATUS = (TaskStatus.NEW, TaskStatus.WAITING, TaskStatus.DONE, TaskStatus.CANCELLED)


@dataclass
class Incoming:
    """One task to add. ``uid`` is kept as the task's UID when it is free (so importing
    the same file twice adds nothing twice); ``step_uids`` keeps steps' foreign UIDs."""

    new: NewTask
    status: str = TaskStatus.NEW
    uid: str | None = None
    plan: dict[str, Any] | None = None
    step_uids: dict[str, str] = field(default_factory=dict)


@dataclass
class Batch:
    """A file read: the tasks in it and, one line each, what could not be kept."""

    tasks: list[Incoming] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    read: int = 0  # the entries the file held (tasks, lines, rows, VTODOs)


def zone_name() -> str | None:
    """The local IANA zone, which recurring tasks keep (DESIGN §11)."""
    return getattr(local_zone(), "key", None)


def decode_text(raw: bytes, name: str, what: str) -> str:
    """A text file's content, or BadFile when it is empty or not UTF-8."""
    if not raw.strip():
        raise BadFile(f"{name} is empty; it should be {what}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadFile(f"{name} is not UTF-8 text, so it is not {what}") from None


def aware(value: datetime) -> datetime:
    """A naive time read from a file is local time."""
    return value if value.tzinfo is not None else value.replace(tzinfo=local_zone())
