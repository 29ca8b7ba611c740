"""A step's estimate and its planned blocks in the step's details (ui.step.schedule): the
block shown, the estimate edited as text, and a text that is not a duration refused."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.week_of_work import a_week_of_work
from ui.shared.context import WindowContext

pytestmark = pytest.mark.usefixtures("command_line_keeper_off")


def test_step_details_show_the_block_and_edit_the_estimate(ctx: WindowContext,
                                                           qtbot: QtBot) -> None:
    from ui.step.panel import StepPanel

    offsite = a_week_of_work()
    details = StepPanel(ctx)
    qtbot.add_widget(details)
    ctx.selection.select_task(offsite)
    ctx.selection.select_step("venues")
    box = details.schedule
    assert box.estimate.text() == "2 h"
    assert box.blocks.text().startswith("Mon 12-14 10:00–12:00: first free 2 h")
    box.estimate.setText("1h30")
    box.estimate.editingFinished.emit()

    def estimate() -> int | None:
        return plans.spec_of(plans.active_plan(offsite)).step("venues").estimate_minutes

    qtbot.wait_until(lambda: estimate() == 90, timeout=5_000)
    box.estimate.setText("soon")
    with qtbot.wait_signal(ctx.status.error, timeout=2_000) as said:
        box.estimate.editingFinished.emit()
    assert "not a duration" in said.args[0] and estimate() == 90
