"""The revision comparison dialog (ui.revision_diff): the chosen pair of revisions
compared either way round. (The dialog opened from the toolbar is in test_plan_toolbar.)"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app import plans
from tests.ui.async_helpers import planned_task, two_step_plan
from ui.context import WindowContext
from ui.revision_diff import RevisionDiffDialog


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
