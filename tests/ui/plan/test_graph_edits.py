"""The plan graph's edit commands (ui.plan.graph_edits): an arrow drawn from a handle, a node
dropped onto a step, add and delete from the toolbar or the keys, refusals shown in the
banner while the graph snaps back, a stale edit refused, and the context menu.

Real mouse events on the viewport, on a real qasync loop (see ``tests/ui/plan/test_view.py``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan.test_view import (
    SHOTS,
    at,
    centre,
    drag,
    handle,
    latest,
    make_task,
    open_view,
    plan15,
    revision_count,
    step,
)
from ui.shared.context import WindowContext


def test_a_line_from_a_handle_onto_a_step_adds_a_dependency(ctx: WindowContext, qtbot: QtBot
                                                            ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        drag(view, handle(view, "hotel"), centre(view, "agenda"))
    spec = latest(task_id)
    assert spec.step("agenda").depends_on == ["venue", "hotel"]
    assert spec.revision == 2 and spec.origin == "user"
    qtbot.wait_until(lambda: ("hotel", "agenda") in {
        (e.source.step_id, e.target.step_id) for e in view.scene.edges})
    assert ctx.undo.count() == 1 and ctx.undo.undoText() == "Add dependency in “Team offsite”"


def test_an_arrow_that_would_close_a_loop_is_refused(ctx: WindowContext, qtbot: QtBot,
                                                     tmp_path: Path) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(ctx.status.error, timeout=5000) as error:
        drag(view, handle(view, "remind"), centre(view, "dates"))
    assert "loop" in str(error.args[0])
    qtbot.wait_until(view.banner.isVisible)
    assert "loop" in view.banner.text() and "dates" in view.banner.text()
    assert revision_count(task_id) == 1 and latest(task_id).step("dates").depends_on == []
    assert ctx.undo.count() == 0
    assert view.banner.grab().save(str(tmp_path / "refused.png"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    view.grab().save(str(SHOTS / "plan-15-refused.png"))


def test_clicking_an_arrow_and_pressing_delete_removes_the_dependency(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    edge = next(e for e in view.scene.edges
                if (e.source.step_id, e.target.step_id) == ("shortlist", "visit"))
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(view, edge.midpoint()))
    assert edge.isSelected() and ctx.selection.step_id == ""
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        qtbot.keyClick(view.graphics, Qt.Key.Key_Delete)
    assert latest(task_id).step("visit").depends_on == []
    assert revision_count(task_id) == 2


def test_dropping_a_node_onto_another_makes_it_a_sub_step(ctx: WindowContext, qtbot: QtBot
                                                          ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    start = QPointF(view.scene.nodes["agenda"].pos())
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        drag(view, centre(view, "agenda"), centre(view, "draft"))
        assert view.scene.nodes["agenda"].pos() == start  # snapped back until it is saved
    spec = latest(task_id)
    assert spec.step("agenda").parent == "draft"
    assert spec.step("draft").target is None and spec.step("draft").inputs == {}
    qtbot.wait_until(lambda: "draft" in view.scene.groups)


def test_a_drop_beyond_four_levels_is_refused(ctx: WindowContext, qtbot: QtBot) -> None:
    deep = [step("l1", "Level one", target=None), step("l2", "Level two", parent="l1",
                                                      target=None),
            step("l3", "Level three", parent="l2", target=None),
            step("l4", "Level four", parent="l3"), step("x", "Loose step")]
    task_id = make_task({"schema_version": 1, "title": "Deep", "steps": deep})
    view = open_view(ctx, qtbot, task_id)
    start = QPointF(view.scene.nodes["x"].pos())
    with qtbot.wait_signal(view.editor.edit_refused, timeout=5000) as refused:
        drag(view, centre(view, "x"), centre(view, "l4"))
    assert refused.args[1] == "too_deep"
    qtbot.wait_until(view.banner.isVisible)
    assert "4 levels" in view.banner.text()
    assert revision_count(task_id) == 1 and latest(task_id).step("x").parent is None
    assert view.scene.nodes["x"].pos() == start  # snapped back


def test_add_a_step_after_the_selected_one_name_it_then_delete_it(ctx: WindowContext, qtbot: QtBot
                                                          ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, centre(view, "rsvp"))
    assert ctx.selection.step_id == "rsvp"
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        view.actions_["add"].trigger()
    new = latest(task_id).step("step16")
    assert (new.title, new.depends_on, new.parent) == ("New step", ["rsvp"], "invites")
    qtbot.wait_until(lambda: ctx.selection.step_id == "step16")
    assert view.scene.nodes["step16"].isSelected()
    qtbot.wait_until(lambda: view.step_commands.editor is not None)  # its title, typed next
    editor = view.step_commands.editor
    assert editor is not None and editor.text() == "New step" and editor.selectedText()
    editor.setText("Book the bus")
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert latest(task_id).step("step16").title == "Book the bus"
    assert view.step_commands.editor is None
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        qtbot.keyClick(view.graphics, Qt.Key.Key_Delete)
    assert "step16" not in {s.id for s in latest(task_id).steps}
    assert revision_count(task_id) == 2  # every edit in one session's revision


def test_deleting_a_step_keeps_the_order_it_imposed(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    ctx.selection.select_step("visit")
    assert view.scene.nodes["visit"].isSelected()
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        view.actions_["delete"].trigger()
    assert latest(task_id).step("book").depends_on == ["shortlist"]
    qtbot.wait_until(lambda: "visit" not in view.scene.nodes)


def test_an_edit_of_a_plan_changed_elsewhere_is_refused_and_nothing_is_lost(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    other = plan15()
    other["revision"] = 1
    other["steps"][0]["title"] = "Dates picked in another window"
    ctx.bridge.blockSignals(True)  # another process: its notice comes later, by polling
    plans.save_plan(task_id, other)
    ctx.bridge.blockSignals(False)
    with qtbot.wait_signal(view.editor.edit_refused, timeout=5000) as refused:
        drag(view, handle(view, "hotel"), centre(view, "agenda"))
    assert refused.args[1] == "stale"
    qtbot.wait_until(view.banner.isVisible)
    assert "changed elsewhere" in view.banner.text()
    spec = latest(task_id)
    assert spec.revision == 2 and spec.step("dates").title == "Dates picked in another window"
    assert spec.step("agenda").depends_on == ["venue"]
    qtbot.wait_until(lambda: view.scene.nodes["dates"].data_.title.startswith("Dates picked"))


def test_the_context_menu_moves_a_step_out_of_its_group(ctx: WindowContext, qtbot: QtBot
                                                        ) -> None:
    from PySide6.QtWidgets import QMenu

    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    view.graphics.customContextMenuRequested.emit(centre(view, "visit"))
    menu = view.findChild(QMenu)
    assert menu is not None and view.scene.nodes["visit"].isSelected()
    action = next(a for a in menu.actions() if a.text() == "Move out of its group")
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        action.trigger()
    menu.close()
    assert latest(task_id).step("visit").parent is None
    assert ctx.undo.undoText() == "Move out of group in “Team offsite”"
