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
from typing import Any

from app.errors import BadFile
from app.io.importers.incoming import Batch, Incoming, decode_text, zone_name
from app.io.importers.taskwarrior_fields import (
    PRIORITY,
    detail_of,
    start_of,
    status_of,
    tags_of,
    when,
)
from app.io.importers.taskwarrior_groups import components, group_task
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
