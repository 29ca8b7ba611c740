"""A server's changes entering the store through the use cases a person's edit uses.

Task fields go through ``tasks.update_task``; a task ticked off elsewhere through
``task_done`` and the task state machine; a step's title, details, parent or
dependencies (and steps added or deleted elsewhere) through ``plans.save_plan`` as one
new revision with origin ``user``; a step's status through ``plans.step_action``.
Each function returns the changes the rules refused, one ``Conflict`` a property (this
device's version kept, the reason said), for ``app.sync.conflicts`` to keep.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.errors import KnownError
from app.ical.vtodo import StepItem
from app.plan import editing as plan_editing
from app.plan import store as plans
from app.plan import ticks as task_done
from app.states import StepStatus, TaskStatus
from app.sync import records
from app.sync.merge import TASK_EDITABLE, Conflict, step_fields, task_fields
from app.tasks import store as tasks
from models import Step, atomic

STEP_ACTION: dict[str, str] = {StepStatus.COMPLETED: "done", StepStatus.SKIPPED: "skip",
                               StepStatus.IN_PROGRESS: "start", StepStatus.FAILED: "fail",
                               StepStatus.PENDING: "retry"}
# a step open again on another device: a failed one is retried, a finished one reopened
_REOPENED: dict[str, str] = {StepStatus.COMPLETED: "reopen", StepStatus.SKIPPED: "reopen"}
_STRUCTURE = ("title", "detail", "due", "parent", "depends_on")


@dataclass
class StepChanges:
    """The server's changes to one task's steps, gathered for one plan revision."""

    changed: dict[str, dict[str, Any]] = field(default_factory=dict)  # by step UID
    added: list[StepItem] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)  # step UIDs

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.gone)


def apply_task(task_id: int, take: dict[str, Any]) -> list[Conflict]:
    """Apply the server's task fields; returns what was refused."""
    refused: list[Conflict] = []
    edits = {k: (list(v) if k == "tags" else v) for k, v in take.items() if k in TASK_EDITABLE}
    if edits:
        try:
            tasks.update_task(task_id, named=clock_times(edits), **edits)
        except (KnownError, ValueError) as exc:
            ours = task_fields(records.items_of(tasks.get_task(task_id))[0])
            refused += [Conflict(k, ours[k], take[k], "mine", reason=str(exc)) for k in edits
                        if k in ours]  # a zone goes with its time
    if "status" in take:
        try:
            task_status(task_id, str(take["status"]))
        except KnownError as exc:
            refused.append(Conflict("status", tasks.get_task(task_id).status, take["status"],
                                    "mine", reason=str(exc)))
    return refused


def clock_times(edits: dict[str, Any]) -> tuple[str, ...]:
    """The start and due another app set with a clock time: named by the person there, so
    appointments here. An all-day date (a ``date``) is not."""
    return tuple(role for role in ("start", "due")
                 if isinstance(edits.get(f"{role}_at"), datetime))


def task_status(task_id: int, status: str) -> None:
    """Move the task to ``status`` through ``task_done`` and the task state machine."""
    task = tasks.get_task(task_id)
    if status == TaskStatus.DONE:
        task_done.finish_task(task_id)
    elif status in (TaskStatus.NEW, TaskStatus.IN_PROGRESS) \
            and task.status in (TaskStatus.DONE, TaskStatus.CANCELLED):
        task_done.reopen_task(task_id)
    elif status == TaskStatus.CANCELLED:
        with atomic():
            tasks.set_status(task, TaskStatus.CANCELLED, why="cancelled on another device",
                             actor="sync")


def apply_steps(task_id: int, changes: StepChanges) -> list[Conflict]:
    """One new plan revision for the structure, then each status through the machine."""
    if any(set(c) & set(_STRUCTURE) for c in changes.changed.values()) or changes.added \
            or changes.gone:
        try:
            _save_structure(task_id, changes)
        except KnownError as exc:
            return _structure_refused(changes, _steps_now(task_id), str(exc))
    refused: list[Conflict] = []
    ids = _step_ids(task_id)
    for uid, take in changes.changed.items():
        action = STEP_ACTION.get(str(take.get("status")))
        if action is None or uid not in ids:
            continue
        if action == "retry":
            action = _REOPENED.get(str(_steps_now(task_id).get(uid, {}).get("status")), action)
        try:
            plans.step_action(task_id, ids[uid], action, actor="sync",
                              error="failed on another device" if action == "fail" else None)
        except KnownError as exc:
            ours = _steps_now(task_id).get(uid, {}).get("status")
            refused.append(Conflict("status", ours, take["status"], "mine", uid,
                                    reason=f"step {ids[uid]!r}: {exc}"))
    return refused


