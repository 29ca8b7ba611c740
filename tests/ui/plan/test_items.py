"""A step's node in the plan graph (ui.plan.items): an editable node can be moved and has
a link handle, a draft's or a read-only plan's cannot; a folded group has its toggle; the
tooltip is plain text; changed data is drawn at once."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QGraphicsItem

from app.plan.layout import layout
from app.plan.spec import PlanStep
from ui.plan.items import NodeData, NodeItem, ToggleItem, node_kind
from ui.plan.scene import PlanScene

STEPS = [PlanStep(id="a", title="<b>Pack</b> & go"), PlanStep(id="b", title="Pay",
                                                             depends_on=["a"])]


def _scene(editable: bool = True, draft: bool = False) -> PlanScene:
    scene = PlanScene()
    scene.show_plan(STEPS, layout(STEPS), editable=editable, draft=draft)
    return scene


def test_the_kind_of_node_a_step_needs() -> None:
    plain = NodeData("a", "A", "", "pending", "pending")
    folded = NodeData("g", "G", "", "pending", "pending", hidden_steps=3)
    assert node_kind(plain, editable=True, draft=False) == (True, False)
    assert node_kind(plain, editable=True, draft=True) == (False, False)
    assert node_kind(plain, editable=False, draft=False) == (False, False)
    assert node_kind(folded, editable=True, draft=False) == (True, True)


def test_an_editable_node_moves_and_has_a_handle_a_draft_does_not(qapp: QApplication
                                                                   ) -> None:
    node = _scene().nodes["a"]
    assert node.handle is not None and node.kind() == (True, False)
    assert node.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
    for scene in (_scene(draft=True), _scene(editable=False)):
        fixed = scene.nodes["a"]
        assert fixed.handle is None
        assert not fixed.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable


def test_a_folded_group_has_its_toggle(qapp: QApplication) -> None:
    steps = [PlanStep(id="g", title="Venue", target=None),
             PlanStep(id="x", title="Shortlist", parent="g")]
    scene = PlanScene()
    scene.show_plan(steps, layout(steps, collapsed={"g"}), editable=True)
    group = scene.nodes["g"]
    assert group.data_.hidden_steps == 1 and group.kind() == (True, True)
    assert [c for c in group.childItems() if isinstance(c, ToggleItem)]


def test_the_tooltip_is_plain_text_and_changed_data_is_shown_at_once(qapp: QApplication
                                                                      ) -> None:
    node: NodeItem = _scene().nodes["a"]
    node.prepare_tooltip()
    tip = node.toolTip()
    assert "&lt;b&gt;Pack&lt;/b&gt; &amp; go" in tip and "<b>" not in tip
    node.show_data(NodeData("a", "Pack light", "you", "completed", "done"))
    assert node.toolTip() == ""  # made again when next asked for
    node.prepare_tooltip()
    assert "Pack light" in node.toolTip() and "done" in node.toolTip()
