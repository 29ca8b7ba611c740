"""Issue 11, edit in place: a step dropped on itself does nothing, and undoing a rename
of a finished plan keeps it finished. (The graph's rename and check circle are in
test_graph_steps, the step menu in test_step_actions, the outline in test_plan_outline,
the details panel's fields in tests/ui/step/test_form.py.)"""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan.test_view import open_view
from tests.ui.plan_helpers import latest, running_task
from ui.shared.context import WindowContext


def test_a_step_dropped_on_itself_does_nothing(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    view.scene.step_dropped.emit("s1", "s1")
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert latest(task_id).revision == 1 and not view.banner.isVisible()


def test_undoing_a_rename_of_a_finished_plan_keeps_it_finished(db: Path) -> None:
    from functools import partial

    from app.plan import editing as plan_editing
    from app.plan import step_edits
    from app.tasks.store import get_task

    task_id = running_task()
    saved = plan_editing.apply_edit(task_id, 1, partial(step_edits.rename_step, step_id="s1",
                                                        title="Go to the corner shop"))
    plans.step_action(task_id, "s1", "done")
    plans.step_action(task_id, "s2", "done")
    assert get_task(task_id).status == "done"
    plan_editing.restore(task_id, saved.before)  # Ctrl+Z after finishing the plan
    assert plans.spec_of(latest(task_id)).step("s1").title == "Go to the shop"
    assert latest(task_id).status == "completed" and get_task(task_id).status == "done"
    reopened = plan_editing.apply_edit(task_id, latest(task_id).revision,
                                       partial(plan_editing.add_step, title="Put it away"))
    assert latest(task_id).status == "in_progress" and reopened.revision == 4
    assert get_task(task_id).status == "in_progress"
