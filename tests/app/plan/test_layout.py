"""The layered layout: columns follow dependencies, crossings are reduced, groups enclose."""

from __future__ import annotations

from app.plan.layout import NODE_W, crossings, layout
from app.plan.spec import PlanStep


def s(sid: str, *deps: str, parent: str | None = None) -> PlanStep:
    return PlanStep(id=sid, title=sid, depends_on=list(deps), parent=parent,
                    target=None if sid.startswith("g") else "user")


def test_a_step_sits_right_of_everything_it_waits_for() -> None:
    steps = [s("a"), s("b", "a"), s("c", "a"), s("d", "b", "c")]
    nodes = layout(steps).nodes
    assert nodes["a"].x < nodes["b"].x == nodes["c"].x < nodes["d"].x
    assert nodes["b"].y != nodes["c"].y


def test_barycentre_sweeps_remove_an_avoidable_crossing() -> None:
    # in plan order the second column would be (x, y), crossing a→y and b→x
    steps = [s("a"), s("b"), s("x", "b"), s("y", "a")]
    result = layout(steps)
    assert crossings(result) == 0
    assert result.nodes["y"].y < result.nodes["x"].y


def test_a_group_box_encloses_its_sub_steps_and_collapses() -> None:
    steps = [s("a"), s("g"), s("x", "a", parent="g"), s("y", "x", parent="g"), s("z", "g")]
    result = layout(steps)
    box = result.groups["g"]
    for child in ("x", "y"):
        node = result.nodes[child]
        assert box.x < node.x and node.x + node.w < box.x + box.w
        assert box.y < node.y and node.y + node.h < box.y + box.h
    assert ("a", "x") in result.edges and ("y", "z") in result.edges
    folded = layout(steps, collapsed={"g"})
    assert "x" not in folded.nodes and "g" in folded.nodes and folded.groups == {}
    assert ("a", "g") in folded.edges and ("g", "z") in folded.edges


def test_pinned_positions_win() -> None:
    result = layout([s("a"), s("b", "a")], pinned={"b": (5.0, 600.0)})
    assert (result.nodes["b"].x, result.nodes["b"].y) == (5.0, 600.0)
    assert result.nodes["a"].x == 0.0 and result.nodes["a"].w == NODE_W


def test_large_plans_lay_out() -> None:
    steps = [s(str(i), *([str(i - 1)] if i % 7 else [])) for i in range(2000)]
    result = layout(steps)
    assert len(result.nodes) == 2000


def test_the_layout_is_reused_while_titles_and_statuses_change() -> None:
    from dataclasses import replace

    from app.plan.layout import LayoutCache

    cache = LayoutCache()
    steps = [s("a"), s("b", "a"), s("g"), s("x", "b", parent="g")]
    first = cache.layout(steps, set(), {})
    renamed = [replace(steps[0], title="Renamed", status="completed"), *steps[1:]]
    assert cache.layout(renamed, set(), {}) is first and cache.computed == 1
    linked = [*steps[:3], replace(steps[3], depends_on=["b", "a"])]
    assert cache.layout(linked, set(), {}) == layout(linked) and cache.computed == 2
    assert cache.layout(linked, {"g"}, {}) == layout(linked, {"g"})
    assert cache.layout(linked, {"g"}, {"a": (5.0, 9.0)}).nodes["a"].x == 5.0
    assert cache.computed == 4
