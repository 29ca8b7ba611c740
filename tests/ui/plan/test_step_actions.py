"""The step commands shared by the graph, the outline and the details panel
(ui.plan.step_actions): the step menu with every command and its key, and a step that still
waits saying for what."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan.test_view import centre, open_view
from tests.ui.plan_helpers import click_check_circle, latest, running_task
from ui.shared.context import WindowContext


def test_the_step_menu_lists_every_command_with_its_key(ctx: WindowContext, qtbot: QtBot
                                                        ) -> None:
    view = open_view(ctx, qtbot, running_task())
    view.graphics.customContextMenuRequested.emit(centre(view, "s1"))
    menu = view.findChild(QMenu)
    assert menu is not None
    entries = {a.text(): a for a in menu.actions() if a.text()}
    for text in ("Start", "Done", "Skip", "Retry", "Rename", "Add step after",
                 "Add sub-step", "Delete"):
        assert text in entries and not entries[text].shortcut().isEmpty(), text
    assert entries["Done"].isEnabled() and not entries["Retry"].isEnabled()
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        entries["Add sub-step"].trigger()
    menu.close()
    spec = plans.spec_of(plans.latest_plan(view.task_id))  # type: ignore[arg-type]
    assert [s.parent for s in spec.steps if s.title == "New step"] == ["s1"]


def test_tick_out_of_order(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    click_check_circle(view, "s2")  # before "Go to the shop": the person's word wins
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s2").status == "completed")
    qtbot.wait_until(lambda: said == ["“Pay” done before “Go to the shop”; the plan adapts"])
    assert ctx.undo.stack().undoText() == "Done “Pay”"


def test_tick_undo(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    click_check_circle(view, "s1")
    qtbot.wait_until(lambda: ctx.undo.stack().canUndo())
    assert plans.spec_of(latest(task_id)).step("s1").status == "completed"
    ctx.undo.undo()
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "pending")
    ctx.undo.redo()
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "completed")


def test_untick(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    plans.step_action(task_id, "s1", "done")
    view = open_view(ctx, qtbot, task_id)
    click_check_circle(view, "s1")
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "pending")


def test_a_group_says_it_follows_its_sub_steps(ctx: WindowContext) -> None:
    from ui.plan.step_actions import StepActions, StepRef

    said: list[str] = []
    ctx.status.info.connect(said.append)
    ref = StepRef(task_id=1, revision=1, step_id="m", title="Move 50%2 of stock",
                  status="pending", plan_status="in_progress", is_group=True)
    StepActions.of(ctx).toggle_done(ref)
    assert said == ["“Move 50%2 of stock” is done when its sub-steps are"]


def test_refused_tick(ctx: WindowContext, qtbot: QtBot) -> None:
    """A plan aborted meanwhile (the CLI, another view) refuses the tick: the status line
    tells it, the views hear the move failed, and there is nothing to undo."""
    from ui.plan.step_actions import StepActions, StepRef

    task_id = running_task()
    plans.plan_action(task_id, "abort")
    ref = StepRef(task_id=task_id, revision=1, step_id="s1", title="Go to the shop",
                  status="pending", plan_status="in_progress", is_group=False)
    actions = StepActions.of(ctx)
    failed: list[tuple[int, str]] = []
    actions.move_failed.connect(lambda task, step: failed.append((task, step)))
    with qtbot.wait_signal(ctx.status.error, timeout=5000):
        actions.toggle_done(ref)
    qtbot.wait_until(lambda: failed == [(task_id, "s1")])
    assert not ctx.undo.stack().canUndo()
    with qtbot.wait_signal(ctx.status.error, timeout=5000):
        actions.move(ref, "start")
    qtbot.wait_until(lambda: len(failed) == 2)
