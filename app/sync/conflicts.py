"""Sync conflicts as records, and a person's choice between the two versions.

A conflict is one property of a task or step that both devices changed (the newer
LAST-MODIFIED won for now), or a change from the other device that the rules refused
(this device's version stays). Each is a work-log row of kind ``conflict``: its
``message`` the line a person reads, its ``decision`` the record as JSON (property,
both versions, when each changed, which one was kept, and how it was settled).

``resolve_conflict`` applies the chosen version through the use cases a person's edit
uses (``tasks.update_task``, ``plans.save_plan``, the state machines) and clears the
task's "Needs attention" once none of its conflicts is left open.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from datetime import date, datetime, tzinfo
from typing import Any

from app.dates.when import local_zone
from app.errors import NotFound, Refused
from app.events import Change, Kind, events
from app.reminders import store as reminders
from app.sync import apply, records
from app.sync.merge import Conflict, shown
from app.tasks import store as tasks
from app.tasks.problems import CONFLICTS, Problem
from models import Task, WorkLog, atomic
from models.fields import format_utc, parse_utc
from models.tables import utc_now

CHOICES = ("mine", "theirs")
KIND = "conflict"
STAGE = "sync"
TIMES = ("start_at", "due_at", "due")  # the properties whose values are dates or instants
LISTS = ("tags", "depends_on")
TIME_LISTS = ("exdates", "rdates")  # lists of dates or instants


@dataclass(frozen=True)
class OpenConflict:
    """A conflict still waiting for a person's choice, as the CLI and the window show it."""

    id: int
    task_id: int
    task_title: str
    step_title: str | None
    conflict: Conflict
    at: datetime


def _encode(conflict: Conflict) -> str:
    data = asdict(conflict)
    for key in ("ours", "theirs"):
        value = data[key]
        data[key] = [_time_text(v) for v in value] if isinstance(value, tuple | list) \
            else _time_text(value)
    for key in ("ours_at", "theirs_at"):
        data[key] = None if data[key] is None else format_utc(data[key])
    return json.dumps({"conflict": data, "settled": None}, ensure_ascii=False)


def _time_text(value: Any) -> Any:
    """A moment as its UTC stamp, a date (all day) as "2026-12-15"; else the value."""
    if isinstance(value, datetime):
        return format_utc(value)
    return value.isoformat() if isinstance(value, date) else value


def _time_value(text: str) -> date | datetime:
    return date.fromisoformat(text) if len(text) == 10 else parse_utc(text)


def _decode(data: dict[str, Any]) -> Conflict:
    data = dict(data)
    for key in ("ours", "theirs"):
        if data["prop"] in TIMES and isinstance(data[key], str):
            data[key] = _time_value(data[key])
        elif data["prop"] in TIME_LISTS and isinstance(data[key], list):
            data[key] = tuple(_time_value(v) for v in data[key])
        elif data["prop"] in LISTS and isinstance(data[key], list):
            data[key] = tuple(data[key])
    for key in ("ours_at", "theirs_at"):
        data[key] = None if data[key] is None else parse_utc(data[key])
    return Conflict(**data)


def keep(task_id: int, found: list[Conflict]) -> None:
    """Write each conflict into the work log and mark the task "Needs attention"; one
    already open with the same property and values is not written again."""
    seen = {_same(c.conflict) for c in open_conflicts(task_id)}
    fresh = []
    for conflict in found:
        if _same(conflict) not in seen:
            seen.add(_same(conflict))
            fresh.append(conflict)
    found = fresh
    if not found:
        return
    with atomic():
        task = Task.get_by_id(task_id)
        for conflict in found:
            WorkLog.create(task=task_id, kind=KIND, message=f"sync: {conflict.line}",
                           actor="sync", stage=STAGE, decision=_encode(conflict))
        tasks.set_problem(task, problem_of(found[0], len(found) - 1))


def _same(conflict: Conflict) -> tuple[str, str | None, str, str, str]:
    return (conflict.prop, conflict.step, repr(conflict.ours), repr(conflict.theirs),
            conflict.kept)


def open_conflicts(task_id: int | None = None) -> list[OpenConflict]:
    """The conflicts no one has chosen for yet, oldest first (of one task, or all)."""
    query = WorkLog.select().where(WorkLog.kind == KIND, WorkLog.stage == STAGE,
                                   WorkLog.decision.is_null(False))
    if task_id is not None:
        query = query.where(WorkLog.task == task_id)
    found: list[OpenConflict] = []
    titles: dict[int, dict[str | None, str]] = {}
    for row in query.order_by(WorkLog.id):
        record = json.loads(str(row.decision))
        if record.get("settled") is not None:
            continue
        owner = int(row.task_id)  # type: ignore[attr-defined]
        names = titles.setdefault(owner, step_titles(owner))
        conflict = _named(_decode(record["conflict"]), names)
        step = None if conflict.step is None else names.get(conflict.step, conflict.step)
        found.append(OpenConflict(row.id, owner, names[None], step, conflict, row.at))
    return found