def _steps_now(task_id: int) -> dict[str, dict[str, Any]]:
    """Each step's properties as this device holds them, by step UID."""
    return {item.uid: step_fields(item) for item in records.items_of(tasks.get_task(task_id))[1]}


def _structure_refused(changes: StepChanges, ours: dict[str, dict[str, Any]],
                       reason: str) -> list[Conflict]:
    """The refused revision as conflicts: each changed property, and the steps added or
    deleted elsewhere (named ``steps``, which can only be kept as they are here)."""
    found = [Conflict(name, ours.get(uid, {}).get(name), value, "mine", uid, reason=reason)
             for uid, take in changes.changed.items() for name, value in take.items()]
    if changes.added or changes.gone:
        theirs = [f"+ {item.step.title}" for item in changes.added] + \
            [f"- {ours.get(uid, {}).get('title', uid)}" for uid in changes.gone]
        found.append(Conflict("steps", None, theirs, "mine", reason=reason))
    return found


def _step_ids(task_id: int) -> dict[str, str]:
    """Step UID → step id in the task's travelling plan (and the task's own UID → None)."""
    _, steps = records.items_of(tasks.get_task(task_id))
    return {item.uid: item.step.id for item in steps}


def _save_structure(task_id: int, changes: StepChanges) -> None:
    task = tasks.get_task(task_id)
    plan = plans.latest_plan(task_id)
    data = plans.spec_of(plan).to_json() if plan is not None \
        else plan_editing.new_plan_data(task.title)
    ids = _step_ids(task_id) if plan is not None else {}
    new_ids = _add_steps(data, changes.added, ids)
    ids.update(new_ids)
    by_id = {s["id"]: s for s in data["steps"]}
    for uid, take in changes.changed.items():
        if uid in ids:
            _edit_step(by_id[ids[uid]], take, ids)
    gone = [ids[uid] for uid in changes.gone if uid in ids]
    if gone:
        data = plan_editing.delete_steps(data, gone)
    plan_editing._normalise_groups(data)
    saved = plans.save_plan(task_id, plan_editing.checked(data), author="user", source="sync")
    for uid, step_id in new_ids.items():
        Step.update(uid=uid).where(Step.plan == saved, Step.step_id == step_id).execute()


def _add_steps(data: dict[str, Any], added: list[StepItem], ids: dict[str, str]
               ) -> dict[str, str]:
    """Steps made on another device, appended; returns their UID → new step id."""
    taken = {s["id"] for s in data["steps"]}
    made: dict[str, str] = {}
    for item in added:
        step_id, n = item.step.id, 2
        while step_id in taken:
            step_id, n = f"{item.step.id}-{n}", n + 1
        taken.add(step_id)
        made[item.uid] = step_id
    for item in added:
        known = {**ids, **made}
        step = item.step.to_json()
        step.update(id=made[item.uid], parent=known.get(item.parent_uid),
                    depends_on=[known[d] for d in item.depends_on if d in known],
                    status=StepStatus.PENDING)
        data["steps"].append(step)
    return made


def _edit_step(step: dict[str, Any], take: dict[str, Any], ids: dict[str, str]) -> None:
    from models.fields import format_utc

    if "title" in take:
        step["title"] = take["title"]
    if "detail" in take:
        step["objective"] = take["detail"]
    if "due" in take:
        step["due"] = None if take["due"] is None else format_utc(take["due"])
    if "parent" in take:
        step["parent"] = ids.get(take["parent"])
    if "depends_on" in take:
        step["depends_on"] = [ids[d] for d in take["depends_on"] if d in ids]
