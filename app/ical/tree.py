"""VTODOs back into tasks with plans: the RELATED-TO tree read from any client's list.

A VTODO whose PARENT is not among the VTODOs read is a task; every VTODO below it is a
step of that task's plan, its DEPENDS-ON links turned back into step ids. What cannot
be kept (a link to a VTODO that is not there, a task that depends on a task, a VTODO
read twice, a parent loop) is named in ``skipped`` rather than dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from icalendar import Todo

from app.ical.values import related, text_of
from app.ical.vtodo import StepItem, TaskItem, read_step, read_task
from app.plan.spec import SCHEMA_VERSION


@dataclass
class ReadTask:
    """A task read from VTODOs, with the steps found under it in the file's order."""

    task: TaskItem
    steps: list[StepItem] = field(default_factory=list)


@dataclass
class ReadList:
    tasks: list[ReadTask]
    skipped: list[str]


def read_tree(todos: list[Todo]) -> ReadList:
    """Sort VTODOs into tasks and the steps under them."""
    skipped: list[str] = []
    by_uid = _unique(todos, skipped)
    parent_of = {uid: next((p for p in related(t, "PARENT") if p in by_uid and p != uid), None)
                 for uid, t in by_uid.items()}
    children: dict[str, list[str]] = {}
    for uid, parent in parent_of.items():
        if parent is not None:
            children.setdefault(parent, []).append(uid)
    order = {uid: n for n, uid in enumerate(by_uid)}  # steps keep the file's order
    tasks, placed = [], set()
    for uid, parent in parent_of.items():
        if parent is None:
            members = sorted(_descendants(uid, children), key=order.__getitem__)
            placed.update([uid, *members])
            tasks.append(_read_task(by_uid, uid, members, skipped))
    for uid in by_uid:
        if uid not in placed:
            skipped.append(f"{_name(by_uid[uid])}: its parents form a loop")
    return ReadList(tasks, skipped)


def _unique(todos: list[Todo], skipped: list[str]) -> dict[str, Todo]:
    by_uid: dict[str, Todo] = {}
    for todo in todos:
        uid = text_of(todo, "uid")
        if not uid:
            skipped.append(f"{_name(todo)}: no UID")
        elif uid in by_uid:
            skipped.append(f"{_name(todo)}: a second VTODO with UID {uid}")
        else:
            by_uid[uid] = todo
    return by_uid


def _descendants(root: str, children: dict[str, list[str]]) -> list[str]:
    """Every VTODO under ``root``, breadth first (a parent before its children)."""
    found, queue = [], list(children.get(root, []))
    while queue:
        uid = queue.pop(0)
        found.append(uid)
        queue.extend(children.get(uid, []))
    return found


def _read_task(by_uid: dict[str, Todo], uid: str, members: list[str],
               skipped: list[str]) -> ReadTask:
    task = read_task(by_uid[uid])
    if related(by_uid[uid], "DEPENDS-ON"):
        skipped.append(f"task {task.title!r}: its dependencies on other tasks (Stepwise "
                       "dependencies link steps of one plan)")
    steps: list[StepItem] = []
    ids: set[str] = set()
    for member in members:
        step = read_step(by_uid[member], _fallback_id(by_uid[member], ids))
        step.step.id = _free_id(step.step.id, ids)
        ids.add(step.step.id)
        steps.append(step)
    _link(task, steps, skipped)
    return ReadTask(task, steps)


def _link(task: TaskItem, steps: list[StepItem], skipped: list[str]) -> None:
    """Fill each step's parent and depends_on step ids from its UIDs."""
    id_of = {s.uid: s.step.id for s in steps}
    for item in steps:
        item.step.parent = id_of.get(item.parent_uid)
        kept = []
        for dep in item.depends_on:
            if dep in id_of and dep != item.uid:
                kept.append(id_of[dep])
            else:
                skipped.append(f"step {item.step.title!r} of {task.title!r}: its dependency "
                               f"on {dep}, which is not a step of the same task")
        item.step.depends_on = kept
    groups = {item.step.parent for item in steps}
    for item in steps:
        if item.step.id in groups:  # a step with sub-steps is a group: no target, no inputs
            item.step.target, item.step.inputs = None, {}


def _fallback_id(todo: Todo, taken: set[str]) -> str:
    """A readable step id from the summary (ASCII words), or ``step-N``."""
    words = re.findall(r"[a-z0-9]+", text_of(todo, "summary").lower())
    return "-".join(words)[:40].strip("-") or f"step-{len(taken) + 1}"


def _free_id(wanted: str, taken: set[str]) -> str:
    candidate, n = wanted, 2
    while candidate in taken:
        candidate, n = f"{wanted}-{n}", n + 1
    return candidate


def _name(todo: Todo) -> str:
    return repr(text_of(todo, "summary") or text_of(todo, "uid") or "a VTODO")


def plan_data(read: ReadTask) -> dict[str, Any] | None:
    """The PlanSpec JSON of a task's steps, or None when it has none."""
    if not read.steps:
        return None
    plan = read.task.plan
    steps = [item.step.to_json() for item in read.steps]
    return {
        "schema_version": SCHEMA_VERSION, "revision": 1,
        "origin": plan.origin if plan is not None else "user",
        "title": plan.title if plan is not None else read.task.title,
        "objective": plan.objective if plan is not None else "",
        "steps": steps,
    }
