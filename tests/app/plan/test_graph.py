"""Readiness, topological order and critical path over plans with groups."""

from __future__ import annotations

import pytest

from app.plan import graph
from app.plan.spec import PlanStep


def s(sid: str, *deps: str, parent: str | None = None, status: str = "pending") -> PlanStep:
    return PlanStep(id=sid, title=sid, depends_on=list(deps), parent=parent, status=status,
                    target=None if sid.startswith("g") else "user")


def test_ready_steps_need_every_dependency_satisfied() -> None:
    steps = [s("a", status="completed"), s("b", status="skipped"), s("c", "a", "b"),
             s("d", "c"), s("e")]
    assert graph.ready_steps(steps) == ["c", "e"]


def test_a_child_waits_for_its_ancestors_dependencies() -> None:
    steps = [s("a"), s("g", "a"), s("x", parent="g"), s("y", "x", parent="g")]
    assert graph.ready_steps(steps) == ["a"]
    steps[0].status = "completed"
    assert graph.ready_steps(steps) == ["x"]
    assert graph.blockers(steps, "y") == ["x"]


def test_a_step_that_depends_on_a_group_waits_for_the_whole_group() -> None:
    steps = [s("g"), s("x", parent="g", status="completed"), s("y", parent="g"), s("z", "g")]
    assert graph.ready_steps(steps) == ["y"]
    steps[2].status = "skipped"
    assert graph.ready_steps(steps) == ["z"]


def test_all_before() -> None:
    steps = [s("a"), s("b", "a"), s("g", "b"), s("x", parent="g"), s("y", "x", parent="g"),
             s("z", "g"), s("w")]
    g = graph.Graph(steps)
    assert g.all_before("y") == {"x", "b", "a"} and g.all_before("a") == set()
    assert g.all_before("z") == {"g", "x", "y", "b", "a"}  # a group: its children too


def test_group_status_follows_children() -> None:
    steps = [s("g"), s("x", parent="g"), s("y", parent="g")]
    g = graph.Graph(steps)
    assert g.status_of("g") == "pending"
    steps[1].status = "in_progress"
    assert graph.Graph(steps).status_of("g") == "in_progress"
    steps[1].status = "failed"
    assert graph.Graph(steps).status_of("g") == "failed"
    steps[1].status, steps[2].status = "completed", "skipped"
    assert graph.Graph(steps).status_of("g") == "completed"
    steps[1].status = "skipped"
    assert graph.Graph(steps).status_of("g") == "skipped"


def test_topological_order_keeps_plan_order_for_ties() -> None:
    steps = [s("d", "b"), s("a"), s("b", "a"), s("c")]
    assert graph.topological_order(steps) == ["a", "b", "d", "c"]


def test_topological_order_refuses_a_cycle() -> None:
    with pytest.raises(ValueError, match="cycle"):
        graph.topological_order([s("a", "b"), s("b", "a")])


def test_critical_path_follows_the_longest_chain() -> None:
    steps = [s("a"), s("b", "a"), s("c", "a"), s("d", "b", "c")]
    total, path = graph.critical_path(steps, {"a": 1, "b": 5, "c": 2, "d": 1})
    assert (total, path) == (7.0, ["a", "b", "d"])


def test_critical_path_through_a_group() -> None:
    steps = [s("g"), s("x", parent="g"), s("y", "x", parent="g"), s("z", "g")]
    total, path = graph.critical_path(steps, {"x": 2, "y": 3, "z": 1})
    assert (total, path) == (6.0, ["x", "y", "z"])


def test_cycles_are_found_in_a_large_plan_without_recursion_limits() -> None:
    chain = [s("0")] + [s(str(i), str(i - 1)) for i in range(1, 3000)]
    chain[0].depends_on = ["2999"]
    [cycle] = graph.find_cycles(graph.Graph(chain))
    assert cycle[0] == "0" and cycle[-1] == "0" and len(cycle) == 3001


def test_with_dependency_copies_only_the_changed_step() -> None:
    steps = [s("a"), s("b", "a"), s("c")]
    out = graph.with_dependency(steps, "c", "b")
    assert out is not None and out[2].depends_on == ["b"] and steps[2].depends_on == []
    assert out[0] is steps[0] and out[1] is steps[1] and out[2] is not steps[2]


@pytest.mark.parametrize(("step", "dep"), [
    ("a", "b"),  # a loop: b waits for a
    ("b", "a"),  # it waits already
    ("a", "a"), ("a", "nope"), ("nope", "a"),
    ("x", "g"),  # a step waiting for its own group is a loop
])
def test_with_dependency_draws_nothing_that_would_not_be_saved(step: str, dep: str) -> None:
    steps = [s("a"), s("b", "a"), s("g"), s("x", parent="g")]
    assert graph.with_dependency(steps, step, dep) is None
