"""The plan graph: drawn as app.plan.layout places it, nodes moved and pinned, edits undone
and redone, the outline in step with the graph, and a plan drawn while the assistant
still writes it. The edit commands are tested in ``test_graph_edits.py``, zoom and pan
in ``test_graph_view.py``; the helpers here (``open_view``, ``drag``...) serve them all.

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
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.plan.layout import NODE_H, NODE_W, layout
from app.plan.spec import PlanSpec
from app.tasks.store import NewTask, add_task
from models import Plan, StepLayout
from ui.plan.items import NodeItem
from ui.plan.outline import StepIdRole
from ui.plan.view import PlanView
from ui.shared.context import WindowContext

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


def open_view(ctx: WindowContext, qtbot: QtBot, task_id: int = 0, *, whole: bool = True
              ) -> PlanView:
    view = PlanView(ctx)
    qtbot.add_widget(view)
    view.resize(1280, 760)
    view.show()
    qtbot.wait_exposed(view)
    if task_id:
        ctx.selection.select_task(task_id)
        with qtbot.wait_signal(view.plan_shown, timeout=5000):
            view.show_task(task_id)
        if whole:
            show_whole(view)
    return view


def show_whole(view: PlanView) -> None:
    """Zoom out until the whole plan is in view (the tests that point at any node); fit
    itself stops at the readable size and scrolls."""
    view.graphics.fitInView(view.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    if view.zoom() > 1.0:
        view.graphics.resetTransform()


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


# --- moving by hand -----------------------------------------------------------------


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


# --- undo and redo -------------------------------------------------------------------


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


# --- the outline and the draft -------------------------------------------------------


def test_the_outline_shows_the_tree_and_selection_follows_both_ways(
        ctx: WindowContext, qtbot: QtBot, qtmodeltester: Any) -> None:
    from ui.plan.outline import PlanOutline

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


