"""The step graph of a plan: structure checks, readiness, order and critical path.

Steps form a decomposition tree (``parent``) and a DAG (``depends_on``). A group (a
step with children) is never run itself: it is done when its children are, and a
child waits for its own dependencies and those of every ancestor. These functions
work on anything with ``id``, ``parent``, ``depends_on`` and ``status``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from app.problems import Problem
from app.states import SATISFIED_STEP, StepStatus


class StepLike(Protocol):
    id: str
    parent: str | None
    depends_on: list[str]
    status: str


S = TypeVar("S", bound=StepLike)


class Graph:
    """Index of a plan's steps: children, ancestors and the edges a step waits on."""

    def __init__(self, steps: Sequence[StepLike]) -> None:
        self.steps = {s.id: s for s in steps}
        self.order = [s.id for s in steps]
        self.position = {sid: i for i, sid in enumerate(self.order)}
        self.children: dict[str, list[str]] = {s.id: [] for s in steps}
        for s in steps:
            if s.parent in self.children:
                self.children[s.parent].append(s.id)
        self._ancestors: dict[str, list[str]] = {}  # asked for thousands of times a layout

    def is_group(self, step_id: str) -> bool:
        return bool(self.children[step_id])

    def ancestors(self, step_id: str) -> list[str]:
        """Parent first, root last; stops at a loop (reported by structure_problems)."""
        known = self._ancestors.get(step_id)
        if known is None:
            known = self._ancestors[step_id] = self._walk_up(step_id)
        return list(known)

    def _walk_up(self, step_id: str) -> list[str]:
        chain: list[str] = []
        seen = {step_id}
        parent = self.steps[step_id].parent
        while parent is not None and parent in self.steps and parent not in seen:
            chain.append(parent)
            seen.add(parent)
            parent = self.steps[parent].parent
        return chain

    def leaves_under(self, step_id: str) -> list[str]:
        """The runnable steps a step stands for: itself, or every leaf below a group."""
        out: list[str] = []
        stack = [step_id]
        while stack:
            sid = stack.pop()
            kids = self.children[sid]
            if kids:
                stack.extend(reversed(kids))
            else:
                out.append(sid)
        return out

    def waits_on(self, step_id: str) -> list[str]:
        """Steps this one waits for: its and its ancestors' dependencies, and a group's children."""
        edges = list(self.steps[step_id].depends_on)
        for ancestor in self.ancestors(step_id):
            edges.extend(self.steps[ancestor].depends_on)
        edges.extend(self.children[step_id])
        return [e for e in edges if e in self.steps]

    def all_before(self, step_id: str) -> set[str]:
        """Every step this one waits for, directly or through others (``waits_on``, closed)."""
        found: set[str] = set()
        todo = self.waits_on(step_id)
        while todo:
            sid = todo.pop()
            if sid not in found:
                found.add(sid)
                todo += self.waits_on(sid)
        return found

    def status_of(self, step_id: str) -> str:
        """A leaf's own status, or the status a group derives from its children.

        A group is completed when every child is completed or skipped (skipped when all
        were skipped), failed when one failed, in progress once one has started.
        """
        kids = self.children[step_id]
        if not kids:
            return self.steps[step_id].status
        return derive_group_status([self.status_of(k) for k in kids])

    def satisfied(self, step_id: str) -> bool:
        return self.status_of(step_id) in SATISFIED_STEP


def derive_group_status(children: Sequence[str]) -> str:
    """A group's status from its children's (see ``Graph.status_of``)."""
    if all(s == StepStatus.SKIPPED for s in children):
        return StepStatus.SKIPPED
    if all(s in SATISFIED_STEP for s in children):
        return StepStatus.COMPLETED
    if StepStatus.FAILED in children:
        return StepStatus.FAILED
    if any(s != StepStatus.PENDING for s in children):
        return StepStatus.IN_PROGRESS
    return StepStatus.PENDING


def structure_problems(steps: Sequence[StepLike], max_depth: int) -> list[Problem]:
    """Parent loops, parent chains deeper than ``max_depth``, and dependency cycles."""
    g = Graph(steps)
    problems: list[Problem] = []
    looped: set[str] = set()
    for sid in g.order:
        chain = [sid, *g.ancestors(sid)]
        last = g.steps[chain[-1]].parent
        if last is not None and last in chain:
            loop = chain[chain.index(last):]
            if not looped.intersection(loop):
                looped.update(loop)
                problems.append(Problem(
                    "cycle", "parents loop: " + " → ".join([*loop, last]), sid))
        elif len(chain) > max_depth:
            problems.append(too_deep(chain, max_depth))
    if not looped:
        problems += [Problem("cycle", "steps wait for each other: " + " → ".join(c), c[0])
                     for c in find_cycles(g)]
    return problems


