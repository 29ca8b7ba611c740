"""The plan graph's arrows (ui.plan.edges): from the right edge of the step waited for to
the left edge of the waiting one, one curve between neighbouring columns and along the
lane between rows over columns in between; an arrow follows its nodes when they move."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPolygonF
from PySide6.QtWidgets import QApplication

from app.plan.layout import GAP_X, NODE_H, NODE_W, layout
from app.plan.spec import PlanStep
from ui.plan.edges import EdgeItem, arrow_path, arrow_route
from ui.plan.scene import PlanScene


def points(route: QPolygonF) -> list[QPointF]:
    return [route.at(n) for n in range(route.size())]


def test_an_arrow_runs_from_end_to_end() -> None:
    p1, p2 = QPointF(100, 50), QPointF(100 + 3 * (NODE_W + GAP_X), 400)
    path = arrow_path(p1, p2)
    assert path.pointAtPercent(0) == p1 and path.pointAtPercent(1) == p2


def test_a_near_arrow_is_one_piece_and_a_far_one_runs_in_the_lane() -> None:
    near = points(arrow_route(0, 0, GAP_X, 80))
    assert [(p.x(), p.y()) for p in near] == [(0, 0), (GAP_X, 80)]
    far = points(arrow_route(0, 0, 3 * (NODE_W + GAP_X), 300))
    lane = far[1].y()
    assert len(far) == 4 and far[2].y() == lane and lane > NODE_H / 2  # below its own row
    assert (far[0].x(), far[0].y(), far[3].x(), far[3].y()) == (
        0, 0, 3 * (NODE_W + GAP_X), 300)
    upward = points(arrow_route(0, 300, 3 * (NODE_W + GAP_X), 0))
    assert upward[1].y() < 300 - NODE_H / 2  # the lane above when the target is higher


def test_an_arrow_follows_a_moved_node(qapp: QApplication) -> None:
    steps = [PlanStep(id="a", title="A"), PlanStep(id="b", title="B", depends_on=["a"])]
    scene = PlanScene()
    scene.show_plan(steps, layout(steps), editable=True)
    edge = next(i for i in scene.items() if isinstance(i, EdgeItem))
    assert (edge.source.step_id, edge.target.step_id) == ("a", "b")
    target = scene.nodes["b"]
    target.setPos(target.pos() + QPointF(0, 600))
    edge.update_path()
    end = edge.curve.pointAtPercent(1)
    assert abs(end.y() - (target.y() + NODE_H / 2)) < 1e-6
    assert edge.boundingRect().contains(end)
