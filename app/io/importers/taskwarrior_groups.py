"""Taskwarrior tasks that point at others: ``depends`` and a recurring task's instances.

A Stepwise dependency links two steps of one plan, and a Taskwarrior task has fields a
step cannot hold (priority, tags, wait, scheduled, its own UDAs). So tasks joined by
``depends`` each stay a task of their own with every field, and each dependency is kept
in the detail, named ("Taskwarrior depends: Buy paint"). A recurring template is due at
its first instance still open (by its instances in the file, else by its ``mask``), not
at the first occurrence it ever had.
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import islice
from typing import Any

from app.dates.when import local_zone
from app.io.importers import taskwarrior_fields as tw

OPEN = ("pending", "waiting")


def depends_fields(entry: dict[str, Any], by_uuid: dict[str, dict[str, Any]]
                   ) -> list[tuple[str, str]]:
    """("Taskwarrior depends", what it waits for) per dependency: the other task's
    description when it is in the file, else its UUID."""
    fields = []
    for dep in tw.depends_of(entry):
        other = by_uuid.get(dep)
        fields.append(("Taskwarrior depends",
                       str(other["description"]).strip() if other else dep))
    return fields


def instances(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each recurring template's instances in the file, by the template's UUID."""
    found: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        if entry.get("parent"):
            found.setdefault(str(entry["parent"]), []).append(entry)
    return found


def current(template: dict[str, Any], children: list[dict[str, Any]], rule: str | None
            ) -> tuple[datetime | None, datetime | None]:
    """(due, not before) of the occurrence still to do: the open instance due first, else
    the occurrence after the last instance (the template's own when it has none)."""
    due, start = tw.when(template.get("due")), tw.start_of(template)
    dated = [(d, c) for c in children if (d := tw.when(c.get("due"))) is not None]
    open_ones = sorted(((d, c) for d, c in dated if str(c.get("status")) in OPEN),
                       key=lambda pair: pair[0])
    if open_ones:
        first, child = open_ones[0]
        return first, tw.start_of(child)
    past = [d for d, _c in dated]
    if due is None or rule is None or not (past or _done_by_mask(template)):
        return due, start
    from dateutil.rrule import rrulestr

    # In local wall time, as Taskwarrior repeats: a monthly local midnight stays one.
    occurrences = rrulestr(rule, dtstart=due.astimezone(local_zone()))
    if past:
        following = occurrences.after(max(past))
    else:  # the instances are gone from the file; the mask still counts them
        done = _done_by_mask(template)
        following = next(islice(occurrences, done, done + 1), None)
    if following is None:
        return due, start
    return following.astimezone(UTC), None if start is None else _shifted(start, due,
                                                                          following)


def _shifted(start: datetime, due: datetime, following: datetime) -> datetime:
    """``start`` moved as far as the due moved, in local wall time (09:00 stays 09:00)."""
    moved = _wall(start) + (_wall(following) - _wall(due))
    return moved.replace(tzinfo=local_zone()).astimezone(UTC)


def _wall(moment: datetime) -> datetime:
    return moment.astimezone(local_zone()).replace(tzinfo=None)


def _done_by_mask(template: dict[str, Any]) -> int:
    """How many occurrences come before the first still open, by the template's ``mask``
    (one character an instance: - pending, W waiting, + done, X deleted)."""
    mask = str(template.get("mask") or "")
    open_at = [i for i, mark in enumerate(mask) if mark in "-W"]
    return open_at[0] if open_at else len(mask)