def too_deep(chain: Sequence[str], max_depth: int) -> Problem:
    """The problem of step ``chain[0]``, whose parents up to the top are ``chain[1:]``."""
    return Problem("too_deep", f"step {chain[0]!r} is at level {len(chain)} "
                   f"({' → '.join(reversed(chain))}); at most {max_depth} levels are allowed",
                   chain[0])


def find_cycles(g: Graph) -> list[list[str]]:
    """One named loop (first step repeated at the end) per strongly connected part."""
    cycles = []
    for component in _strong_components(g):
        if len(component) == 1:
            only = component[0]
            if only not in g.waits_on(only):
                continue
        cycles.append(_cycle_within(g, set(component)))
    return cycles


def _strong_components(g: Graph) -> list[list[str]]:
    """Tarjan's algorithm, iterative (plans may hold 2,000 steps)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in g.order:
        if root in index:
            continue
        work = [(root, iter(g.waits_on(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(g.waits_on(nxt))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(sorted(component, key=g.position.__getitem__))
    return out


def _cycle_within(g: Graph, members: set[str]) -> list[str]:
    """A loop through the first member, found by breadth-first search inside the part."""
    start = min(members, key=g.position.__getitem__)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for node in frontier:
            for nxt in g.waits_on(node):
                if nxt not in members:
                    continue
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [*reversed(path), start]
                if nxt not in previous:
                    previous[nxt] = node
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return [start, start]


def ready_steps(steps: Sequence[StepLike]) -> list[str]:
    """Leaf steps that are pending and whose every dependency (and ancestors') is satisfied."""
    g = Graph(steps)
    ready = []
    for sid in g.order:
        if g.is_group(sid) or g.steps[sid].status != StepStatus.PENDING:
            continue
        if all(g.satisfied(dep) for dep in g.waits_on(sid)):
            ready.append(sid)
    return ready


def blockers(steps: Sequence[StepLike], step_id: str) -> list[str]:
    """The steps that ``step_id`` still waits for (empty when it may start)."""
    g = Graph(steps)
    return [dep for dep in g.waits_on(step_id) if not g.satisfied(dep)]


def topological_order(steps: Sequence[StepLike]) -> list[str]:
    """Every step after everything it waits for; ties keep the plan's order.

    Raises:
        ValueError: the steps contain a cycle.
    """
    g = Graph(steps)
    waiting = {sid: set(g.waits_on(sid)) for sid in g.order}
    dependents: dict[str, list[str]] = {sid: [] for sid in g.order}
    for sid, deps in waiting.items():
        for dep in deps:
            dependents[dep].append(sid)
    position = {sid: i for i, sid in enumerate(g.order)}
    import heapq

    heap = [(position[s], s) for s, deps in waiting.items() if not deps]
    heapq.heapify(heap)
    out = []
    while heap:
        _, sid = heapq.heappop(heap)
        out.append(sid)
        for nxt in dependents[sid]:
            waiting[nxt].discard(sid)
            if not waiting[nxt]:
                heapq.heappush(heap, (position[nxt], nxt))
    if len(out) != len(g.order):
        raise ValueError("the plan has a cycle")
    return out


def critical_path(steps: Sequence[StepLike],
                  durations: Mapping[str, float]) -> tuple[float, list[str]]:
    """The longest chain of leaf steps by duration (missing durations count as 0).

    Returns:
        The total duration and the leaf steps on the chain, first to last.
    """
    g = Graph(steps)
    finish: dict[str, float] = {}
    previous: dict[str, str | None] = {}
    for sid in topological_order(steps):
        if g.is_group(sid):
            continue
        before = _leaf_predecessors(g, sid)
        best = max(before, key=lambda d: finish[d], default=None)
        finish[sid] = (finish[best] if best else 0.0) + float(durations.get(sid, 0.0))
        previous[sid] = best
    if not finish:
        return 0.0, []
    end: str | None = max(finish, key=lambda s: finish[s])
    total = finish[end] if end else 0.0
    path = []
    while end is not None:
        path.append(end)
        end = previous[end]
    return total, list(reversed(path))


def _leaf_predecessors(g: Graph, sid: str) -> Iterable[str]:
    for dep in g.waits_on(sid):
        yield from g.leaves_under(dep)


def with_dependency(steps: Sequence[S], step_id: str, depends_on: str) -> list[S] | None:
    """The steps with ``step_id`` also waiting for ``depends_on`` (copies of the changed
    step; the others shared), to draw an added arrow before the edit is saved and
    validated; None when there is nothing to draw (it waits already, a step is missing)
    or when it would close a loop."""
    ids = {s.id for s in steps}
    if step_id == depends_on or step_id not in ids or depends_on not in ids:
        return None
    out: list[S] = []
    for step in steps:
        if step.id == step_id:
            if depends_on in step.depends_on:
                return None
            step = copy.copy(step)
            step.depends_on = [*step.depends_on, depends_on]
        out.append(step)
    return None if find_cycles(Graph(out)) else out
