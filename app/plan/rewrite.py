"""One editing session is one plan revision: the latest revision rewritten in place.

The window's first edit of a task's plan saves a new revision (the one before it stays
as history: what the assistant wrote, or the plan as it was approved). Later edits,
undos and redos in the same editing session — while that revision is still the latest,
still active (pending, in progress or paused: an aborted, completed or superseded plan
is never overwritten) and was made by this session — rewrite it in place instead of
piling up a revision per keystroke. One active plan per task holds throughout.

Step rows are updated where their step id stays (so the work log and reminders keep
pointing at them), inserted when new and deleted when gone; dependencies are written
again. The same validation and status rules as a new revision apply.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.config import settings
from app.errors import StaleEdit
from app.events import Change, Kind, events
from app.plan import graph
from app.plan import rows as plan_rows
from app.plan.spec import PlanSpec, PlanStep, parse
from app.plan.status import follow_plan, status_for_new_revision, tell_failures
from app.plan.store import latest_plan
from app.reminders import store as reminders
from app.states import ACTIVE_PLAN, PLAN
from app.tasks.store import get_task, log
from models import Plan, Step, StepDependency, atomic


def rewrite_latest(task_id: int, revision: int, data: object,
                   valid: PlanSpec | None = None) -> Plan | None:
    """Validate ``data`` and store it as revision ``revision`` itself, in place; None
    (nothing written) when that revision is no longer active — the caller saves a new one.
    ``valid`` is ``data`` already validated by the caller (origin ``user``): not again.

    Raises:
        InvalidPlan: the plan breaks the contract.
        StaleEdit: ``revision`` is no longer the task's latest.
    """
    if isinstance(data, dict) and data.get("origin") == "assistant":
        data = {**data, "origin": "user"}  # a person's edit of a generated plan
    spec = valid if valid is not None else parse(
        data, max_steps=settings.get("assistant.max_steps"))
    with atomic():
        task = get_task(task_id)
        plan = latest_plan(task.id)
        if plan is None or plan.revision != revision:
            raise StaleEdit(f"task {task_id}'s plan is no longer at revision {revision}; "
                            "the edit was not saved")
        if plan.status not in ACTIVE_PLAN:  # aborted, completed, superseded: never rewritten
            return None
        spec = _with_progress(plan, spec)
        status = status_for_new_revision(plan, spec)
        if status != plan.status:
            PLAN.check(plan.status, status)
        _rewrite_steps(plan, spec)
        stored = PlanSpec(steps=spec.steps, title=spec.title, objective=spec.objective,
                          revision=revision, origin=spec.origin)
        plan.status, plan.title, plan.objective = status, spec.title, spec.objective
        plan.origin, plan.spec = spec.origin, stored.to_json()
        plan.save()
        follow_plan(task, status, revision)
        tell_failures(task, spec, status)
        log(task.id, "plan", f"revision {revision} ({len(spec.steps)} steps) edited in place "
            "by user", actor="user")
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.PLAN_SAVED, task_id, str(revision)))
    return plan


def _with_progress(plan: Plan, spec: PlanSpec) -> PlanSpec:
    """The edit with each kept step's progress as it stands now: an edit changes what the
    plan says, never what was done — a tick that landed after the edit was made (or an
    undo of an older edit) stays ticked."""
    query: Any = Step.select(Step.step_id, Step.status, Step.result, Step.error).where(
        Step.plan == plan).tuples()
    now = {sid: (status, result, error) for sid, status, result, error in query}
    steps = [replace(s, status=now[s.id][0], result=now[s.id][1], error=now[s.id][2])
             if s.id in now else s for s in spec.steps]
    return replace(spec, steps=steps)


def _rewrite_steps(plan: Plan, spec: PlanSpec) -> None:
    """Each step's row updated (same step id), inserted (new) or deleted (gone)."""
    rows = {row.step_id: row.id for row in Step.select(Step.id, Step.step_id)
            .where(Step.plan == plan)}
    StepDependency.delete().where(StepDependency.step.in_(list(rows.values()))).execute()
    g = graph.Graph(spec.steps)
    position = {s.id: i for i, s in enumerate(spec.steps)}
    pks: dict[str, int] = {}
    for sid in sorted(g.order, key=lambda s: (len(g.ancestors(s)), position[s])):
        step = g.steps[sid]
        assert isinstance(step, PlanStep)
        fields = _fields(step, g.status_of(sid) if g.is_group(sid) else step.status,
                         pks.get(step.parent) if step.parent else None, position[sid])
        if sid in rows:
            Step.update(**fields).where(Step.id == rows[sid]).execute()
            pks[sid] = rows[sid]
        else:
            pks[sid] = Step.insert(plan=plan, **fields).execute()
    gone = [pk for sid, pk in rows.items() if sid not in pks]
    if gone:
        Step.update(parent=None).where(Step.id.in_(gone)).execute()  # no cascade into kept
        Step.delete().where(Step.id.in_(gone)).execute()
    edges = [{"step": pks[s.id], "depends_on": pks[d]} for s in spec.steps for d in s.depends_on]
    for start in range(0, len(edges), 400):
        StepDependency.insert_many(edges[start:start + 400]).execute()


def _fields(step: PlanStep, status: str, parent: int | None, position: int) -> dict[str, object]:
    return {"parent": parent, "position": position, **plan_rows.row_values(step, status)}
