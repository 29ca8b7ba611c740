"""What changed between two revisions of a plan, step by step and field by field.

``diff_plans`` compares two PlanSpecs by step id: steps only in the newer one are
added, steps only in the older one removed, and a step in both is changed when any of
its fields differ (title, dependencies, target, status …). Values are given as short
readable text, so a window or the command line can show them as they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.plan.spec import PlanSpec, PlanStep
from models.fields import format_utc

# The fields compared, in the order they are reported.
STEP_FIELDS = ("title", "objective", "depends_on", "parent", "target", "inputs",
               "output_schema", "done_when", "worker", "due", "status", "result", "error")
PLAN_FIELDS = ("title", "objective", "origin")


@dataclass(frozen=True)
class FieldChange:
    """One field's value before and after, as text ("" for none)."""

    field: str
    old: str
    new: str


@dataclass(frozen=True)
class StepChange:
    """A step that was ``added``, ``removed`` or ``changed`` (with the fields that were)."""

    step_id: str
    kind: str
    title: str
    fields: tuple[FieldChange, ...] = ()


@dataclass(frozen=True)
class PlanDiff:
    old_revision: int
    new_revision: int
    plan_fields: tuple[FieldChange, ...]
    steps: tuple[StepChange, ...]

    def count(self, kind: str) -> int:
        """How many steps were ``added``, ``removed`` or ``changed``."""
        return sum(1 for s in self.steps if s.kind == kind)

    @property
    def empty(self) -> bool:
        return not self.plan_fields and not self.steps


def text_of(value: Any) -> str:
    """A field value as one readable line of text."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True) if value else ""
    if isinstance(value, datetime):
        return format_utc(value)
    return str(value)


def _field_changes(old: object, new: object, names: tuple[str, ...]) -> tuple[FieldChange, ...]:
    changes = []
    for name in names:
        before, after = text_of(getattr(old, name)), text_of(getattr(new, name))
        if before != after:
            changes.append(FieldChange(name, before, after))
    return tuple(changes)


def _step_changes(old: PlanSpec, new: PlanSpec) -> list[StepChange]:
    before: dict[str, PlanStep] = {s.id: s for s in old.steps}
    after_ids = {s.id for s in new.steps}
    changes: list[StepChange] = []
    for step in new.steps:
        previous = before.get(step.id)
        if previous is None:
            changes.append(StepChange(step.id, "added", step.title))
            continue
        fields = _field_changes(previous, step, STEP_FIELDS)
        if fields:
            changes.append(StepChange(step.id, "changed", step.title, fields))
    changes.extend(StepChange(s.id, "removed", s.title) for s in old.steps
                   if s.id not in after_ids)
    return changes


def diff_plans(old: PlanSpec, new: PlanSpec) -> PlanDiff:
    """The differences from ``old`` to ``new``: plan fields first, then steps in the
    newer plan's order, then the removed steps in the older plan's order."""
    return PlanDiff(old_revision=old.revision, new_revision=new.revision,
                    plan_fields=_field_changes(old, new, PLAN_FIELDS),
                    steps=tuple(_step_changes(old, new)))


def revision_specs(task_id: int, revisions: tuple[int, ...]) -> dict[int, PlanSpec]:
    """The task's plan at each of these revisions, with each step's current status.

    Reads the store: call it from a worker thread in the window.
    """
    from app.plan import store as plans
    from models import Plan

    rows = (Plan.select(Plan.id, Plan.revision, Plan.title, Plan.objective, Plan.origin)
            .where((Plan.task == task_id) & Plan.revision.in_(revisions)))
    return {row.revision: plans.spec_of(row) for row in rows}
