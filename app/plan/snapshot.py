"""What the plan graph shows, read for the window (Qt-free): the latest plan with its
pinned node positions, and a half-written plan read leniently for drawing.

Node positions are view state (``StepLayout``), read and written here beside the plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.config import settings
from app.plan.spec import PlanSpec, PlanStep, lenient_step
from app.plan.store import latest_plan, spec_of
from models import StepLayout, atomic, database


def draft_steps(raw: list[Any]) -> list[PlanStep]:
    """Steps of a plan still being written, read leniently for drawing only.

    Unknown ids in ``depends_on`` and ``parent`` are dropped, duplicates and parent
    loops are cut, so a half-written or wrong plan can still be drawn (it is validated
    when it is saved, not here).
    """
    steps: dict[str, PlanStep] = {}
    for item in raw:
        step = lenient_step(item)
        if step is None or step.id in steps:
            continue
        step.title = step.title or step.id
        if not isinstance(item.get("target"), str | None):
            step.target = None  # drawn as a group until the model writes a target
        steps[step.id] = step
    for step in steps.values():
        step.depends_on = [d for d in dict.fromkeys(step.depends_on) if d in steps and d != step.id]
        if step.parent not in steps:
            step.parent = None
    for step in steps.values():
        seen = {step.id}
        parent = step.parent
        while parent is not None:
            if parent in seen:
                step.parent = None
                break
            seen.add(parent)
            parent = steps[parent].parent
    return list(steps.values())


@dataclass(frozen=True)
class PlanSnapshot:
    """Plain data for the window's plan area: the latest plan (None: none yet), pinned
    positions, the task's name as it is now and whether plans are approved by themselves
    (what the plan's toolbar shows)."""

    task_id: int
    spec: PlanSpec | None
    status: str
    pinned: dict[str, tuple[float, float]]
    title: str = ""  # the task's title now (else the plan's); "" without a plan
    auto_accept: bool = False

    @property
    def revision(self) -> int:
        return 0 if self.spec is None else self.spec.revision


def snapshot(task_id: int) -> PlanSnapshot:
    """Read the task's latest plan and its node positions (call from a worker thread)."""
    with database.atomic("DEFERRED"):
        plan = latest_plan(task_id)
        spec = None if plan is None else spec_of(plan)
        status = "" if plan is None else str(plan.status)
        title = "" if plan is None else plan.task.title or plan.title or ""
        return PlanSnapshot(task_id, spec, status, pinned_positions(task_id), title,
                            bool(settings.get("assistant.auto_accept")))


def pinned_positions(task_id: int) -> dict[str, tuple[float, float]]:
    rows: Any = StepLayout.select(StepLayout.step_id, StepLayout.x, StepLayout.y).where(
        StepLayout.task == task_id).tuples()
    return {str(sid): (float(x), float(y)) for sid, x, y in rows}


def save_positions(task_id: int, positions: Mapping[str, tuple[float, float]]) -> None:
    """Pin nodes where a person dragged them (insert or replace, one transaction)."""
    rows = [{"task": task_id, "step_id": sid, "x": x, "y": y}
            for sid, (x, y) in positions.items()]
    with atomic():
        for start in range(0, len(rows), 200):
            (StepLayout.insert_many(rows[start:start + 200])
             .on_conflict(conflict_target=[StepLayout.task, StepLayout.step_id],
                          preserve=[StepLayout.x, StepLayout.y])
             .execute())
