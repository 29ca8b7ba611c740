"""How the plan graph paints (ui.plan.items, ui.plan.edges): zoomed far out a node is a
card without text and an arrow a polyline, made without preparing texts or curves; close
up every text and curve is drawn; a node's tooltip is made when first asked for; and
an edit that only adds an arrow moves no node the new layout did not move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.plan.graph import Graph, with_dependency
from app.plan.layout import layout
from app.plan.spec import PlanStep
from ui.plan.edges import EdgeItem
from ui.plan.items import NodeItem
from ui.plan.look import LOD_TEXT, status_colour
from ui.plan.scene import PlanScene


def chain(count: int, status: str = "pending") -> list[PlanStep]:
    return [PlanStep(id=f"s{n}", title=f"Step {n}", status=status,
                     depends_on=[f"s{n - 1}"] if n > 1 else []) for n in range(1, count + 1)]


def shown(steps: list[PlanStep]) -> PlanScene:
    scene = PlanScene()
    scene.show_plan(steps, layout(steps), editable=True)
    return scene


def render(scene: PlanScene, scale: float) -> QImage:
    """The whole scene drawn at ``scale`` into an image (what a view at that zoom paints)."""
    rect = scene.itemsBoundingRect()
    image = QImage(max(1, int(rect.width() * scale)), max(1, int(rect.height() * scale)),
                   QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect, Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    return image


def colours(image: QImage) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), 2)
            for y in range(0, image.height(), 2)}


def test_far_out_nodes_are_cards_without_text_and_arrows_polylines(qapp: QApplication
                                                                    ) -> None:
    scene = shown(chain(30, status="completed"))
    nodes = list(scene.nodes.values())
    edges = [item for item in scene.items() if isinstance(item, EdgeItem)]
    image = render(scene, LOD_TEXT / 2)
    assert all(node._title == [] for node in nodes)  # no text prepared
    assert all(edge._curve is None and edge._route is not None for edge in edges)
    bar = status_colour("completed").rgb()
    assert bar in colours(image)  # the status bars are drawn
    render(scene, 1.0)
    assert all(node._title for node in nodes)
    assert all(edge._curve is not None for edge in edges)


def test_close_up_the_titles_are_drawn(qapp: QApplication) -> None:
    steps = chain(2)
    near = render(shown(steps), 1.0)
    blank = render(shown([PlanStep(id=s.id, title=" ", depends_on=s.depends_on)
                          for s in steps]), 1.0)
    assert near != blank  # the only difference is the title text


def test_a_nodes_tooltip_is_made_when_asked_for(qtbot: QtBot) -> None:
    from ui.plan.graph_view import GraphView

    scene = shown(chain(3))
    view = GraphView(scene)
    qtbot.add_widget(view)
    view.resize(900, 300)
    view.show()
    qtbot.wait_exposed(view)
    node = scene.nodes["s2"]
    assert node.toolTip() == ""
    where = view.mapFromScene(node.mapToScene(QPointF(40, 20)))
    event = QHelpEvent(QHelpEvent.Type.ToolTip, where, view.viewport().mapToGlobal(where))
    QApplication.sendEvent(view.viewport(), event)
    assert "Step 2" in node.toolTip() and "s2" not in node.toolTip()  # no internal id
    assert scene.nodes["s1"].toolTip() == ""  # not asked for


@st.composite
def plans(draw: st.DrawFn) -> tuple[list[PlanStep], str, str]:
    """A random DAG (dependencies point back) and an arrow that may be added to it."""
    count = draw(st.integers(3, 40))
    rng = random.Random(draw(st.integers(0, 2**32)))
    steps = [PlanStep(id=f"s{n}", title=f"s{n}",
                      depends_on=sorted({f"s{rng.randrange(n)}" for _ in range(rng.randrange(3))
                                         if n}))
             for n in range(count)]
    a, b = sorted(draw(st.lists(st.integers(0, count - 1), min_size=2, max_size=2,
                                unique=True)))
    return steps, f"s{a}", f"s{b}"


@pytest.mark.timeout(120)
@settings(max_examples=40)
@given(plans())
def test_an_added_arrow_moves_only_the_nodes_the_new_layout_moves(
        qapp: QApplication, case: tuple[list[PlanStep], str, str]) -> None:
    steps, source, target = case
    after = with_dependency(steps, target, source)
    if after is None:
        return  # it waits already
    scene = shown(steps)
    before_items = dict(scene.nodes)
    before = {sid: (n.pos().x(), n.pos().y()) for sid, n in scene.nodes.items()}
    new = layout(after)
    scene.show_plan(after, new, editable=True)
    for sid, box in new.nodes.items():
        assert scene.nodes[sid] is before_items[sid]  # the same item, not rebuilt
        assert (scene.nodes[sid].pos().x(), scene.nodes[sid].pos().y()) == (box.x, box.y)
        if layout(steps).nodes[sid] == box:
            assert before[sid] == (box.x, box.y)  # did not need to move: did not
    drawn = {(e.source.step_id, e.target.step_id) for e in scene.edges}
    assert drawn == set(new.edges) and (source, target) in drawn
    assert len(Graph(after).steps) == len(scene.nodes)


def test_a_rename_keeps_the_layout_and_every_node_in_place(qtbot: QtBot) -> None:
    from dataclasses import replace

    from app.plan.layout import LayoutCache

    cache = LayoutCache()
    steps = chain(12)
    scene = PlanScene()
    scene.show_plan(steps, cache.layout(steps, set(), {}), editable=True)
    where = {sid: QPointF(n.pos()) for sid, n in scene.nodes.items()}
    renamed = [replace(s, title=f"New {s.id}") if s.id == "s5" else s for s in steps]
    scene.show_plan(renamed, cache.layout(renamed, set(), {}), editable=True)
    assert cache.computed == 1
    assert {sid: QPointF(n.pos()) for sid, n in scene.nodes.items()} == where
    assert scene.nodes["s5"].data_.title == "New s5"
    assert isinstance(scene.nodes["s5"], NodeItem)


def test_a_change_of_theme_redraws_the_cards_shown_in_the_new_look(qapp: QApplication) -> None:
    """Switching to dark while a plan is shown turns its cards dark too (they stayed white)."""
    from ui.style.look import apply_look

    apply_look(qapp, "light")
    try:
        scene = shown(chain(3))
        assert all(node.look.card.lightness() > 128 for node in scene.nodes.values())
        apply_look(qapp, "dark")
        scene.restyle()
        assert all(node.look.card.lightness() < 128 for node in scene.nodes.values())
        assert all(edge.look is scene.look for edge in scene.edges)
        card = render(scene, 1.0).pixelColor(60, 30)  # inside the first card
        assert card.lightness() < 128
    finally:
        apply_look(qapp, "light")
