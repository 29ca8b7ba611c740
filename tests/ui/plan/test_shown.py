"""What a plan view shows (ui.plan.shown): editable only as a saved plan, steps and refs
read from the snapshot, nothing while a draft is shown."""

from __future__ import annotations

from pathlib import Path

from app.plan import store as plans
from app.plan.snapshot import PlanSnapshot, draft_steps, snapshot
from tests.ui.plan_helpers import running_task
from ui.plan.shown import Shown


def _read(task_id: int) -> PlanSnapshot:
    return snapshot(task_id)


def test_nothing_shown() -> None:
    shown = Shown()
    assert (shown.editable, shown.revision, shown.steps(), shown.order()) == (False, 0, None, [])
    assert shown.ref("s1") is None


def test_saved_plan(db: Path) -> None:
    shown = Shown()
    shown.task_id = running_task()
    shown.snapshot = _read(shown.task_id)
    assert shown.editable and shown.revision == plans.latest_plan(shown.task_id).revision
    assert shown.order() == ["s1", "s2"]
    ref = shown.ref("s2")
    assert ref is not None and ref.waits_for == ("Go to the shop",)


def test_draft_is_read_only(db: Path) -> None:
    shown = Shown()
    shown.task_id = running_task()
    shown.snapshot = _read(shown.task_id)
    shown.draft = draft_steps([{"id": "d1", "title": "Draft"}])
    assert shown.is_draft and not shown.editable
    assert shown.steps() is None and shown.ref("s1") is None
    assert shown.order() == ["s1", "s2"]  # the plan read stays for when the draft ends
