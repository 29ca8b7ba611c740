"""Three-way merge of a VTODO, per property, and remote changes applied as a person's edits.

``base`` is what both sides last agreed on (``SyncItem.synced``), ``local`` what the
store holds now, ``remote`` what the server sent. A property only the server changed
is taken; one only this side changed is kept (it is pushed later); tags both changed
merge as sets (what either side added, less what either removed); any other property
both changed goes to the newer LAST-MODIFIED, and both versions are kept as a ``Conflict``
(``app.sync.conflicts`` records it and lets a person choose). A change the rules refuse
(the state machine, a task's checks) is kept the same way, never dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from app.ical.vtodo import StepItem, TaskItem

TASK_EDITABLE = ("title", "detail", "priority", "tags", "start_at", "due_at", "recurrence",
                 "timezone", "exdates", "rdates")


@dataclass(frozen=True)
class Conflict:
    """One property the two devices disagree on.

    ``step`` is the step's UID (None: the task's own property); ``kept`` says which
    version the store holds now (``mine`` or ``theirs``); ``reason`` says why the rules
    refused the other device's version, when they did.
    """

    prop: str
    ours: Any
    theirs: Any
    kept: str
    step: str | None = None
    ours_at: datetime | None = None
    theirs_at: datetime | None = None
    reason: str = ""

    @property
    def line(self) -> str:
        """The work log's sentence: both versions, which one was kept and why."""
        if self.reason:
            return (f"{self.prop}: the other device's {shown(self.theirs)} was refused "
                    f"({self.reason}); this device's {shown(self.ours)} kept")
        if self.kept == "theirs":
            return (f"{self.prop}: kept the other device's {shown(self.theirs)}, this "
                    f"device's {shown(self.ours)} lost")
        return f"{self.prop}: kept {shown(self.ours)}, the other device's {shown(self.theirs)} lost"

    def timed(self, ours_at: datetime | None, theirs_at: datetime | None) -> Conflict:
        """The same conflict with the times each side changed."""
        return replace(self, ours_at=ours_at, theirs_at=theirs_at)



def shown(value: Any) -> str:
    """A value as the work log writes it (UTC times, lists in brackets)."""
    if isinstance(value, tuple | list):
        return repr(list(value))
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    if isinstance(value, date):
        return f"{value:%Y-%m-%d} (all day)"
    return repr(value)



@dataclass
class Outcome:
    """What the merge of one item decided."""

    take: dict[str, Any] = field(default_factory=dict)
    lost: list[Conflict] = field(default_factory=list)


def task_fields(item: TaskItem) -> dict[str, Any]:
    return {"title": item.title, "detail": item.detail, "priority": item.priority,
            "tags": tuple(sorted(item.tags)), "start_at": item.start_at,
            "due_at": item.due_at, "recurrence": item.recurrence, "status": item.status,
            "exdates": tuple(sorted(item.exdates, key=str)),
            "rdates": tuple(sorted(item.rdates, key=str))}


def step_fields(item: StepItem) -> dict[str, Any]:
    return {"title": item.step.title, "detail": item.step.objective, "due": item.step.due,
            "parent": item.parent_uid, "depends_on": tuple(sorted(item.depends_on)),
            "status": item.step.status}


def three_way(base: dict[str, Any] | None, local: dict[str, Any], remote: dict[str, Any],
              local_at: datetime | None, remote_at: datetime | None,
              step: str | None = None) -> Outcome:
    """Per property: take the server's change, keep ours, or settle a conflict by time.

    ``step`` is the step's UID the properties belong to (None: the task's own).
    """
    base = local if base is None else base
    out = Outcome()
    remote_newer = remote_at is not None and (local_at is None or remote_at > local_at)
    for name, theirs in remote.items():
        ours, before = local.get(name), base.get(name)
        if theirs == before or theirs == ours:
            continue
        if name in SETS and ours != before:
            both = union(before, ours, theirs)
            if both != ours:
                out.take[name] = both
            continue
        if ours == before or remote_newer:
            out.take[name] = theirs
        if ours != before:
            out.lost.append(Conflict(name, ours, theirs, "theirs" if remote_newer else "mine",
                                     step, local_at, remote_at))
    return out


SETS = frozenset({"tags", "exdates", "rdates"})
"""Properties whose values are sets: both sides' changes are kept, never one set lost."""


def union(base: Any, ours: Any, theirs: Any) -> tuple[Any, ...]:
    """A three-way set merge: what either side added, less what either side removed."""
    before, mine, other = set(base or ()), set(ours or ()), set(theirs or ())
    kept = (before & mine & other) | (mine - before) | (other - before)
    return tuple(sorted(kept))
