"""Taskwarrior's ``task export`` JSON (2.x: an array; older: one object per line).

A task becomes a Stepwise task: description, due, wait and scheduled (not before), each
a date when Taskwarrior was given one (``taskwarrior_fields.given``), until (too late
after; on a recurring task also the rule's UNTIL), priority H/M/L as
1/2/4, tags and the project as tags, annotations in the detail, status pending/waiting/
completed/deleted as new/waiting/done/cancelled (a started one in progress), entry and
end (or modified) as its creation and last-change times. Every other field (UDAs such
as ``estimate``, ``depends``, a ``recur`` that gives no rule, a ``wait`` beside the
``scheduled`` start) stays in the detail, named ("Taskwarrior estimate: 3").
A recurring template becomes one recurring task due at its next open instance; its
generated instances are skipped. Tasks joined by ``depends`` stay separate tasks
(``app.io.importers.taskwarrior_groups`` says why).
"""

from __future__ import annotations

import json
import re
from typing import Any

from app.errors import BadFile
from app.io.importers import bounded_json
from app.io.importers.incoming import (
    Batch,
    Incoming,
    decode_text,
    joined,
    kept_lines,
    start_in_order,
    zone_name,
)
from app.io.importers.taskwarrior_fields import (
    PRIORITY,
    created_of,
    detail_of,
    expiry_of,
    extras_of,
    given,
    start_of,
    status_of,
    tags_of,
    updated_of,
    when,
)
from app.io.importers.taskwarrior_groups import current, depends_fields, instances
from app.tasks.store import NewTask

WHAT = "a Taskwarrior `task export` JSON file"
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
    entries = _entries(decode_text(raw, name, WHAT), name)
    batch = Batch(read=len(entries))
    by_uuid = {str(e["uuid"]): e for e in entries if e.get("uuid")}
    children = instances(entries)
    for entry in entries:
        if _keep(entry, by_uuid, batch):
            batch.tasks.append(single_task(entry, batch, by_uuid,
                                           children.get(str(entry["uuid"]), [])))
    return batch


def _entries(text: str, name: str) -> list[dict[str, Any]]:
    stripped = text.strip()
    try:
        if stripped.startswith("["):
            data = bounded_json.loads(stripped, name)
        else:  # Taskwarrior before 2.5 wrote one JSON object per line
            data = [bounded_json.loads(line, name) for line in stripped.splitlines()
                    if line.strip()]
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


def single_task(entry: dict[str, Any], batch: Batch,
                by_uuid: dict[str, dict[str, Any]] | None = None,
                children: list[dict[str, Any]] | None = None) -> Incoming:
    """One Taskwarrior task as one Stepwise task; ``by_uuid`` names the tasks it depends
    on, ``children`` are a recurring template's instances."""
    recurrence = _recurrence(entry, batch) if entry.get("status") == "recurring" else None
    due, start = when(entry.get("due")), start_of(entry)
    if recurrence is not None:
        due, start = current(entry, children or [], recurrence)
    due_at, start_at = given(due), given(start)  # local midnight: a date (all day)
    fields = [*depends_fields(entry, by_uuid or {}), *extras_of(entry),
              *_unmapped(entry, recurrence)]
    new = NewTask(
        title=entry["description"].strip(),
        detail=joined(detail_of(entry), *kept_lines(fields, batch)),
        priority=PRIORITY.get(str(entry.get("priority", "")).upper(), 3),
        start_at=start_at, due_at=due_at, expires_at=expiry_of(entry),
        tags=tags_of(entry), recurrence=recurrence,
        timezone=zone_name() if recurrence else None, creator="import")
    return Incoming(new=start_in_order(new, batch), status=status_of(entry),
                    uid=_uuid(entry), created_at=created_of(entry),
                    updated_at=updated_of(entry))


def _unmapped(entry: dict[str, Any], recurrence: str | None) -> list[tuple[str, str]]:
    """Fields Stepwise reads but could not use here: a ``recur`` that gave no rule, a
    ``wait`` beside the ``scheduled`` that became the start."""
    fields = []
    if entry.get("recur") and recurrence is None:
        fields.append(("Taskwarrior recur", str(entry["recur"])))
    if when(entry.get("scheduled")) and when(entry.get("wait")):
        fields.append(("Taskwarrior wait", str(entry["wait"])))
    return fields


def _uuid(entry: dict[str, Any]) -> str | None:
    return str(entry["uuid"]) if entry.get("uuid") else None


def _recurrence(entry: dict[str, Any], batch: Batch) -> str | None:
    recur = str(entry.get("recur", "")).strip().lower()
    rule = _RECUR_WORDS.get(recur)
    match = re.fullmatch(r"(\d{1,4})\s*([a-z]+)", recur)  # 1000 is the most
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
    until = expiry_of(entry)
    return f"FREQ={rule}" + (f";UNTIL={until:%Y%m%dT%H%M%SZ}" if until else "")
