"""VTODOs back into tasks with plans: the RELATED-TO tree read from any client's list.

A VTODO whose PARENT is not among the VTODOs read is a task; every VTODO below it is a
step of that task's plan, its DEPENDS-ON links turned back into step ids. What cannot
be kept (a link to a VTODO that is not there, a task that depends on a task, a VTODO
read twice, a parent loop, steps deeper than a plan's ``MAX_DEPTH`` levels) is named in
``skipped`` rather than dropped silently.

Everything here is linear in the number of VTODOs: a chain of 20,000 items, each under
the one before, is read (and its too-deep task skipped) without walking every item's
ancestors, which the plan checks would do for each step.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from icalendar import Todo

from app.ical.values import related, text_of
from app.ical.vtodo import StepItem, TaskItem, read_step, read_task
from app.plan.graph import too_deep
from app.plan.spec import MAX_DEPTH, SCHEMA_VERSION
from app.problems import Problem


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
            levels = _levels(uid, children)
            members = sorted(levels, key=order.__getitem__)
            placed.update([uid, *members])
            read = _read_task(by_uid, uid, members, skipped)
            too_deep = _too_deep(read, levels)
            if too_deep is None:
                tasks.append(read)
            else:
                skipped.append(f"{_name(by_uid[uid])}: its steps do not make a valid plan: "
                               f"{too_deep}")
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


def _levels(root: str, children: dict[str, list[str]]) -> dict[str, int]:
    """Every VTODO under ``root`` with its level (1: a step of the task), breadth first
    (a parent before its children)."""
    found: dict[str, int] = {}
    queue = deque((uid, 1) for uid in children.get(root, []))
    while queue:
        uid, level = queue.popleft()
        found[uid] = level
        queue.extend((child, level + 1) for child in children.get(uid, []))
    return found


def _too_deep(read: ReadTask, levels: dict[str, int]) -> Problem | None:
    """The plan checks' ``too_deep`` problem for the first step (in the file's order)
    deeper than ``MAX_DEPTH``, found from the levels already counted, or None."""
    deep = next((item for item in read.steps if levels[item.uid] > MAX_DEPTH), None)
    if deep is None:
        return None
    by_uid = {item.uid: item for item in read.steps}
    chain, item = [deep.step.id], by_uid.get(deep.parent_uid)
    while item is not None:
        chain.append(item.step.id)
        item = by_uid.get(item.parent_uid)
    return too_deep(chain, MAX_DEPTH)


def _read_task(by_uid: dict[str, Todo], uid: str, members: list[str],
               skipped: list[str]) -> ReadTask:
    task = read_task(by_uid[uid])
    if related(by_uid[uid], "DEPENDS-ON"):
        skipped.append(f"task {task.title!r}: its dependencies on other tasks (Stepwise "
                       "dependencies link steps of one plan)")
    steps: list[StepItem] = []
    ids: set[str] = set()
    tried: dict[str, int] = {}  # the next number to try after each wanted id
    for member in members:
        step = read_step(by_uid[member], _fallback_id(by_uid[member], ids))
        step.step.id = _free_id(step.step.id, ids, tried)
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


def _free_id(wanted: str, taken: set[str], tried: dict[str, int]) -> str:
    """``wanted``, else ``wanted-2``, ``wanted-3`` …: the first not taken, counting on
    from the last number given (20,000 steps of one title are not 20,000² tries)."""
    candidate, n = wanted, tried.get(wanted, 2)
    while candidate in taken:
        candidate, n = f"{wanted}-{n}", n + 1
    tried[wanted] = n
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
