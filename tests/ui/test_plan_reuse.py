"""A re-layout reuses the plan graph's items (ui.plan.scene): kept nodes move, arrows
follow, spare items show other steps, and the scene always ends up showing exactly what
a fresh scene would; an arrow's bounds are known without building its path."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from app.plan.layout import Layout, layout
from app.plan.spec import PlanStep
from ui.plan.edges import EdgeItem, arrow_bounds, arrow_path
from ui.plan.groups import GroupItem
from ui.plan.items import NodeItem
from ui.plan.scene import PlanScene


def s(sid: str, *deps: str, parent: str | None = None, title: str = "",
      status: str = "pending") -> PlanStep:
    return PlanStep(id=sid, title=title or sid, depends_on=list(deps), parent=parent,
                    target=None if sid.startswith("g") else "user", status=status)


PLAN_A = [s("a"), s("b", "a"), s("c", "a"), s("g"), s("x", "b", parent="g"),
          s("y", "x", parent="g"), s("d", "c", "g")]
PLAN_B = [s("p", title="Pack"), s("a", "p", title="Again", status="completed"),
          s("q", "a"), s("r", "q", "a"), s("g"), s("z", "r", parent="g")]


def picture(scene: PlanScene) -> tuple[object, ...]:
    """What the scene shows: nodes (id, title, place), arrows (ends), group boxes."""
    nodes = sorted((i.step_id, i.data_.title, i.data_.status, i.pos().x(), i.pos().y())
                   for i in scene.items() if isinstance(i, NodeItem))
    edges = sorted((i.source.step_id, i.target.step_id, i.boundingRect().getRect())
                   for i in scene.items() if isinstance(i, EdgeItem))
    groups = sorted((i.step_id, i.scene_box().getRect())
                    for i in scene.items() if isinstance(i, GroupItem))
    return tuple(nodes), tuple(edges), tuple(groups), len(scene.items())


def fresh(steps: list[PlanStep], result: Layout, editable: bool = True) -> tuple[object, ...]:
    scene = PlanScene()
    scene.show_plan(steps, result, editable=editable)
    return picture(scene)


def test_relayout_of_the_same_plan_reuses_every_node_and_arrow(qapp: QApplication) -> None:
    scene = PlanScene()
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    nodes, edges = dict(scene.nodes), list(scene.edges)
    moved = layout(PLAN_A, pinned={"b": (40.0, 900.0)})
    scene.show_plan(PLAN_A, moved, editable=True)
    assert all(scene.nodes[sid] is node for sid, node in nodes.items())
    assert {id(e) for e in scene.edges} == {id(e) for e in edges}
    assert scene.nodes["b"].pos() == QPointF(40.0, 900.0)
    assert picture(scene) == fresh(PLAN_A, moved)


def test_another_plan_on_reused_items_shows_exactly_that_plan(qapp: QApplication) -> None:
    scene = PlanScene()
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    scene.show_plan(PLAN_B, layout(PLAN_B), editable=True)
    assert picture(scene) == fresh(PLAN_B, layout(PLAN_B))
    edges = {(e.source.step_id, e.target.step_id) for e in scene.edges}
    assert edges == set(layout(PLAN_B).edges)
    assert scene.nodes["a"].data_.title == "Again"
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    assert picture(scene) == fresh(PLAN_A, layout(PLAN_A))


def test_a_folded_group_and_back_shows_what_a_fresh_scene_shows(qapp: QApplication) -> None:
    scene = PlanScene()
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    folded = layout(PLAN_A, collapsed={"g"})
    scene.show_plan(PLAN_A, folded, editable=True)
    assert picture(scene) == fresh(PLAN_A, folded)
    clicked: list[str] = []
    scene.group_toggled.connect(clicked.append)
    scene.toggle_clicked(scene.nodes["g"].step_id)
    assert clicked == ["g"]
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=False)
    assert picture(scene) == fresh(PLAN_A, layout(PLAN_A), editable=False)
    assert all(node.handle is None for node in scene.nodes.values())


def test_a_reused_arrow_is_not_left_selected(qapp: QApplication) -> None:
    scene = PlanScene()
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    scene.edges[0].setSelected(True)
    scene.show_plan(PLAN_B, layout(PLAN_B), editable=True)
    assert scene.selected_edges() == []


coordinate = st.floats(min_value=-5000, max_value=5000, allow_nan=False)


@pytest.mark.timeout(60)
@given(coordinate, coordinate, coordinate, coordinate)
def test_arrow_bounds_are_the_paths_control_point_rectangle(
        x1: float, y1: float, x2: float, y2: float) -> None:
    path = arrow_path(QPointF(x1, y1), QPointF(x2, y2))
    expected = path.controlPointRect().getRect()
    assert arrow_bounds(x1, y1, x2, y2).getRect() == pytest.approx(expected, abs=1e-6)


def test_a_group_box_showing_the_same_is_kept_and_follows_its_box(qapp: QApplication) -> None:
    from app.plan.graph import with_dependency

    scene = PlanScene()
    scene.show_plan(PLAN_A, layout(PLAN_A), editable=True)
    box = scene.groups["g"]
    linked = with_dependency(PLAN_A, "d", "b")
    assert linked is not None
    placed = layout(linked)
    scene.show_plan(linked, placed, editable=True)
    assert scene.groups["g"] is box
    g = placed.groups["g"]
    assert box.scene_box().getRect() == (g.x, g.y, g.w, g.h)
    renamed = [PlanStep(id=s.id, title="Renamed" if s.id == "g" else s.title,
                        depends_on=s.depends_on, parent=s.parent, target=s.target)
               for s in linked]
    scene.show_plan(renamed, layout(renamed), editable=True)
    assert scene.groups["g"] is not box and box.scene() is None  # built again, old removed
