"""Taskwarrior's ``task export`` JSON (2.x: an array; older: one object per line).

A task becomes a Stepwise task: description, due, wait and scheduled (not before),
until (too late after), priority H/M/L as 1/2/4, tags and the project as tags,
annotations in the detail, status pending/waiting/completed/deleted as new/waiting/
done/cancelled. A recurring template becomes one recurring task; its generated
instances are skipped. Stepwise's dependencies link the steps of one plan, so tasks
joined by ``depends`` become one task whose plan has a step for each of them.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from app.errors import BadFile
from app.importers.incoming import Batch, Incoming, decode_text, zone_name
from app.tasks import NewTask

WHAT = "a Taskwarrior `task export` JSON file"
PRIORITY = {"H": 1, "M": 2, "L": 4}
STATUS = {"pending": "new", "waiting": "waiting", "completed": "done", "deleted": "cancelled"}
_RECUR_WORDS = {"daily": "DAILY", "day": "DAILY", "weekly": "WEEKLY", "week": "WEEKLY",
                "monthly": "MONTHLY", "month": "MONTHLY", "yearly": "YEARLY",
                "year": "YEARLY", "annual": "YEARLY", "biweekly": "WEEKLY;INTERVAL=2",
                "fortnight": "WEEKLY;INTERVAL=2", "quarterly": "MONTHLY;INTERVAL=3",
                "weekdays": "WEEKLY;BYDAY=MO,TU,WE,TH,FR"}
_RECUR_UNITS = {"d": "DAILY", "day": "DAILY", "days": "DAILY", "w": "WEEKLY", "wk": "WEEKLY",
                "wks": "WEEKLY", "week": "WEEKLY", "weeks": "WEEKLY", "mo": "MONTHLY",
                "mos": "MONTHLY", "month": "MONTHLY", "months": "MONTHLY", "y": "YEARLY",
                "yr": "YEARLY", "yrs": "YEARLY", "year": "YEARLY", "years": "YEARLY"}


def read(raw: bytes, name: str) -> Batch:
    """Every task in a ``task export`` file."""
    from app.importers.taskwarrior_groups import components, group_task  # it reads ours

    entries = _entries(decode_text(raw, name, WHAT), name)
    batch = Batch(read=len(entries))
    by_uuid = {str(e["uuid"]): e for e in entries if e.get("uuid")}
    kept = [e for e in entries if _keep(e, by_uuid, batch)]
    for members in components(kept):
        if len(members) == 1:
            batch.tasks.append(single_task(members[0], batch))
        else:
            batch.tasks.append(group_task(members, batch))
    return batch


def _entries(text: str, name: str) -> list[dict[str, Any]]:
    stripped = text.strip()
    try:
        if stripped.startswith("["):
            data = json.loads(stripped)
        else:  # Taskwarrior before 2.5 wrote one JSON object per line
            data = [json.loads(line) for line in stripped.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise BadFile(f"{name} is not {WHAT}: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise BadFile(f"{name} is not {WHAT}: it should be a list of task objects")
    for number, entry in enumerate(data, start=1):
        for key in ("uuid", "description"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise BadFile(f"{name}: task {number} has no {key}, so it is not {WHAT}")
    return data


def _keep(entry: dict[str, Any], by_uuid: dict[str, dict[str, Any]], batch: Batch) -> bool:
    parent = entry.get("parent")
    if parent and str(parent) in by_uuid:
        batch.skipped.append(f"{entry['description']!r}: an instance of a recurring task "
                             "(the recurring task itself is imported once)")
        return False
    return True


def single_task(entry: dict[str, Any], batch: Batch) -> Incoming:
    """One Taskwarrior task as one Stepwise task."""
    recurrence = _recurrence(entry, batch) if entry.get("status") == "recurring" else None
    new = NewTask(
        title=entry["description"].strip(), detail=detail_of(entry),
        priority=PRIORITY.get(str(entry.get("priority", "")).upper(), 3),
        start_at=start_of(entry), due_at=when(entry.get("due")),
        expires_at=when(entry.get("until")), tags=tags_of(entry), recurrence=recurrence,
        timezone=zone_name() if recurrence else None, creator="import")
    return Incoming(new=new, status=status_of(entry), uid=_uuid(entry))


def status_of(entry: dict[str, Any]) -> str:
    """Stepwise's status for a Taskwarrior status (a future ``wait`` means waiting)."""
    status = str(entry.get("status", "pending"))
    wait = when(entry.get("wait"))
    if status == "pending" and wait is not None and wait > datetime.now(UTC):
        return "waiting"
    return STATUS.get(status, "new")


def start_of(entry: dict[str, Any]) -> datetime | None:
    """Not before: ``scheduled`` (ready from), else ``wait`` (hidden until)."""
    return when(entry.get("scheduled")) or when(entry.get("wait"))


def tags_of(entry: dict[str, Any]) -> tuple[str, ...]:
    tags = [str(t) for t in entry.get("tags", []) if str(t).strip()]
    if entry.get("project"):
        tags.append(str(entry["project"]))
    return tuple(dict.fromkeys(tags))


def detail_of(entry: dict[str, Any]) -> str:
    """Annotations, one line each with their date, oldest first."""
    lines = []
    for note in entry.get("annotations", []) or []:
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
    value = entry.get("depends") or []
    items = value.split(",") if isinstance(value, str) else value
    return [str(u).strip() for u in items if str(u).strip()]


def _uuid(entry: dict[str, Any]) -> str | None:
    return str(entry["uuid"]) if entry.get("uuid") else None


def _recurrence(entry: dict[str, Any], batch: Batch) -> str | None:
    recur = str(entry.get("recur", "")).strip().lower()
    rule = _RECUR_WORDS.get(recur)
    match = re.fullmatch(r"(\d+)\s*([a-z]+)", recur)
    if rule is None and match and match.group(2) in _RECUR_UNITS and int(match.group(1)) > 0:
        rule = f"{_RECUR_UNITS[match.group(2)]};INTERVAL={int(match.group(1))}"
    if rule is None:
        batch.skipped.append(f"{entry['description']!r}: the recurrence {recur!r} (imported "
                             "as a task that does not repeat)")
        return None
    if not (entry.get("due") or entry.get("scheduled") or entry.get("wait")):
        batch.skipped.append(f"{entry['description']!r}: recurring without a due date "
                             "(imported as a task that does not repeat)")
        return None
    return f"FREQ={rule}"
