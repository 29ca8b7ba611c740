"""The revision comparison dialog (ui.plan.revision_diff): the chosen pair of revisions
compared either way round, one revision said to have nothing to compare, and a long value
shown on one line with all of it in its tooltip. (The dialog opened from the toolbar is in
test_plan_toolbar.)"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.async_helpers import planned_task, two_step_plan
from ui.plan.revision_diff import RevisionDiffDialog
from ui.shared.context import WindowContext


def second_revision(task_id: int) -> None:
    plan = two_step_plan(revision=1)
    plan["steps"][0]["title"] = "Pick three dates"
    plan["steps"].append({"id": "book", "title": "Book the venue", "depends_on": ["dates"]})
    plans.save_plan(task_id, plan)


def test_revision_diff_compares_the_chosen_pair(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = planned_task(approve=False)
    second_revision(task_id)
    dialog = RevisionDiffDialog(ctx, task_id)
    qtbot.add_widget(dialog)
    qtbot.wait_signal(dialog.diff_shown, timeout=5000).wait()
    with qtbot.wait_signal(dialog.diff_shown, timeout=5000):
        dialog.select(2, 1)  # backwards: the new step was removed
    assert ("− book: Book the venue", "removed") in dialog.step_rows()


def test_one_revision_has_nothing_to_compare(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = planned_task(approve=False)
    dialog = RevisionDiffDialog(ctx, task_id)
    qtbot.add_widget(dialog)
    qtbot.wait_until(lambda: dialog.old_combo.count() == 1)
    assert dialog.summary.text() == "This plan has only one revision: nothing to compare."
    assert dialog.tree.topLevelItemCount() == 0


def test_a_long_value_is_one_line_with_all_of_it_in_the_tooltip(ctx: WindowContext,
                                                                 qtbot: QtBot) -> None:
    task_id = planned_task(approve=False)
    plan = two_step_plan(revision=1)
    long = "Two candidate dates,\nboth before the holidays. " + "x" * 200
    plan["steps"][0]["objective"] = long
    plans.save_plan(task_id, plan)
    dialog = RevisionDiffDialog(ctx, task_id)
    qtbot.add_widget(dialog)
    qtbot.wait_signal(dialog.diff_shown, timeout=5000).wait()
    step = dialog.tree.topLevelItem(0)
    field = step.child(0) if step is not None else None
    assert field is not None and field.text(0) == "Objective"
    assert "\n" not in field.text(3) and len(field.text(3)) == 120
    assert field.text(3).endswith("…") and field.toolTip(3) == long
    assert "0 added, 0 removed, 1 changed" in dialog.summary.text()
