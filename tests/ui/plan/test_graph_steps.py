"""The graph's side of editing a step in place (ui.plan.graph_steps): rename by double-click
or F2 (Escape cancels), one-click done on a node's check circle, and the arrow keys
walking the steps. Each edit is a plan revision with origin user."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan.test_view import centre, open_view
from tests.ui.plan_helpers import click_check_circle, latest, running_task
from ui.plan.inline_rename import InlineRename
from ui.plan.view import PlanView
from ui.shared.context import WindowContext


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


def test_one_click_on_the_check_circle_finishes_a_user_step(ctx: WindowContext, qtbot: QtBot
                                                            ) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    click_check_circle(view, "s1")
    assert view.scene.nodes["s1"].data_.status == "completed"  # drawn at once
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "completed")
    qtbot.wait_until(lambda: view.snapshot is not None and view.snapshot.spec is not None
                     and view.snapshot.spec.step("s1").status == "completed")
    assert latest(task_id).revision == 1  # a move is not a plan edit
    qtbot.wait_until(lambda: ctx.undo.stack().canUndo())
    click_check_circle(view, "s1")  # a second click opens it again
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "pending")


def test_arrow_keys_walk_the_steps_in_the_graph(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, running_task())
    view.graphics.setFocus()
    QTest.keyClick(view.graphics, Qt.Key.Key_Down)  # none selected: the first step
    assert view.scene.selected_steps() == ["s1"]
    QTest.keyClick(view.graphics, Qt.Key.Key_Down)  # nothing below it
    assert view.scene.selected_steps() == ["s1"]
    QTest.keyClick(view.graphics, Qt.Key.Key_Right)  # s2 waits for it: to its right
    assert view.scene.selected_steps() == ["s2"]
    QTest.keyClick(view.graphics, Qt.Key.Key_Left)
    assert view.scene.selected_steps() == ["s1"]


def test_tab_walks_the_nodes_in_dependency_order_and_space_ticks(
        ctx: WindowContext, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLineEdit

    from tests.ui.plan.test_view import make_task, plan15
    from ui.plan.graph_steps import GraphSteps

    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    after = QLineEdit(view)  # where the focus goes after the graph
    after.show()
    view.activateWindow()
    view.graphics.setFocus()
    qtbot.wait_until(view.graphics.hasFocus)
    assert view.scene.keyboard_focus  # the selected node wears the focus ring
    steps: GraphSteps = view.step_commands
    order = steps._shown()
    walked = []
    for _ in order:
        QTest.keyClick(view.graphics, Qt.Key.Key_Tab)
        walked.append(view.scene.selected_steps()[0])
    assert walked == order and view.graphics.hasFocus()
    spec = plans.spec_of(latest(task_id))
    seen: set[str] = set()
    for sid in walked:  # each step comes after every step it waits for
        assert set(spec.step(sid).depends_on) <= seen, sid
        seen.add(sid)
    QTest.keyClick(view.graphics, Qt.Key.Key_Backtab)
    assert view.scene.selected_steps() == [walked[-2]]
    QTest.keyClick(view.graphics, Qt.Key.Key_Tab)
    QTest.keyClick(view.graphics, Qt.Key.Key_Tab)  # past the last node: out of the graph
    qtbot.wait_until(after.hasFocus)
    assert not view.scene.keyboard_focus


def test_space_and_ctrl_return_tick_the_selected_step(ctx: WindowContext,
                                                      qtbot: QtBot) -> None:
    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    view.graphics.setFocus()
    ctx.selection.select_step("s2")
    QTest.keyClick(view.graphics, Qt.Key.Key_Space)  # s2 before s1: done, and said so
    qtbot.wait_until(lambda: any("done before" in text for text in said))
    assert plans.spec_of(latest(task_id)).step("s2").status == "completed"
    ctx.selection.select_step("s1")
    QTest.keyClick(view.graphics, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert view.scene.nodes["s1"].data_.status == "completed"  # drawn at once
    qtbot.wait_until(lambda: plans.spec_of(latest(task_id)).step("s1").status == "completed")
