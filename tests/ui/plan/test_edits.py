"""Plan edits: what each edit does to PlanSpec data (no Qt), saving and restoring them
as revisions, and the undo stack's commands (Qt, on a real qasync loop).

The pure functions live in ``app.plan.editing``; their tests sit here beside the
window's commands that use them.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.plan import editing as pe
from app.plan import store as plans
from app.plan.editing import EditRefused
from app.tasks.store import NewTask, add_task
from models import Plan
from tests.app.plan.test_rewrite import latest, task_with
from ui.plan.edits import PlanEditCommand, PlanEditor, refusal_text
from ui.shared.context import WindowContext


def s(sid: str, *deps: str, parent: str | None = None, target: str | None = "user",
      **more: Any) -> dict[str, Any]:
    return {"id": sid, "title": sid.upper(), "depends_on": list(deps), "parent": parent,
            "target": target, "inputs": {}, "status": "pending", **more}


def plan(*steps: dict[str, Any], origin: str = "user") -> dict[str, Any]:
    return {"schema_version": 1, "revision": 1, "origin": origin, "title": "T",
            "objective": "", "steps": list(steps)}


def ids(data: dict[str, Any]) -> list[str]:
    return [step["id"] for step in data["steps"]]


def by_id(data: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(step for step in data["steps"] if step["id"] == sid)


CHAIN = plan(s("a"), s("b", "a"), s("c", "b"))
GROUPED = plan(s("a"), s("g", "a", target=None), s("x", parent="g"), s("y", "x", parent="g"),
               s("z", "g"))


# --- the pure edits ---------------------------------------------------------------------


def test_add_dependency_appends_and_leaves_the_input_alone() -> None:
    out = pe.add_dependency(CHAIN, "c", "a")
    assert by_id(out, "c")["depends_on"] == ["b", "a"]
    assert by_id(CHAIN, "c")["depends_on"] == ["b"]
    pe.checked(out)


@pytest.mark.parametrize(("step", "dep", "code"), [
    ("a", "c", "cycle"), ("a", "a", "same_step"), ("b", "a", "exists"), ("a", "nope", "no_step"),
])
def test_add_dependency_refusals(step: str, dep: str, code: str) -> None:
    with pytest.raises(EditRefused) as refused:
        pe.add_dependency(CHAIN, step, dep)
    assert refused.value.code == code


def test_a_loop_is_named_by_step_titles() -> None:
    with pytest.raises(EditRefused, match="“A” → “C” → “B” → “A”"):
        pe.add_dependency(CHAIN, "a", "c")


def test_a_step_cannot_wait_for_its_own_group() -> None:
    with pytest.raises(EditRefused) as refused:
        pe.add_dependency(GROUPED, "x", "g")
    assert refused.value.code == "cycle"


def test_remove_dependency() -> None:
    assert by_id(pe.remove_dependency(CHAIN, "c", "b"), "c")["depends_on"] == []
    with pytest.raises(EditRefused):
        pe.remove_dependency(CHAIN, "a", "b")


def test_an_arrow_drawn_for_a_group_dependency_removes_that_dependency() -> None:
    # a → g is drawn as a → x (g's first sub-step); y → z as g's last sub-step to z
    assert pe.arrow_dependencies(GROUPED, "a", "x") == [("g", "a")]
    assert pe.arrow_dependencies(GROUPED, "y", "z") == [("z", "g")]
    out = pe.remove_arrows(GROUPED, [("a", "x"), ("x", "y")])
    assert by_id(out, "g")["depends_on"] == [] and by_id(out, "y")["depends_on"] == []
    with pytest.raises(EditRefused):
        pe.remove_arrow(GROUPED, "z", "a")


def test_reparent_makes_a_group_and_a_step_again() -> None:
    out = pe.reparent(plan(s("a"), s("b"), s("c")), "c", "a")
    assert by_id(out, "c")["parent"] == "a"
    assert by_id(out, "a")["target"] is None and by_id(out, "a")["inputs"] == {}
    back = pe.reparent(out, "c", None)
    assert by_id(back, "a")["target"] == "user"
    pe.checked(back)


def test_reparent_refusals() -> None:
    deep = plan(s("l1", target=None), s("l2", parent="l1", target=None),
                s("l3", parent="l2", target=None), s("l4", parent="l3"), s("x"),
                s("k", target=None), s("k1", parent="k"))
    with pytest.raises(EditRefused) as too_deep:
        pe.reparent(deep, "x", "l4")
    assert too_deep.value.code == "too_deep" and "level 5" in str(too_deep.value)
    with pytest.raises(EditRefused) as too_deep_tree:
        pe.reparent(deep, "k", "l3")  # k brings a level of its own
    assert too_deep_tree.value.code == "too_deep"
    pe.checked(pe.reparent(deep, "x", "l3"))
    with pytest.raises(EditRefused) as inside:
        pe.reparent(deep, "l1", "l3")
    assert inside.value.code == "inside_itself"
    with pytest.raises(EditRefused) as loop:
        pe.reparent(plan(s("a"), s("b", "a"), s("c", "b"), s("d", "c")), "d", "b")
    assert loop.value.code == "cycle"  # d waits (through c) for b, its new group
    assert "“D”" in str(loop.value) and "d →" not in str(loop.value)


def test_dropping_a_step_onto_the_one_it_waits_for_nests_it() -> None:
    out = pe.reparent(CHAIN, "b", "a")  # the sub-step gesture: no loop through a group
    assert by_id(out, "b")["parent"] == "a" and by_id(out, "b")["depends_on"] == []
    pe.checked(out)
    back = pe.reparent(plan(s("a", "b"), s("b")), "b", "a")  # a waited for b: now its group
    assert by_id(back, "a")["depends_on"] == []


def test_add_step_after_a_step_joins_its_group_and_waits_for_it() -> None:
    out = pe.add_step(GROUPED, "New", after="y")
    new = by_id(out, "step6")
    assert (new["parent"], new["depends_on"], new["target"]) == ("g", ["y"], "user")
    assert ids(out) == ["a", "g", "x", "y", "step6", "z"]
    alone = pe.add_step(pe.new_plan_data("T"), "First")
    assert ids(alone) == ["step1"] and by_id(alone, "step1")["depends_on"] == []
    pe.checked(alone)


def test_delete_keeps_the_order_a_step_imposed() -> None:
    out = pe.delete_steps(CHAIN, ["b"])
    assert ids(out) == ["a", "c"] and by_id(out, "c")["depends_on"] == ["a"]


def test_deleting_a_group_lifts_its_sub_steps() -> None:
    out = pe.delete_steps(GROUPED, ["g"])
    assert by_id(out, "x")["parent"] is None and by_id(out, "x")["depends_on"] == ["a"]
    assert by_id(out, "z")["depends_on"] == ["x", "y"]
    pe.checked(out)
    with pytest.raises(EditRefused) as refused:
        pe.delete_steps(GROUPED, ["g"], lift_children=False)
    assert refused.value.code == "has_children"


def test_the_last_step_cannot_be_deleted() -> None:
    with pytest.raises(EditRefused) as refused:
        pe.delete_steps(plan(s("a")), ["a"])
    assert refused.value.code == "last_step"


def test_an_edit_of_an_assistant_plan_is_a_user_plan() -> None:
    out = pe.add_dependency(plan(s("a"), s("b"), origin="assistant"), "b", "a")
    assert out["origin"] == "user"


def test_a_draft_is_read_leniently() -> None:
    steps = pe.draft_steps([
        {"id": "a", "title": "A", "parent": "b"}, {"id": "b", "parent": "a"},
        {"id": "c", "depends_on": ["a", "missing", "c", "a"], "target": 5}, "junk",
        {"title": "no id"}, {"id": "a", "title": "duplicate"},
    ])
    assert [x.id for x in steps] == ["a", "b", "c"]
    assert steps[0].parent is None and steps[1].parent == "a"  # the loop is cut
    assert steps[2].depends_on == ["a"] and steps[2].target is None
    assert steps[1].title == "b"


# --- saving and restoring ---------------------------------------------------------------


def test_apply_edit_saves_a_user_revision(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b"), origin="assistant"))
    saved = pe.apply_edit(task_id, 1, partial(pe.add_dependency, step_id="b", depends_on="a"))
    assert saved.revision == 2 and saved.before["revision"] == 1
    now = latest(task_id)
    assert now["origin"] == "user" and by_id(now, "b")["depends_on"] == ["a"]


def test_an_edit_made_from_an_older_revision_is_refused(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    plans.save_plan(task_id, {**plan(s("a"), s("b"), s("c")), "revision": 1})
    with pytest.raises(EditRefused) as refused:
        pe.apply_edit(task_id, 1, partial(pe.add_dependency, step_id="b", depends_on="a"))
    assert refused.value.code == "stale"
    assert ids(latest(task_id)) == ["a", "b", "c"]  # the other edit is kept
    pe.apply_edit(task_id, 1, partial(pe.add_dependency, step_id="b", depends_on="a"),
                  accepted={2})  # a revision this window saved itself


def test_a_first_step_starts_a_plan(db: Path) -> None:
    task_id = int(add_task(NewTask(title="Renew passport")).id)
    saved = pe.apply_edit(task_id, 0, partial(pe.add_step, title="Find the form"))
    assert saved.revision == 1
    assert latest(task_id)["title"] == "Renew passport"


def test_restore_keeps_the_progress_made_since(db: Path) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    if plans.latest_plan_or_fail(task_id).status == "pending":  # a checklist starts by itself
        plans.plan_action(task_id, "approve")
    saved = pe.apply_edit(task_id, 1, partial(pe.add_dependency, step_id="b", depends_on="a"))
    plans.step_action(task_id, "a", "done", result="ok")
    pe.restore(task_id, saved.before)
    now = latest(task_id)
    assert now["revision"] == 3 and by_id(now, "b")["depends_on"] == []
    assert (by_id(now, "a")["status"], by_id(now, "a")["result"]) == ("completed", "ok")


def test_positions_are_upserted(db: Path) -> None:
    task_id = task_with(plan(s("a")))
    pe.save_positions(task_id, {"a": (1.0, 2.0)})
    pe.save_positions(task_id, {"a": (3.0, 4.0), "b": (5.0, 6.0)})
    assert pe.pinned_positions(task_id) == {"a": (3.0, 4.0), "b": (5.0, 6.0)}
    assert pe.snapshot(task_id).pinned["a"] == (3.0, 4.0)


# --- the undo stack -------------------------------------------------------------------


def test_an_edit_is_pushed_once_saved_and_undo_redo_rewrite_its_revision(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = task_with(plan(s("a"), s("b")))
    editor = PlanEditor.of(ctx)
    assert PlanEditor.of(ctx) is editor
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        editor.submit(task_id, 1, "Add dependency",
                      partial(pe.add_dependency, step_id="b", depends_on="a"))
    assert ctx.undo.count() == 1 and isinstance(ctx.undo.command(0), PlanEditCommand)
    assert Plan.select().where(Plan.task == task_id).count() == 2  # the push saved nothing
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        ctx.undo.undo()
    # one editing session is one revision: undo rewrites the session's revision 2
    assert by_id(latest(task_id), "b")["depends_on"] == [] and latest(task_id)["revision"] == 2
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        ctx.undo.redo()
    assert by_id(latest(task_id), "b")["depends_on"] == ["a"]
    assert latest(task_id)["revision"] == 2
    assert Plan.select().where(Plan.task == task_id).count() == 2


def test_quick_edits_are_saved_in_order(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = task_with(plan(s("a"), s("b"), s("c")))
    editor = PlanEditor.of(ctx)
    editor.submit(task_id, 1, "one", partial(pe.add_dependency, step_id="b", depends_on="a"))
    editor.submit(task_id, 1, "two", partial(pe.add_dependency, step_id="c", depends_on="b"))
    qtbot.wait_until(lambda: ctx.undo.count() == 2)
    now = latest(task_id)
    assert now["revision"] == 2 and by_id(now, "c")["depends_on"] == ["b"]  # one session
    assert by_id(now, "b")["depends_on"] == ["a"]


def test_a_refused_edit_is_reported_and_not_pushed(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = task_with(plan(s("a"), s("b", "a")))
    editor = PlanEditor.of(ctx)
    with qtbot.wait_signals([editor.edit_refused, ctx.status.error], timeout=5000):
        editor.submit(task_id, 1, "Add dependency",
                      partial(pe.add_dependency, step_id="a", depends_on="b"))
    assert ctx.undo.count() == 0
    assert Plan.select().where(Plan.task == task_id).count() == 1


def test_refusal_texts_name_the_rule() -> None:
    assert refusal_text("cycle", "steps would wait for each other: a → b → a") == (
        "Not changed: steps would wait for each other in a loop (a → b → a)")
    assert "4 levels" in refusal_text("too_deep", "")
    assert refusal_text("bad_inputs", "x").startswith("Not changed: the plan rules")


def test_an_undo_text_keeps_a_typed_placeholder_as_typed() -> None:
    """The edit's words are filled in one pass: a title with %2 in it is not given the
    task's title (it was, when the placeholders were replaced one after the other)."""
    from ui.plan.edits import in_task

    assert in_task("Rename “50%2 off”", "Shop") == "Rename “50%2 off” in “Shop”"
    assert in_task("Add step", "") == "Add step"


def test_every_edit_rule_is_told_in_its_own_words() -> None:
    from app.problems import EditRule
    from ui.plan.edits import refusal_text

    fallback = refusal_text("invalid_field", "")
    told = {rule: refusal_text(rule, "") for rule in EditRule}
    assert all(text and text != fallback for text in told.values()), told
