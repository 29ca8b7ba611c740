"""The one mapper between a plan's ``Step`` rows and its PlanSpec steps, both ways.

Driven by the fields ``app.plan.spec`` declares (each with the ``Step`` column it is
stored in), so a new step field is added in one place. ``parent`` and ``depends_on``
are stored as a row key and ``StepDependency`` edges; a step's ``uid`` (the one it has
in a synced calendar) is carried from revision to revision by step id.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any, cast

from app.plan import graph
from app.plan.spec import PlanSpec, PlanStep
from models import Plan, Step, StepDependency

# (PlanStep field, Step column) for every field stored in a column of its own
COLUMNS: tuple[tuple[str, str], ...] = tuple(
    (f.name, f.metadata["column"] or f.name) for f in fields(PlanStep)
    if f.metadata["column"] is not None)
_EDGE_BATCH = 400


def row_values(step: PlanStep, status: str) -> dict[str, Any]:
    """The step's own columns (``step_id`` … ``error``), its status as given (a group's
    is derived); without ``plan``, ``parent`` and ``position``."""
    values = {column: getattr(step, name) for name, column in COLUMNS}
    values["status"] = status
    return values


def step_of(row: Step, parent: str | None, depends_on: list[str]) -> PlanStep:
    """The row as a PlanStep, given its parent's step id and its dependencies'."""
    kwargs = {name: getattr(row, column) for name, column in COLUMNS}
    return PlanStep(**kwargs, parent=parent, depends_on=depends_on)


def read_spec(plan: Plan) -> PlanSpec:
    """The plan as it stands now (steps with their current status), as a PlanSpec.

    The steps are read as converted tuples, not ``Step`` objects: a model object per
    row was half of reading a 500-step plan for the graph."""
    names = [name for name, _column in COLUMNS]
    rows: list[tuple[Any, ...]] = list(cast(Iterable[tuple[Any, ...]], Step.select(
        Step.id, Step.parent, *[getattr(Step, c) for _n, c in COLUMNS])
        .where(Step.plan == plan).order_by(Step.position).tuples()))
    by_pk = {row[0]: row[2 + names.index("id")] for row in rows}
    deps: dict[int, list[str]] = {row[0]: [] for row in rows}
    edges = (StepDependency.select(StepDependency.step, StepDependency.depends_on)
             .join(Step, on=StepDependency.step == Step.id)
             .where(Step.plan == plan).order_by(StepDependency.id).tuples())
    for step_pk, dep_pk in edges.iterator():
        deps[int(step_pk)].append(by_pk[int(dep_pk)])
    steps = [PlanStep(**dict(zip(names, row[2:], strict=True)),
                      parent=None if row[1] is None else by_pk[row[1]], depends_on=deps[row[0]])
             for row in rows]
    return PlanSpec(steps=steps, title=plan.title, objective=plan.objective,
                    revision=plan.revision, origin=plan.origin)


def insert_steps(plan: Plan, spec: PlanSpec, uids: dict[str, str]) -> None:
    """Store the spec's steps and edges as the rows of ``plan`` (a new revision).

    Args:
        plan: the new revision's row.
        spec: its steps.
        uids: the calendar UID each step id had in the revision before (kept for ever).
    """
    g = graph.Graph(spec.steps)
    pks: dict[str, int] = {}
    position = {s.id: i for i, s in enumerate(spec.steps)}
    for sid in parents_first(g, position):
        s = g.steps[sid]
        assert isinstance(s, PlanStep)
        status = g.status_of(sid) if g.is_group(sid) else s.status
        pks[sid] = Step.insert(
            plan=plan, parent=pks.get(s.parent) if s.parent else None, position=position[sid],
            uid=uids.get(sid), **row_values(s, status)).execute()
    insert_edges(spec, pks)


def parents_first(g: graph.Graph, position: dict[str, int]) -> list[str]:
    """Step ids in an order where each parent comes before its sub-steps."""
    return sorted(g.order, key=lambda s: (len(g.ancestors(s)), position[s]))


def insert_edges(spec: PlanSpec, pks: dict[str, int]) -> None:
    """The ``StepDependency`` rows of the spec, its steps' row keys given."""
    edges = [{"step": pks[s.id], "depends_on": pks[d]} for s in spec.steps for d in s.depends_on]
    for start in range(0, len(edges), _EDGE_BATCH):
        StepDependency.insert_many(edges[start:start + _EDGE_BATCH]).execute()


def step_uids(plan: Plan | None) -> dict[str, str]:
    """The calendar UID of each step of ``plan`` that has one (none for no plan)."""
    if plan is None:
        return {}
    query = Step.select(Step.step_id, Step.uid).where(
        (Step.plan == plan.id) & Step.uid.is_null(False))
    rows: Any = query.tuples()
    return {str(sid): str(uid) for sid, uid in rows}
