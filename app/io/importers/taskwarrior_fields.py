"""The fields of one Taskwarrior ``task export`` entry as Stepwise reads them: status,
times, tags, annotations, dependencies, and the fields Stepwise does not model (UDAs
such as ``estimate``), which are kept by name in the detail.

Taskwarrior keeps every time as a UTC timestamp, a date too: ``due:2026-12-15`` is that
day's local midnight. So a due, scheduled or wait at exactly local midnight (this
machine's zone, where the export was made) is read as the date it was given (all day),
anything else as the moment; an ``until`` at local midnight is that day's end (23:59),
as Stepwise reads a date given for an expiry.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time
from typing import Any

from app.dates.when import DEFAULT_TIME, local_zone
from app.states import TaskStatus

PRIORITY = {"H": 1, "M": 2, "L": 4}
STATUS = {"pending": TaskStatus.NEW, "waiting": TaskStatus.WAITING, "completed": TaskStatus.DONE,
          "deleted": TaskStatus.CANCELLED}  # Taskwarrior's status → Stepwise's
# Fields a Stepwise task holds (or that a task export derives and Taskwarrior rebuilds:
# id, urgency, mask, imask, rtype); every other field is kept, named, in the detail.
READ_FIELDS = frozenset({"uuid", "description", "status", "entry", "modified", "end", "due",
                         "wait", "scheduled", "until", "priority", "tags", "project",
                         "annotations", "depends", "recur", "parent", "id", "urgency",
                         "mask", "imask", "rtype"})


def status_of(entry: dict[str, Any]) -> str:
    """Stepwise's status for a Taskwarrior status (a future ``wait`` means waiting)."""
    theirs = str(entry.get("status", "pending"))
    wait = when(entry.get("wait"))
    if theirs in ("pending", "waiting") and when(entry.get("start")) is not None:
        return TaskStatus.IN_PROGRESS  # started (``task start``) and not stopped
    if theirs == "pending" and wait is not None and wait > datetime.now(UTC):
        return TaskStatus.WAITING
    return STATUS.get(theirs, TaskStatus.NEW)


def created_of(entry: dict[str, Any]) -> datetime | None:
    """When the task was added (``entry``)."""
    return when(entry.get("entry"))


def updated_of(entry: dict[str, Any]) -> datetime | None:
    """When it was closed (``end``), else last changed (``modified``)."""
    return when(entry.get("end")) or when(entry.get("modified"))


def extras_of(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """Each field Stepwise does not model, as ("Taskwarrior estimate", "3"), in key order."""
    return [(f"Taskwarrior {key}", _text(value)) for key, value in sorted(entry.items())
            if key not in READ_FIELDS and value not in (None, "", [], {})]


def _text(value: object) -> str:
    if isinstance(value, str):
        return " ".join(value.split())
    return json.dumps(value, ensure_ascii=False)


def start_of(entry: dict[str, Any]) -> datetime | None:
    """Not before: ``scheduled`` (ready from), else ``wait`` (hidden until)."""
    return when(entry.get("scheduled")) or when(entry.get("wait"))


def tags_of(entry: dict[str, Any]) -> tuple[str, ...]:
    tags = [str(t).strip() for t in _items(entry.get("tags")) if str(t).strip()]
    if entry.get("project"):
        tags.append(str(entry["project"]))
    return tuple(dict.fromkeys(tags))


def detail_of(entry: dict[str, Any]) -> str:
    """Annotations, one line each with their date, oldest first."""
    lines = []
    for note in _items(entry.get("annotations")):
        if isinstance(note, dict) and note.get("description"):
            at = when(note.get("entry"))
            lines.append((f"{at:%Y-%m-%d}: " if at else "") + str(note["description"]))
    return "\n".join(lines)


def when(value: object) -> datetime | None:
    """Taskwarrior's ``20261205T000000Z`` (or ISO 8601) as an aware UTC time."""
    if not isinstance(value, str) or not value:
        return None
    for shape in ("%Y%m%dT%H%M%SZ", "%Y-%m-%dT%H:%M:%SZ"):
        try:
            return datetime.strptime(value, shape).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


def depends_of(entry: dict[str, Any]) -> list[str]:
    """``depends`` as a list of UUIDs: 2.6 writes a list, older versions a comma string."""
    return [str(u).strip() for u in _items(entry.get("depends")) if str(u).strip()]


def _items(value: object) -> list[Any]:
    """A list field as a list: a list as it is, a comma string split (older exports and
    hand-written files), anything else (a number, an object) as no items."""
    if isinstance(value, list):
        return value
    return value.split(",") if isinstance(value, str) else []


def given(moment: datetime | None) -> date | datetime | None:
    """A due or start as it was given: its date when it is exactly local midnight (how
    Taskwarrior stores ``due:2026-12-15``), else the moment."""
    if moment is None:
        return None
    local = moment.astimezone(local_zone())
    return local.date() if local.time() == time(0) else moment


def expiry_of(entry: dict[str, Any]) -> datetime | None:
    """``until``: a date (local midnight) lasts to its day's end, a moment is kept."""
    until = when(entry.get("until"))
    day = given(until)
    if isinstance(day, datetime) or day is None:
        return day
    return datetime.combine(day, DEFAULT_TIME["expires"], local_zone()).astimezone(UTC)
