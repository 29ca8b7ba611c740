"""The plan graph's scene (ui.plan.scene): a node for each step where the layout puts it,
an arrow for each dependency, and selection by step — a step folded inside a group selects
the group's node. (How a re-layout reuses the items is in test_plan_reuse.)"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from app.plan.layout import layout
from app.plan.spec import PlanStep
from ui.plan.edges import EdgeItem
from ui.plan.scene import PlanScene

STEPS = [PlanStep(id="a", title="Pack"), PlanStep(id="g", title="Travel", target=None),
         PlanStep(id="x", title="Train", parent="g", depends_on=["a"]),
         PlanStep(id="y", title="Taxi", parent="g", depends_on=["x"])]


def test_nodes_sit_where_the_layout_puts_them_with_an_arrow_per_dependency(
        qapp: QApplication) -> None:
    placed = layout(STEPS)
    scene = PlanScene()
    scene.show_plan(STEPS, placed, editable=True)
    assert set(scene.nodes) == set(placed.nodes) == {"a", "x", "y"}
    for sid, box in placed.nodes.items():
        assert scene.nodes[sid].pos() == QPointF(box.x, box.y)
    arrows = {(e.source.step_id, e.target.step_id)
              for e in scene.items() if isinstance(e, EdgeItem)}
    assert arrows == {("a", "x"), ("x", "y")}
    assert set(scene.groups) == {"g"} and scene.has_step("g") and not scene.has_step("zz")


def test_selecting_a_folded_step_selects_its_group_and_an_unknown_one_nothing(
        qapp: QApplication) -> None:
    scene = PlanScene()
    scene.show_plan(STEPS, layout(STEPS, collapsed={"g"}), editable=True)
    assert "x" not in scene.nodes
    item = scene.select_step("x")
    assert item is scene.nodes["g"] and scene.selected_steps() == ["g"]
    scene.select_step("a")
    assert scene.selected_steps() == ["a"]
    assert scene.select_step("zz") is None and scene.selected_steps() == []
