"""Issue 11, edit in place: rename a step by double-click or F2 in the graph and the
outline, the step context menu with its keys, one-click done on a node's check circle,
and the details panel's editable fields. Each edit is a plan revision with origin user."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from app import plans
from app.tasks import NewTask, add_task
from models import Plan
from tests.ui.test_plan_view import at, centre, open_view, step
from ui.context import WindowContext
from ui.inline_rename import InlineRename
from ui.plan_items import GLYPH_AT
from ui.plan_view import PlanView
from ui.step_panel import StepPanel


def running_task(origin: str = "assistant") -> int:
    """Buy milk: two user steps, approved and running, written by the assistant."""
    task_id = add_task(NewTask(title="Buy milk")).id
    data: dict[str, Any] = {"schema_version": 1, "origin": origin, "title": "Buy milk",
                            "objective": "", "steps": [step("s1", "Go to the shop"),
                                                       step("s2", "Pay", "s1")]}
    plans.save_plan(task_id, data, author="assistant")
    plans.plan_action(task_id, "approve")
    return task_id


def latest(task_id: int) -> Plan:
    plan = plans.latest_plan(task_id)
    assert plan is not None
    return plan


def glyph(view: PlanView, step_id: str) -> QPoint:
    return at(view, view.scene.nodes[step_id].mapToScene(GLYPH_AT))


def editor_of(view: PlanView) -> InlineRename:
    found = view.graphics.viewport().findChild(InlineRename)
    assert found is not None
    return found


def test_double_click_renames_a_step_as_a_user_revision(ctx: WindowContext, qtbot: QtBot
                                                        ) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    QTest.mouseDClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, centre(view, "s1"))
    editor = editor_of(view)
    assert editor.text() == "Go to the shop"
    editor.setText("Go to the corner shop")
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        QTest.keyClick(editor, Qt.Key.Key_Return)
    plan = latest(task_id)
    assert plans.spec_of(plan).step("s1").title == "Go to the corner shop"
    assert plan.origin == "user" and plan.revision == 2
    assert ctx.undo.undoText() == "Rename “Go to the shop” in “Buy milk”"
    qtbot.wait_until(lambda: "corner" in view.scene.nodes["s1"].data_.title)


def test_f2_renames_and_escape_cancels(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    view.scene.select_step("s2")
    view.graphics.setFocus()
    QTest.keyClick(view.graphics, Qt.Key.Key_F2)
    editor = editor_of(view)
    editor.setText("Pay by card")
    QTest.keyClick(editor, Qt.Key.Key_Escape)
    def closed() -> bool:
        found = view.graphics.viewport().findChild(InlineRename)
        return found is None or not found.isVisible()

    qtbot.wait_until(closed)
    assert latest(task_id).revision == 1 and ctx.undo.count() == 0


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


def test_one_click_on_the_check_circle_finishes_a_user_step(ctx: WindowContext, qtbot: QtBot
                                                            ) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, glyph(view, "s1"))
    assert view.scene.nodes["s1"].data_.status == "completed"  # drawn at once
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "completed")
    qtbot.wait_until(lambda: view.snapshot is not None and view.snapshot.spec is not None
                     and view.snapshot.spec.step("s1").status == "completed")
    assert latest(task_id).revision == 1  # a move is not a plan edit
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, glyph(view, "s1"))
    qtbot.wait_until(lambda: any("stays finished" in text for text in said))


def test_a_step_dropped_on_itself_does_nothing(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    view.scene.step_dropped.emit("s1", "s1")
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert latest(task_id).revision == 1 and not view.banner.isVisible()


def test_the_outline_renames_a_step_in_place(ctx: WindowContext, qtbot: QtBot) -> None:
    from ui.plan_outline import PlanOutline

    task_id = running_task()
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    outline.tree.setFocus()
    outline.tree.setCurrentIndex(outline.items["s2"].index())
    QTest.keyClick(outline.tree, Qt.Key.Key_F2)
    editor = outline.tree.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.setText("Pay at the till")
    with qtbot.wait_signal(outline.step_actions.editor.edit_saved, timeout=5000):
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert plans.spec_of(latest(task_id)).step("s2").title == "Pay at the till"
    qtbot.wait_until(lambda: outline.items["s2"].text() == "Pay at the till")


def step_panel_on(ctx: WindowContext, qtbot: QtBot, task_id: int, step_id: str) -> StepPanel:
    """The step details panel, shown, with ``step_id`` of ``task_id`` selected."""
    panel = StepPanel(ctx)
    qtbot.add_widget(panel)
    panel.show()
    ctx.selection.select_task(task_id)
    ctx.selection.select_step(step_id)
    qtbot.wait_until(lambda: panel.view is not None)
    return panel


def test_the_details_panel_saves_an_editing_session_as_one_revision(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s2")
    form = panel.form
    assert not form.save_button.isEnabled()
    for key, text in (("title", "Pay at the till"), ("objective", "Milk paid for"),
                      ("worker", "Ann"), ("done_when", "receipt in hand"),
                      ("due", "2026-12-24 18:00")):
        form.fields[key].setText(text)
        form.fields[key].textEdited.emit(text)
    form.inputs_edit.setText("{}")
    assert form.save_button.isEnabled()
    from ui.plan_edits import PlanEditor

    with qtbot.wait_signal(PlanEditor.of(ctx).edit_saved, timeout=5000):
        qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    plan = latest(task_id)
    saved = plans.spec_of(plan).step("s2")
    assert (saved.title, saved.objective, saved.worker, saved.done_when) == (
        "Pay at the till", "Milk paid for", "Ann", "receipt in hand")
    assert saved.due is not None and saved.due.astimezone().hour == 18
    assert plan.revision == 2 and plan.origin == "user" and ctx.undo.count() == 1
    qtbot.wait_until(lambda: panel.title.text() == "Pay at the till")


def test_a_due_time_that_cannot_be_read_is_named_and_nothing_is_saved(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s1")
    panel.form.fields["due"].setText("when pigs fly")
    panel.form.save()
    assert panel.form.problem.isVisible() and panel.form.problem.text()
    assert latest(task_id).revision == 1 and ctx.undo.count() == 0


def test_a_node_move_is_undoable_and_redoable(ctx: WindowContext, qtbot: QtBot) -> None:
    from PySide6.QtCore import QPointF

    from models import StepLayout
    from tests.ui.test_plan_view import drag, free_spot

    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    before = QPointF(view.scene.nodes["s2"].pos())
    drag(view, centre(view, "s2"), at(view, free_spot(view)))
    moved = QPointF(view.scene.nodes["s2"].pos())
    assert moved != before and ctx.undo.undoText() == "Move “Pay”"
    ctx.undo.undo()
    qtbot.wait_until(lambda: view.scene.nodes["s2"].pos() == before)
    qtbot.wait_until(lambda: StepLayout.get_or_none(StepLayout.task == task_id) is not None
                     and StepLayout.get(StepLayout.task == task_id).x == before.x())
    ctx.undo.redo()
    qtbot.wait_until(lambda: view.scene.nodes["s2"].pos() == moved)
    assert latest(task_id).revision == 1  # moves are view state, never revisions


def test_arrow_keys_walk_the_steps_in_the_graph(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, running_task())
    view.graphics.setFocus()
    QTest.keyClick(view.graphics, Qt.Key.Key_Down)
    assert view.scene.selected_steps() == ["s1"]
    QTest.keyClick(view.graphics, Qt.Key.Key_Down)
    assert view.scene.selected_steps() == ["s2"]
    QTest.keyClick(view.graphics, Qt.Key.Key_Up)
    assert view.scene.selected_steps() == ["s1"]


def test_undoing_a_rename_of_a_finished_plan_keeps_it_finished(db: Path) -> None:
    from functools import partial

    from app import plan_editing, step_edits
    from app.tasks import get_task

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


def test_a_step_that_still_waits_says_for_what(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, glyph(view, "s2"))
    assert said == ["“Pay” waits for “Go to the shop” first"]
    assert plans.spec_of(latest(task_id)).step("s2").status == "pending"
