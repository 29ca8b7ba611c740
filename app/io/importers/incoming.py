"""What a reader found in a file: tasks to add, each with its plan, what it kept in the
tasks' details (fields Stepwise does not model) and what it skipped."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from app.dates import days
from app.dates.when import local_zone
from app.errors import BadFile
from app.states import TaskStatus
from app.tasks.store import NewTask

# Statuses an import may leave a task in besides the ``new`` a task starts with.
IMPORTED_STATUS = (TaskStatus.NEW, TaskStatus.WAITING, TaskStatus.IN_PROGRESS, TaskStatus.DONE,
                   TaskStatus.CANCELLED)


@dataclass
class Incoming:
    """One task to add. ``uid`` is kept as the task's UID when it is free (so importing
    the same file twice adds nothing twice); ``step_uids`` keeps steps' foreign UIDs.
    ``created_at`` and ``updated_at`` are the times the other planner kept (for a closed
    task, ``updated_at`` is when it was closed), None for the import's own time."""

    new: NewTask
    status: str = TaskStatus.NEW
    uid: str | None = None
    plan: dict[str, Any] | None = None
    step_uids: dict[str, str] = field(default_factory=dict)
    created_at: datetime | None = None
    updated_at: datetime | None = None
    # a series' occurrences the other app marked done on their own (RECURRENCE-ID)
    done: list[date | datetime] = field(default_factory=list)


@dataclass
class Batch:
    """A file read: the tasks in it and, one line each, what could not be kept."""

    tasks: list[Incoming] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    read: int = 0  # the entries the file held (tasks, lines, rows, VTODOs)
    kept: list[str] = field(default_factory=list)  # a field's name for each one kept in a detail


def kept_lines(fields: list[tuple[str, str]], batch: Batch) -> list[str]:
    """Fields Stepwise does not model as named detail lines ("Taskwarrior estimate: 3"),
    each counted in ``batch.kept``."""
    batch.kept.extend(name for name, _value in fields)
    return [f"{name}: {value}" for name, value in fields]


def joined(*parts: str) -> str:
    """Detail parts, the empty ones left out, one paragraph each."""
    return "\n".join(part for part in parts if part.strip())


def start_in_order(new: NewTask, batch: Batch) -> NewTask:
    """A task whose start comes after its due or expiry, as other planners allow: imported
    without the start (kept in its detail, named), said in ``batch.skipped``. A date is
    compared by its stand-in (``app.dates.days``), as the store will hold it."""
    if new.start_at is None:  # nothing to compare (most tasks)
        return new
    where = days.zone(new.timezone)
    start = days.moment(new.start_at, "start", where)
    due = days.moment(new.due_at, "due", where)
    later = [t for t in (due, new.expires_at) if t is not None]
    if start is None or new.start_at is None or not later or start <= min(later):
        return new
    shown = shown_when(new.start_at)
    role = "due" if due is not None and start > due else "expiry"
    batch.skipped.append(f"{new.title[:80]!r}: the start time ({shown}) is after the {role} "
                         "time; imported without its start, which stays in the detail")
    return replace(new, start_at=None, detail=joined(new.detail, f"start: {shown}"))


def shown_when(value: days.When) -> str:
    """A start or due as a summary line or a detail names it: a date alone, a moment in
    local time with its offset."""
    if days.is_day(value):
        return f"{value:%Y-%m-%d}"
    assert isinstance(value, datetime)
    return value.astimezone(local_zone()).strftime("%Y-%m-%d %H:%M %z")


def zone_name() -> str | None:
    """The local IANA zone, which recurring tasks keep (DESIGN §11)."""
    return days.zone_key()


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
