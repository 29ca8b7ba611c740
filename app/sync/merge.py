"""Three-way merge of a VTODO, per property, and remote changes applied as a person's edits.

``base`` is what both sides last agreed on (``SyncItem.synced``), ``local`` what the
store holds now, ``remote`` what the server sent. A property only the server changed
is taken; one only this side changed is kept (it is pushed later); one both changed
goes to the newer LAST-MODIFIED, the loser written into the work log (kind
``conflict``) and the task marked "Needs attention". A change the rules refuse (the
state machine, a task's checks) is kept the same way, never dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.sync.vtodo import StepItem, TaskItem

TASK_EDITABLE = ("title", "detail", "priority", "tags", "start_at", "due_at", "recurrence")


@dataclass
class Outcome:
    """What the merge of one item decided."""

    take: dict[str, Any] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)  # one line per conflict, both values


def task_fields(item: TaskItem) -> dict[str, Any]:
    return {"title": item.title, "detail": item.detail, "priority": item.priority,
            "tags": tuple(sorted(item.tags)), "start_at": item.start_at,
            "due_at": item.due_at, "recurrence": item.recurrence, "status": item.status}


def step_fields(item: StepItem) -> dict[str, Any]:
    return {"title": item.step.title, "detail": item.step.objective, "due": item.step.due,
            "parent": item.parent_uid, "depends_on": tuple(sorted(item.depends_on)),
            "status": item.step.status}


def three_way(base: dict[str, Any] | None, local: dict[str, Any], remote: dict[str, Any],
              local_at: datetime | None, remote_at: datetime | None) -> Outcome:
    """Per property: take the server's change, keep ours, or settle a conflict by time."""
    base = local if base is None else base
    out = Outcome()
    remote_newer = remote_at is not None and (local_at is None or remote_at > local_at)
    for name, theirs in remote.items():
        ours, before = local.get(name), base.get(name)
        if theirs == before or theirs == ours:
            continue
        if ours == before or remote_newer:
            out.take[name] = theirs
        if ours != before:
            kept, lost = (theirs, ours) if remote_newer else (ours, theirs)
            out.lost.append(f"{name}: kept {_shown(kept)}, the other device's "
                            f"{_shown(lost)} lost" if not remote_newer else
                            f"{name}: kept the other device's {_shown(kept)}, this "
                            f"device's {_shown(lost)} lost")
    return out


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return repr(list(value))
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    return repr(value)
