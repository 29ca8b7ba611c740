"""What one plan view shows: its task, the plan as last read, and the assistant's draft.

The view (``ui.plan.view.PlanView``) writes a ``Shown`` as tasks are selected, plans
read and drafts grow; its helpers (the edit commands, the step commands) are handed the
same ``Shown`` and read it, so they work on what is shown, never on the view itself.
"""

from __future__ import annotations

from app.plan.editing import PlanSnapshot
from app.plan.spec import PlanStep
from ui.plan.step_actions import StepRef, ref_from


class Shown:
    """The task and plan one view shows (task 0: none)."""

    def __init__(self) -> None:
        self.task_id = 0
        self.snapshot: PlanSnapshot | None = None
        self.draft: list[PlanStep] | None = None  # the steps of a plan being written

    @property
    def is_draft(self) -> bool:
        """Whether a plan the assistant is still writing is shown (read-only)."""
        return self.draft is not None

    @property
    def editable(self) -> bool:
        """Whether a person may edit what is shown: a task's saved plan, not a draft."""
        return bool(self.task_id) and self.draft is None

    @property
    def revision(self) -> int:
        """The revision an edit is made against (0: no plan read yet)."""
        return 0 if self.snapshot is None else self.snapshot.revision

    def steps(self) -> list[PlanStep] | None:
        """The saved plan's steps (None: none read, or a draft is shown)."""
        if self.draft is not None or self.snapshot is None or self.snapshot.spec is None:
            return None
        return self.snapshot.spec.steps

    def order(self) -> list[str]:
        """The step ids of the plan read, in plan order."""
        spec = None if self.snapshot is None else self.snapshot.spec
        return [] if spec is None else [s.id for s in spec.steps]

    def ref(self, step_id: str) -> StepRef | None:
        """A step a person may act on (None: not in the plan shown, or a draft)."""
        return None if self.draft is not None else ref_from(self.snapshot, step_id)
