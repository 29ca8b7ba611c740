"""The plan graph: drawn as app.layout places it, edited with real mouse events on the
viewport, undone and redone, stale edits refused, the outline in step with the graph,
and a plan drawn while the assistant still writes it.

Widgets run on a real qasync loop (``tests/ui/async_helpers.py`` explains how): the
edits are saved in worker threads and come back through Qt events, which
``qtbot.wait_until`` and ``qtbot.wait_signal`` process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import plans
from app.layout import NODE_H, NODE_W, layout
from app.planspec import PlanSpec
from app.tasks import NewTask, add_task
from models import Plan, StepLayout
from ui.context import WindowContext
from ui.plan_groups import GroupItem
from ui.plan_items import NodeItem
from ui.plan_outline import StepIdRole
from ui.plan_view import PlanView

SHOTS = Path("/tmp/stepwise-shots")


def step(sid: str, title: str, *deps: str, parent: str | None = None, target: str | None = "user",
         status: str = "pending", **more: Any) -> dict[str, Any]:
    inputs = {"instructions": f"write: {title}"} if target == "assistant.write" else {}
    return {"id": sid, "title": title, "depends_on": list(deps), "parent": parent,
            "target": target, "inputs": more.pop("inputs", inputs), "status": status, **more}


def plan15() -> dict[str, Any]:
    """A team offsite: 15 steps, three groups (one nested), every status, a long title."""
    group: dict[str, Any] = {"target": None}
    steps = [
        step("dates", "Pick two candidate dates", status="completed"),
        step("venue", "Find a venue", "dates", **group),
        step("shortlist", "Shortlist three venues", parent="venue", target="assistant.write",
             status="completed", result="three venues"),
        step("visit", "Visit the two best venues", "shortlist", parent="venue",
             status="in_progress"),
        step("book", "Book the venue", "visit", parent="venue"),
        step("invites", "Invitations", "venue", **group),
        step("draft", "Draft the invitation", parent="invites", target="assistant.write"),
        step("send", "Send the invitations", "draft", parent="invites", target="message.post",
             inputs={"to": "Ann", "text": "You are invited"}),
        step("rsvp", "Collect the replies", "send", parent="invites", status="skipped"),
        step("travel", "Travel", "dates", **group),
        step("hotel", "Book hotel rooms near the venue for everyone travelling from abroad",
             parent="travel", status="failed", error="no rooms left"),
        step("trains", "Trains", parent="travel", **group),
        step("tickets", "预订火车票 <b>not bold</b>", parent="trains"),
        step("agenda", "Write the agenda", "venue", target="assistant.write"),
        step("remind", "Remind everyone the day before", "invites", "travel", "agenda",
             target="reminder.set",
             inputs={"at": "2030-12-19T09:00:00Z", "text": "Offsite tomorrow"}),
    ]
    return {"schema_version": 1, "revision": 1, "origin": "user", "title": "Team offsite",
            "objective": "Offsite held", "steps": steps}


def make_task(plan: dict[str, Any] | None = None, title: str = "Team offsite") -> int:
    task_id = int(add_task(NewTask(title=title)).id)
    if plan is not None:
        plans.save_plan(task_id, plan)
    return task_id


def latest(task_id: int) -> PlanSpec:
    return plans.spec_of(plans.latest_plan_or_fail(task_id))


def revision_count(task_id: int) -> int:
    return int(Plan.select().where(Plan.task == task_id).count())


def open_view(ctx: WindowContext, qtbot: QtBot, task_id: int = 0) -> PlanView:
    view = PlanView(ctx)
    qtbot.add_widget(view)
    view.resize(1280, 760)
    view.show()
    qtbot.wait_exposed(view)
    if task_id:
        ctx.selection.select_task(task_id)
        with qtbot.wait_signal(view.plan_shown, timeout=5000):
            view.show_task(task_id)
    return view


@pytest.fixture
def view(ctx: WindowContext, qtbot: QtBot) -> PlanView:
    return open_view(ctx, qtbot)


# --- pointing at things -------------------------------------------------------------

def at(view: PlanView, scene_point: QPointF) -> QPoint:
    return view.graphics.mapFromScene(scene_point)


def centre(view: PlanView, step_id: str) -> QPoint:
    return at(view, view.scene.nodes[step_id].sceneBoundingRect().center())


def node_centre(view: PlanView, step_id: str) -> QPointF:
    node = view.scene.nodes[step_id]
    return node.pos() + QPointF(NODE_W / 2, NODE_H / 2)


def handle(view: PlanView, step_id: str) -> QPoint:
    node = view.scene.nodes[step_id]
    assert node.handle is not None
    return at(view, node.handle.scenePos())


def drag(view: PlanView, start: QPoint, end: QPoint, steps: int = 6) -> None:
    """Press, move in small steps and release, as a hand would, on the viewport."""
    viewport = view.graphics.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * (i / steps))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def free_spot(view: PlanView) -> QPointF:
    """A scene point in view where a node can be left without touching anything."""
    visible = view.graphics.mapToScene(view.graphics.viewport().rect()).boundingRect()
    y = visible.bottom() - NODE_H
    while y > visible.top():
        x = visible.right() - NODE_W
        while x > visible.left():
            area = QRectF(x - NODE_W, y - NODE_H, 2 * NODE_W, 2 * NODE_H)
            if not view.scene.items(area.adjusted(-20, -20, 20, 20)):
                return QPointF(x, y)
            x -= 40
        y -= 40
    raise AssertionError("no free place in view")


# --- drawing ------------------------------------------------------------------------


def test_a_15_step_plan_is_drawn_as_the_layout_says(ctx: WindowContext, qtbot: QtBot,
                                                     tmp_path: Path) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    expected = layout(latest(task_id).steps)
    assert set(view.scene.nodes) == set(expected.nodes)
    for sid, box in expected.nodes.items():
        assert (view.scene.nodes[sid].pos().x(), view.scene.nodes[sid].pos().y()) == (
            box.x, box.y)
    assert set(view.scene.groups) == set(expected.groups) == {"venue", "invites", "travel",
                                                               "trains"}
    for sid, box in expected.groups.items():
        assert view.scene.groups[sid].scene_box() == QRectF(box.x, box.y, box.w, box.h)
    drawn = {(e.source.step_id, e.target.step_id) for e in view.scene.edges}
    assert drawn == set(expected.edges)
    nodes = view.scene.nodes
    assert nodes["tickets"].data_.title == "预订火车票 <b>not bold</b>"  # plain text
    assert nodes["hotel"].data_.status == "failed" and nodes["dates"].data_.status == "completed"
    assert view.scene.groups["venue"].data_.status == "in_progress"  # derived from sub-steps
    assert view.stack.currentWidget() is view.graphics
    view.grab().save(str(tmp_path / "plan-15.png"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert view.grab().save(str(SHOTS / "plan-15.png"))


def test_no_task_shows_a_hint_and_a_task_without_plan_says_so(view: PlanView, qtbot: QtBot
                                                              ) -> None:
    assert view.stack.currentWidget() is view.empty
    assert "Select a task" in view.empty.text()
    with qtbot.wait_signal(view.plan_shown):
        view.show_task(make_task())
    assert "No plan yet" in view.empty.text() and view.actions_["add"].isEnabled()


def test_folding_a_group_shows_it_as_one_node(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    toggle = view.scene.groups["invites"].toggle
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier,
                     at(view, toggle.mapToScene(toggle.boundingRect().center())))
    assert "invites" in view.scene.nodes and "draft" not in view.scene.nodes
    assert "invites" not in view.scene.groups
    view.expand_all()
    assert "draft" in view.scene.nodes
    view.collapse_all()
    assert {"venue", "invites", "travel"} <= set(view.scene.nodes)


def test_zoom_fit_and_ctrl_wheel(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    fitted = view.zoom()
    assert 0 < fitted <= 1.0
    view.zoom_in()
    assert view.zoom() == pytest.approx(fitted * 1.2)
    qtbot.keyClick(view.graphics, Qt.Key.Key_F)
    assert view.zoom() == pytest.approx(fitted)
    viewport = view.graphics.viewport()
    QTest.mouseMove(viewport, viewport.rect().center())
    from PySide6.QtCore import QPoint as P
    from PySide6.QtGui import QWheelEvent

    wheel = QWheelEvent(QPointF(viewport.rect().center()), QPointF(viewport.mapToGlobal(
        viewport.rect().center())), P(0, 0), P(0, 120), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, wheel)
    assert view.zoom() == pytest.approx(fitted * 1.2)


# --- editing by hand ----------------------------------------------------------------


def test_a_moved_node_is_pinned_and_survives_a_reload(ctx: WindowContext, qtbot: QtBot
                                                      ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    before = QPointF(view.scene.nodes["agenda"].pos())
    spot = free_spot(view)
    drag(view, centre(view, "agenda"), at(view, spot))
    moved = view.scene.nodes["agenda"].pos()
    assert moved != before
    qtbot.wait_until(lambda: StepLayout.select().where(StepLayout.task == task_id).count() == 1)
    row = StepLayout.get(StepLayout.task == task_id)
    assert (row.step_id, row.x, row.y) == ("agenda", moved.x(), moved.y())
    assert revision_count(task_id) == 1  # a move is view state, not a revision
    again = open_view(ctx, qtbot, task_id)
    assert again.scene.nodes["agenda"].pos() == moved
    assert again.scene.nodes["dates"].pos() == view.scene.nodes["dates"].pos()


def test_dragging_the_background_pans(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    view.zoom_by(3.0)
    bar = view.graphics.horizontalScrollBar()
    start_value = bar.value()
    spot = at(view, free_spot(view))
    drag(view, spot, spot + QPoint(-150, 0))
    assert bar.value() != start_value
    assert view.scene.nodes["dates"].pos() == QPointF(0, view.scene.nodes["dates"].pos().y())


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


def test_add_a_step_after_the_selected_one_then_delete_it(ctx: WindowContext, qtbot: QtBot
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
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        qtbot.keyClick(view.graphics, Qt.Key.Key_Delete)
    assert "step16" not in {s.id for s in latest(task_id).steps}
    assert revision_count(task_id) == 2  # both edits in one session's revision


def test_deleting_a_step_keeps_the_order_it_imposed(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    ctx.selection.select_step("visit")
    assert view.scene.nodes["visit"].isSelected()
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        view.actions_["delete"].trigger()
    assert latest(task_id).step("book").depends_on == ["shortlist"]
    qtbot.wait_until(lambda: "visit" not in view.scene.nodes)


# --- undo, redo and stale edits -------------------------------------------------------


def test_undo_and_redo_rewrite_the_sessions_revision(ctx: WindowContext,
                                                     qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        drag(view, handle(view, "hotel"), centre(view, "agenda"))
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        ctx.undo.undo()
    assert latest(task_id).step("agenda").depends_on == ["venue"]
    assert revision_count(task_id) == 2  # one editing session is one revision
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        ctx.undo.redo()
    assert latest(task_id).step("agenda").depends_on == ["venue", "hotel"]
    assert revision_count(task_id) == 2
    qtbot.wait_until(lambda: ("hotel", "agenda") in {
        (e.source.step_id, e.target.step_id) for e in view.scene.edges})


def test_ctrl_z_and_ctrl_shift_z_work_when_the_graph_has_focus(ctx: WindowContext,
                                                               qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        drag(view, handle(view, "hotel"), centre(view, "agenda"))
    from PySide6.QtGui import QAction, QKeySequence

    window_wide = QAction(view)  # the main window's own Ctrl+Z must not take the key
    window_wide.setShortcut(QKeySequence("Ctrl+Z"))
    view.addAction(window_wide)
    stolen: list[bool] = []
    window_wide.triggered.connect(lambda: stolen.append(True))
    view.activateWindow()
    view.graphics.setFocus()
    qtbot.wait_until(view.graphics.hasFocus)
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        qtbot.keyClick(view.graphics, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert latest(task_id).step("agenda").depends_on == ["venue"] and not stolen
    with qtbot.wait_signal(view.editor.edit_saved, timeout=5000):
        qtbot.keyClick(view.graphics, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                       | Qt.KeyboardModifier.ShiftModifier)
    assert latest(task_id).step("agenda").depends_on == ["venue", "hotel"]


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


# --- the outline and the draft -------------------------------------------------------


def test_the_outline_shows_the_tree_and_selection_follows_both_ways(
        ctx: WindowContext, qtbot: QtBot, qtmodeltester: Any) -> None:
    from ui.plan_outline import PlanOutline

    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    outline = PlanOutline(ctx)
    qtbot.add_widget(outline)
    outline.show()
    with qtbot.wait_signal(outline.outline_shown, timeout=5000):
        outline.show_task(task_id)
    qtmodeltester.check(outline.model)
    model = outline.model
    top = [model.item(r).data(StepIdRole) for r in range(model.rowCount())]
    assert top == ["dates", "venue", "invites", "travel", "agenda", "remind"]
    trains = outline.items["trains"]
    assert trains.parent() is outline.items["travel"] and trains.child(0).text().startswith(
        "预订火车票")
    assert model.item(0, 1).text() == "completed"
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, centre(view, "visit"))
    assert outline.tree.currentIndex() == outline.items["visit"].index()
    outline.tree.setFocus()
    outline.tree.setCurrentIndex(outline.items["hotel"].index())
    assert ctx.selection.step_id == "hotel" and view.scene.nodes["hotel"].isSelected()
    assert not view.scene.nodes["visit"].isSelected()
    qtbot.keyClick(outline.tree, Qt.Key.Key_Down)  # the keyboard walks the tree
    assert ctx.selection.step_id == "trains" and view.scene.groups["trains"].isSelected()


def test_a_plan_still_streaming_is_drawn_as_a_read_only_draft(ctx: WindowContext,
                                                              qtbot: QtBot) -> None:
    task_id = make_task()
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.plan_shown):
        ctx.assistant.plan_growing.emit(task_id, [
            {"id": "a", "title": "Find the form"},
            {"id": "b", "title": "Fill it in", "depends_on": ["a", "nowhere"]},
        ])
    assert view.scene.draft and set(view.scene.nodes) == {"a", "b"}
    assert [(e.source.step_id, e.target.step_id) for e in view.scene.edges] == [("a", "b")]
    node = view.scene.nodes["a"]
    assert node.draft and node.handle is None
    assert not node.flags() & NodeItem.GraphicsItemFlag.ItemIsMovable
    assert view.banner.isVisible() and not view.actions_["add"].isEnabled()
    ctx.assistant.plan_growing.emit(task_id + 1, [{"id": "z", "title": "Other task"}])
    assert "z" not in view.scene.nodes
    with qtbot.wait_signal(view.plan_shown):
        ctx.assistant.idle.emit()
    assert not view.scene.draft and view.stack.currentWidget() is view.empty


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


def test_group_boxes_take_no_clicks_inside(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    box = view.scene.groups["venue"]
    inside = box.scene_box().topLeft() + QPointF(6, 30)
    assert isinstance(box, GroupItem)
    assert not any(isinstance(i, GroupItem) for i in view.scene.items(inside))