def _named(conflict: Conflict, names: dict[str | None, str]) -> Conflict:
    """A step's parent and dependencies shown by their steps' titles, not their UIDs."""
    if conflict.prop == "parent":
        return replace(conflict, ours=names.get(conflict.ours, conflict.ours),
                       theirs=names.get(conflict.theirs, conflict.theirs))
    if conflict.prop == "depends_on":
        return replace(conflict, ours=tuple(names.get(u, u) for u in conflict.ours or ()),
                       theirs=tuple(names.get(u, u) for u in conflict.theirs or ()))
    return conflict


def step_titles(task_id: int) -> dict[str | None, str]:
    """Step UID → its title in the task's travelling plan; None → the task's title."""
    item, steps = records.items_of(tasks.get_task(task_id))
    return {None: item.title, item.uid: item.title, **{s.uid: s.step.title for s in steps}}


def resolve_conflict(task_id: int, conflict_id: int, choice: str) -> Conflict:
    """Settle a conflict with this device's version (``mine``) or the other's (``theirs``).

    The chosen version goes through the use cases a person's edit uses; the next sync
    pushes it. When no conflict of the task is left open, its "Needs attention" clears.

    Raises:
        NotFound: the task has no conflict with that id.
        Refused: an unknown choice, a conflict settled already, or the rules refuse the
            chosen version now (the conflict then stays open).
    """
    if choice not in CHOICES:
        raise Refused(f"choose mine or theirs, not {choice!r}")
    row = WorkLog.get_or_none(WorkLog.id == conflict_id, WorkLog.task == task_id,
                              WorkLog.kind == KIND, WorkLog.decision.is_null(False))
    if row is None:
        raise NotFound(f"task {task_id} has no sync conflict {conflict_id} "
                       "(stepwise sync conflicts lists them)")
    record = json.loads(str(row.decision))
    if record.get("settled") is not None:
        raise Refused(f"conflict {conflict_id} was settled already "
                      f"({record['settled']['choice']})")
    conflict = _decode(record["conflict"])
    with atomic():
        if choice != conflict.kept:
            _apply(task_id, conflict, choice)
        record["settled"] = {"choice": choice, "at": format_utc(utc_now())}
        WorkLog.update(decision=json.dumps(record, ensure_ascii=False)).where(
            WorkLog.id == row.id).execute()
        value = conflict.ours if choice == "mine" else conflict.theirs
        tasks.log(task_id, "resolve", f"sync conflict {row.id} ({conflict.prop}): "
                  + ("kept this device's " if choice == "mine" else "took the other device's ")
                  + shown(value))
        _mark_task(task_id)
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
    return conflict


def _apply(task_id: int, conflict: Conflict, choice: str) -> None:
    value = conflict.ours if choice == "mine" else conflict.theirs
    if conflict.prop == "steps":
        raise Refused("steps added or deleted on the other device cannot be taken again "
                      "here: add or delete them by hand, then keep mine")
    if conflict.step is None:
        refused = apply.apply_task(task_id, {conflict.prop: value})
    elif conflict.step not in step_titles(task_id):
        raise Refused("that step is no longer in the task's plan")
    else:
        refused = apply.apply_steps(task_id, apply.StepChanges(
            changed={conflict.step: {conflict.prop: value}}))
    if refused:
        raise Refused(refused[0].reason)


def _mark_task(task_id: int) -> None:
    """The task's problem names its next open conflict, or clears when none is left."""
    task = tasks.get_task(task_id)
    if task.problem is not None and task.problem_code not in CONFLICTS:
        return  # another problem came since; it is not ours to clear
    left = open_conflicts(task_id)
    tasks.set_problem(task, problem_of(left[0].conflict, len(left) - 1) if left else None)


def problem_of(conflict: Conflict, others: int) -> Problem:
    """The task's problem for a conflict (and how many more are open): both versions,
    which one was kept and why, told in each screen's language."""
    code = ("conflict_refused" if conflict.reason else
            "conflict_theirs" if conflict.kept == "theirs" else "conflict_ours")
    reason = {"reason": conflict.reason} if conflict.reason else {}
    return Problem.of(code, prop=conflict.prop, ours=conflict.ours, theirs=conflict.theirs,
                      others=others, **reason)


def value_text(value: Any, zone: tzinfo | None = None) -> str:
    """A version as a person reads it: times local, lists joined, nothing as "(none)"."""
    if value is None or value == "" or value == ():
        return "(none)"
    if isinstance(value, datetime):
        return when_text(value, zone)
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


def when_text(value: datetime | None, zone: tzinfo | None = None) -> str:
    """An instant in local time to the second, with its offset, or "unknown" (two edits
    a few seconds apart are told apart)."""
    if value is None:
        return "unknown"
    return value.astimezone(zone or local_zone()).strftime("%Y-%m-%d %H:%M:%S %z")


def as_json(one: OpenConflict) -> dict[str, Any]:
    """The ``sync conflicts --json`` form of an open conflict (UTC ISO times)."""
    data = json.loads(_encode(one.conflict))["conflict"]
    return {"id": one.id, "task": one.task_id, "task_title": one.task_title,
            "step_title": one.step_title, "at": format_utc(one.at), **data}
