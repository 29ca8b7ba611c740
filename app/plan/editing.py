"""A person's edits of a plan graph (Qt-free): what each edit does, and saving it.

The edit functions take PlanSpec data (``PlanSpec.to_json()``) and return an edited
copy, or raise EditRefused naming the rule the edit would break. ``apply_edit`` reads
the latest revision, refuses when it is not the one the edit was made from, applies
the change, validates the result and saves it as the next revision in one
transaction; ``restore`` saves earlier content again (undo and redo). What the graph
shows (snapshots, node positions, drafts) is ``app.plan.snapshot``'s, named here too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from app.errors import NotFound, StaleEdit
from app.plan import graph
from app.plan.rewrite import rewrite_latest
from app.plan.snapshot import PlanSnapshot as PlanSnapshot
from app.plan.snapshot import draft_steps as draft_steps
from app.plan.snapshot import pinned_positions as pinned_positions
from app.plan.snapshot import save_positions as save_positions
from app.plan.snapshot import snapshot as snapshot
from app.plan.spec import MAX_DEPTH, MAX_STEPS_ANY, SCHEMA_VERSION, PlanSpec
from app.plan.spec import checked as checked_plan
from app.plan.step_names import named, step_titles
from app.plan.store import latest_plan, save_plan, spec_of
from app.problems import EditRefused as EditRefused
from app.problems import EditRule, InvalidPlan
from models import database

Data = dict[str, Any]
Change = Callable[[Data], Data]
PROGRESS_KEYS = ("status", "result", "error")


@dataclass
class _Shape:
    """Just what ``app.plan.graph`` needs of a step (a StepLike over a JSON dict)."""

    id: str
    parent: str | None
    depends_on: list[str]
    status: str


def _graph(data: Data) -> graph.Graph:
    return graph.Graph([_Shape(s["id"], s.get("parent"), list(s.get("depends_on", [])),
                               s.get("status", "pending")) for s in data["steps"]])


def _step(data: Data, step_id: str) -> Data:
    for step in data["steps"]:
        if step["id"] == step_id:
            return step
    raise EditRefused(EditRule.NO_STEP, f"the plan has no step {step_id!r}")


def _copy(data: Data) -> Data:
    out = copy.deepcopy(data)
    out["origin"] = "user"  # a person's edit (of an assistant plan, too)
    return out


# --- the edits ------------------------------------------------------------------------


def add_dependency(data: Data, step_id: str, depends_on: str) -> Data:
    """``step_id`` waits for ``depends_on`` (an arrow from ``depends_on`` to ``step_id``)."""
    if step_id == depends_on:
        raise EditRefused(EditRule.SAME_STEP, f"step {step_id!r} cannot wait for itself")
    out = _copy(data)
    step = _step(out, step_id)
    _step(out, depends_on)
    if depends_on in step["depends_on"]:
        raise EditRefused(EditRule.EXISTS, f"step {step_id!r} already waits for {depends_on!r}")
    step["depends_on"].append(depends_on)
    _refuse_cycles(out)
    return out


def remove_dependency(data: Data, step_id: str, depends_on: str) -> Data:
    """``step_id`` no longer waits for ``depends_on``."""
    out = _copy(data)
    step = _step(out, step_id)
    if depends_on not in step["depends_on"]:
        raise EditRefused(EditRule.NO_STEP, f"step {step_id!r} does not wait for {depends_on!r}")
    step["depends_on"].remove(depends_on)
    return out


def arrow_dependencies(data: Data, source: str, target: str) -> list[tuple[str, str]]:
    """The dependencies ``(step, depends_on)`` a drawn arrow from source to target stands for.

    An arrow between shown nodes is either one dependency, or a dependency on (or of) a
    group drawn from its last (to its first) sub-steps, or one hidden in a collapsed
    group. A direct dependency wins; otherwise every dependency between the two sides.
    """
    g = _graph(data)
    if target not in g.steps or source not in g.steps:
        return []
    if source in g.steps[target].depends_on:
        return [(target, source)]

    def side(step_id: str) -> set[str]:
        return {step_id, *g.ancestors(step_id), *_below(g, step_id)}

    before, after = side(source), side(target)
    return [(sid, dep) for sid in g.order if sid in after
            for dep in g.steps[sid].depends_on if dep in before]


def _below(g: graph.Graph, step_id: str) -> list[str]:
    out, stack = [], list(g.children[step_id])
    while stack:
        sid = stack.pop()
        out.append(sid)
        stack.extend(g.children[sid])
    return out


def remove_arrow(data: Data, source: str, target: str) -> Data:
    """Remove what a drawn arrow stands for (see ``arrow_dependencies``)."""
    found = arrow_dependencies(data, source, target)
    if not found:
        raise EditRefused(EditRule.NO_STEP, f"no dependency is drawn from {source!r} to {target!r}")
    out = _copy(data)
    for step_id, dep in found:
        _step(out, step_id)["depends_on"].remove(dep)
    return out


def remove_arrows(data: Data, arrows: Collection[tuple[str, str]]) -> Data:
    """Remove what several drawn arrows stand for, as one edit."""
    for source, target in arrows:
        data = remove_arrow(data, source, target)
    return data


def reparent(data: Data, step_id: str, parent: str | None) -> Data:
    """Make ``step_id`` a sub-step of ``parent`` (None: a top-level step).

    The new parent becomes a group (no target, no inputs); a group left without
    sub-steps becomes a step for the user again.
    """
    g = _graph(data)
    _step(data, step_id)
    if parent is not None:
        _step(data, parent)
        if parent == step_id or parent in _below(g, step_id):
            raise EditRefused(EditRule.INSIDE_ITSELF,
                              f"step {step_id!r} cannot go inside itself or its own sub-steps")
        levels = 1 + len(g.ancestors(parent)) + _height(g, step_id)
        if levels > MAX_DEPTH:
            raise EditRefused("too_deep", f"inside {parent!r}, step {step_id!r} would reach "
                              f"level {levels}; at most {MAX_DEPTH} levels are allowed")
    out = _copy(data)
    step = _step(out, step_id)
    if step.get("parent") == parent:
        raise EditRefused(EditRule.EXISTS, f"step {step_id!r} is already there")
    step["parent"] = parent
    _drop_waits_on_group(out, step_id, parent)
    _normalise_groups(out)
    _refuse_cycles(out)
    return out


def _drop_waits_on_group(out: Data, step_id: str, parent: str | None) -> None:
    """A sub-step cannot wait for its own group, nor the group for it: dropping a step
    onto one it waited for (or that waited for it) turns that order into nesting."""
    if parent is None:
        return
    step, group = _step(out, step_id), _step(out, parent)
    if parent in step["depends_on"]:
        step["depends_on"].remove(parent)
    if step_id in group["depends_on"]:
        group["depends_on"].remove(step_id)


def _height(g: graph.Graph, step_id: str) -> int:
    """Levels in the subtree of a step: 1 for a leaf."""
    kids = g.children[step_id]
    return 1 + max((_height(g, k) for k in kids), default=0)


def add_step(data: Data, title: str, *, after: str | None = None) -> Data:
    """A new step for the user; after ``after`` (waiting for it, beside it), or at the end."""
    out = _copy(data)
    ids = {s["id"] for s in out["steps"]}
    number = len(ids) + 1
    while f"step{number}" in ids:
        number += 1
    new: Data = {"id": f"step{number}", "title": title, "depends_on": [], "parent": None,
           "target": "user", "inputs": {}, "status": "pending"}
    index = len(out["steps"])
    if after is not None:
        previous = _step(out, after)
        new["depends_on"] = [after]
        new["parent"] = previous.get("parent")
        index = out["steps"].index(previous) + 1
    out["steps"].insert(index, new)
    return out


def delete_steps(data: Data, step_ids: Collection[str], *, lift_children: bool = True
                 ) -> Data:
    """Delete steps, keeping the order they imposed.

    Steps that waited for a deleted step wait for what it waited for (for a group: for
    its sub-steps). A deleted group's sub-steps move up to its parent and take on its
    dependencies, unless ``lift_children`` is False, which refuses to delete a group.
    """
    out = _copy(data)
    for step_id in step_ids:
        _delete_one(out, step_id, lift_children)
    if not out["steps"]:
        raise EditRefused(EditRule.LAST_STEP, "a plan needs at least one step; "
                          "delete the task or abort the plan instead")
    _normalise_groups(out)
    return out


def _delete_one(out: Data, step_id: str, lift_children: bool) -> None:
    step = _step(out, step_id)
    kids = [s for s in out["steps"] if s.get("parent") == step_id]
    if kids and not lift_children:
        raise EditRefused(EditRule.HAS_CHILDREN, f"step {step_id!r} has sub-steps; "
                          "delete or move them first")
    for kid in kids:
        kid["parent"] = step.get("parent")
        _add_all(kid, step["depends_on"])
    instead = [k["id"] for k in kids] or step["depends_on"]
    for other in out["steps"]:
        if step_id in other["depends_on"]:
            other["depends_on"].remove(step_id)
            _add_all(other, instead)
    out["steps"].remove(step)


def _add_all(step: Data, deps: list[str]) -> None:
    for dep in deps:
        if dep != step["id"] and dep not in step["depends_on"]:
            step["depends_on"].append(dep)


def _normalise_groups(out: Data) -> None:
    """Groups have no target and no inputs; a step without sub-steps needs a target."""
    groups = {s.get("parent") for s in out["steps"]}
    for step in out["steps"]:
        if step["id"] in groups:
            step["target"], step["inputs"] = None, {}
        elif step.get("target") is None:
            step["target"] = "user"


def _refuse_cycles(out: Data) -> None:
    loops = graph.find_cycles(_graph(out))
    if loops:
        raise EditRefused("cycle", "steps would wait for each other: "
                          + named(loops[0], step_titles(out)))


def checked(data: Data) -> Data:
    """The data when it passes every PlanSpec rule, with its spec kept for the store (so
    ``save_plan`` does not validate it again); EditRefused with the first rule if not."""
    try:
        return checked_plan(data, max_steps=MAX_STEPS_ANY)
    except InvalidPlan as exc:
        code = exc.problems[0].code if exc.problems else "invalid_field"
        raise EditRefused(code, str(exc)) from exc


def valid(data: Data) -> PlanSpec:
    """The data as a PlanSpec when it passes every rule (the one validation of an edit);
    EditRefused with the first rule if not."""
    try:
        return checked_plan(data, max_steps=MAX_STEPS_ANY).spec
    except InvalidPlan as exc:
        code = exc.problems[0].code if exc.problems else "invalid_field"
        raise EditRefused(code, str(exc)) from exc


# --- saving ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Saved:
    """One saved edit: the content it started from, the content saved, its revision;
    and the plan as now stored with its status, so the window that saved it can show it
    without reading it back (``spec`` None: read it)."""

    task_id: int
    before: Data
    after: Data
    revision: int
    spec: PlanSpec | None = None
    status: str = ""


def new_plan_data(title: str = "") -> Data:
    """An empty plan for a task that has none yet (it needs a step before it is saved)."""
    return {"schema_version": SCHEMA_VERSION, "revision": 1, "origin": "user",
            "title": title, "objective": "", "steps": []}


def _current(task_id: int) -> tuple[int, Data]:
    """The latest revision number (0: no plan) and its content, read in one snapshot."""
    with database.atomic("DEFERRED"):
        plan = latest_plan(task_id)
        if plan is None:
            from app.tasks.store import get_task

            try:
                return 0, new_plan_data(get_task(task_id).title)
            except NotFound as exc:
                raise EditRefused(EditRule.GONE, str(exc)) from exc
        return int(plan.revision), spec_of(plan).to_json()


def apply_edit(task_id: int, base_revision: int, change: Change,
               accepted: Collection[int] = (), session: int = 0) -> Saved:
    """Apply ``change`` to the latest plan and save it: as the next revision, or in place
    when the latest is ``session``'s own (``app.plan.rewrite``: one revision per session).

    Args:
        task_id: the task whose plan is edited.
        base_revision: the revision the person saw when making the edit (0: no plan).
        change: one of the edit functions above, its arguments bound.
        accepted: revisions besides ``base_revision`` the edit may build on (those the
            same window saved since, e.g. by an undo still on its way).
        session: the revision this editing session made (0: none yet).

    Raises:
        EditRefused: the edit breaks a rule, or someone else saved a newer revision.
    """
    revision, before = _current(task_id)
    if revision != base_revision and revision not in accepted:
        raise EditRefused(EditRule.STALE, f"the plan is now at revision {revision}, saved "
                          f"elsewhere since revision {base_revision} was shown; nothing was "
                          "changed")
    after = change(before)
    return _save(task_id, before, after, revision, valid(after),
                 in_place=bool(session) and revision == session)


def restore(task_id: int, content: Data, session: int = 0) -> Saved:
    """Save earlier content again (undo, redo), keeping step progress: in place when the
    latest revision is ``session``'s own, else as the next revision.

    Steps still in the plan keep the status, result and error they have now: undoing
    an edit of the structure must not undo work done since.
    """
    revision, current = _current(task_id)
    now = {s["id"]: s for s in current["steps"]}
    data = _copy(content)
    for step in data["steps"]:
        if step["id"] in now:
            step.update({key: now[step["id"]].get(key) for key in PROGRESS_KEYS})
    return _save(task_id, current, data, revision, valid(data),
                 in_place=bool(session) and revision == session)


def _save(task_id: int, before: Data, after: Data, revision: int, spec: PlanSpec,
          in_place: bool = False) -> Saved:
    after = {**after, "revision": max(revision, 1)}
    # Validated once already; an assistant's content (undone to) is checked again by the
    # store, which makes it the user's.
    checked_spec = replace(spec, revision=after["revision"]) if spec.origin == "user" else None
    try:
        plan = rewrite_latest(task_id, revision, after, checked_spec) if in_place else None
        if plan is None:  # a new revision (the session's first edit, or it has ended)
            plan = save_plan(task_id, after, author="user", valid=checked_spec)
    except StaleEdit as exc:
        raise EditRefused(EditRule.STALE, str(exc)) from exc
    except InvalidPlan as exc:
        raise EditRefused(exc.problems[0].code if exc.problems else "invalid_field",
                          str(exc)) from exc
    except NotFound as exc:
        raise EditRefused(EditRule.GONE, str(exc)) from exc
    shown = None if checked_spec is None else replace(checked_spec, revision=int(plan.revision))
    return Saved(task_id, before, after, int(plan.revision), shown, str(plan.status))
