"""The plan graph's layout, computed by our own code (Qt-free): layered, left to right.

Layers come from the topological order (a step sits one layer after the latest step it
waits for); the order inside each layer is improved by barycentre sweeps to reduce
crossings. Sub-steps keep their group's span: a group's box is drawn around them.
Pinned positions (dragged by hand) override the computed ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from app.plan.graph import Graph, StepLike

NODE_W, NODE_H = 200.0, 64.0
GAP_X, GAP_Y = 80.0, 28.0
SWEEPS = 4


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Layout:
    nodes: dict[str, Box]  # leaf steps (and collapsed groups)
    groups: dict[str, Box]  # expanded groups: a box around their sub-steps
    edges: list[tuple[str, str]]  # (from the step waited for, to the waiting step)


def leaf_edges(g: Graph, visible: set[str]) -> list[tuple[str, str]]:
    """Dependency arrows between visible nodes.

    A collapsed group stands for everything below it. A dependency on an expanded group
    is drawn from its last sub-steps (those no sibling waits for); a group's own
    dependency is drawn to its first sub-steps (those that wait for no sibling).
    """
    shown_as: dict[str, str | None] = {}  # the visible node a step is drawn in, if any
    ends_of: dict[tuple[str, bool], list[str]] = {}

    def shown(step_id: str) -> str | None:
        if step_id not in shown_as:
            shown_as[step_id] = next((a for a in [step_id, *g.ancestors(step_id)][::-1]
                                      if a in visible), None)
        return shown_as[step_id]

    def ends(step_id: str, last: bool) -> list[str]:
        node = shown(step_id)
        if node is not None:
            return [node]
        if (step_id, last) not in ends_of:
            ends_of[step_id, last] = _group_ends(g, step_id, last, shown)
        return ends_of[step_id, last]

    edges: set[tuple[str, str]] = set()
    for sid in g.order:
        for dep in g.steps[sid].depends_on:
            if dep not in g.steps:
                continue
            for a in ends(dep, last=True):
                for b in ends(sid, last=False):
                    if a != b:
                        edges.add((a, b))
    return sorted(edges, key=lambda e: (g.position[e[0]], g.position[e[1]]))


def _group_ends(g: Graph, step_id: str, last: bool,
                shown: Callable[[str], str | None]) -> list[str]:
    """The nodes an arrow to (``last`` False) or from an expanded group ends at."""
    leaves = set(g.leaves_under(step_id))
    inner = {(d, sid) for sid in leaves for d in g.steps[sid].depends_on if d in leaves}
    inside = {d for d, _ in inner} if last else {w for _, w in inner}
    picked = leaves - inside  # the last: no sibling waits for them; the first: wait for none
    return sorted({n for x in picked if (n := shown(x)) is not None})


def layout(steps: Sequence[StepLike], collapsed: set[str] | None = None,
           pinned: Mapping[str, tuple[float, float]] | None = None) -> Layout:
    """Positions for every visible node and the boxes of expanded groups.

    Columns come from the layers; rows from lanes: the items of one level (steps, and
    groups as whole blocks) are packed into horizontal lanes in the order the crossing
    reduction found, an item sharing a lane only with items whose columns it does not
    overlap. A group's block holds its own lanes, so no box covers a step that is not
    in it, and boxes never overlap.
    """
    collapsed = collapsed or set()
    pinned = pinned or {}
    g = Graph(steps)
    visible = _visible(g, collapsed)
    edges = leaf_edges(g, visible)
    layers = _layers(g, visible, edges)
    columns = _order_columns(layers, edges, g)
    rank = {sid: row for members in columns for row, sid in enumerate(members)}
    packer = _Packer(g, visible, layers, rank)
    tops = [sid for sid in g.order if g.steps[sid].parent not in g.steps]
    ys: dict[str, float] = {}
    packer.place(tops, 0.0, ys)
    nodes: dict[str, Box] = {}
    for sid in visible:
        x, y = pinned.get(sid, (layers[sid] * (NODE_W + GAP_X), ys[sid]))
        nodes[sid] = Box(x, y, NODE_W, NODE_H)
    groups = _group_boxes(g, nodes, collapsed)
    return Layout(nodes, groups, edges)


GROUP_TOP, GROUP_BOTTOM = 32.0, 14.0  # a group's title strip, and its padding below


class _Packer:
    """Stacks the items of each level into lanes (see ``layout``)."""

    def __init__(self, g: Graph, visible: set[str], layers: dict[str, int],
                 rank: dict[str, int]) -> None:
        self.g, self.visible, self.layers, self.rank = g, visible, layers, rank
        self._heights: dict[str, float] = {}

    def _nodes_under(self, sid: str) -> list[str]:
        if sid in self.visible:
            return [sid]
        return [n for kid in self.g.children[sid] for n in self._nodes_under(kid)]

    def _span(self, sid: str) -> tuple[int, int]:
        cols = [self.layers[n] for n in self._nodes_under(sid)]
        return min(cols), max(cols)

    def height(self, sid: str) -> float:
        if sid in self.visible:
            return NODE_H
        if sid not in self._heights:
            lanes = self._lanes(self.g.children[sid])
            inner = sum(h for _, h in lanes) + GAP_Y * max(len(lanes) - 1, 0)
            self._heights[sid] = GROUP_TOP + inner + GROUP_BOTTOM
        return self._heights[sid]

    def _lanes(self, items: list[str]) -> list[tuple[list[str], float]]:
        items = [i for i in items if self._nodes_under(i)]
        items.sort(key=lambda i: (min(self.rank[n] for n in self._nodes_under(i)),
                                  self.g.position[i]))
        lanes: list[tuple[list[str], list[tuple[int, int]]]] = []
        for item in items:
            span = self._span(item)
            for members, taken in lanes:
                if all(span[1] < a or span[0] > b for a, b in taken):
                    members.append(item)
                    taken.append(span)
                    break
            else:
                lanes.append(([item], [span]))
        return [(members, max(self.height(m) for m in members)) for members, _ in lanes]

    def place(self, items: list[str], top: float, ys: dict[str, float]) -> None:
        y = top
        for members, lane_height in self._lanes(items):
            for item in members:
                if item in self.visible:
                    ys[item] = y
                else:
                    self.place(self.g.children[item], y + GROUP_TOP, ys)
            y += lane_height + GAP_Y


def _visible(g: Graph, collapsed: set[str]) -> set[str]:
    """Leaves, plus collapsed groups standing in for what is below them."""
    out = set()
    for sid in g.order:
        hidden_by = [a for a in g.ancestors(sid) if a in collapsed]
        if hidden_by:
            continue
        if not g.is_group(sid) or sid in collapsed:
            out.add(sid)
    return out


def _layers(g: Graph, visible: set[str], edges: list[tuple[str, str]]) -> dict[str, int]:
    incoming: dict[str, list[str]] = {sid: [] for sid in visible}
    for a, b in edges:
        incoming[b].append(a)
    layer: dict[str, int] = {}
    order = sorted(visible, key=g.position.__getitem__)
    remaining = set(order)
    while remaining:  # longest-path layering; a loop (invalid plan) is cut by plan order
        progressed = False
        for sid in order:
            if sid in remaining and all(d in layer for d in incoming[sid]):
                layer[sid] = 1 + max((layer[d] for d in incoming[sid]), default=-1)
                remaining.discard(sid)
                progressed = True
        if not progressed:
            first = min(remaining, key=g.position.__getitem__)
            layer[first] = max(layer.values(), default=-1) + 1
            remaining.discard(first)
    return layer


def _order_columns(layers: dict[str, int], edges: list[tuple[str, str]], g: Graph
                   ) -> list[list[str]]:
    count = max(layers.values(), default=-1) + 1
    columns: list[list[str]] = [[] for _ in range(count)]
    for sid in sorted(layers, key=_group_key(g)):
        columns[layers[sid]].append(sid)
    preds: dict[str, list[str]] = {sid: [] for sid in layers}
    succs: dict[str, list[str]] = {sid: [] for sid in layers}
    for a, b in edges:
        preds[b].append(a)
        succs[a].append(b)
    for sweep in range(SWEEPS):
        forward = sweep % 2 == 0
        indices = range(1, count) if forward else range(count - 2, -1, -1)
        for i in indices:
            ref = columns[i - 1] if forward else columns[i + 1]
            pos = {sid: n for n, sid in enumerate(ref)}
            links = preds if forward else succs
            columns[i] = _by_barycentre(columns[i], links, pos)
    return columns


def _group_key(g: Graph) -> Callable[[str], tuple[int, ...]]:
    """Keep siblings of one group together: sort by the path of positions from the root."""
    def key(sid: str) -> tuple[int, ...]:
        return tuple(g.position[a] for a in [*g.ancestors(sid)[::-1], sid])

    return key


def _by_barycentre(column: list[str], links: dict[str, list[str]], pos: dict[str, int]
                   ) -> list[str]:
    def centre(item: tuple[int, str]) -> tuple[float, int]:
        index, sid = item
        near = [pos[n] for n in links[sid] if n in pos]
        return (sum(near) / len(near) if near else float(index), index)

    return [sid for _, sid in sorted(enumerate(column), key=centre)]


def _group_boxes(g: Graph, nodes: dict[str, Box], collapsed: set[str]) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    pad = GROUP_BOTTOM
    for sid in sorted(g.order, key=lambda s: -len(g.ancestors(s))):  # deepest first
        if not g.is_group(sid) or sid in collapsed or sid in nodes:
            continue
        inside = [nodes[k] for k in g.children[sid] if k in nodes]
        inside += [boxes[k] for k in g.children[sid] if k in boxes]
        if not inside:
            continue
        x0 = min(b.x for b in inside) - pad
        y0 = min(b.y for b in inside) - GROUP_TOP
        x1 = max(b.x + b.w for b in inside) + pad
        y1 = max(b.y + b.h for b in inside) + pad
        boxes[sid] = Box(x0, y0, x1 - x0, y1 - y0)
    return boxes


def crossings(result: Layout) -> int:
    """How many pairs of arrows cross between adjacent columns (for tests and benchmarks)."""
    segments = []
    for a, b in result.edges:
        ax, ay = result.nodes[a].center()
        bx, by = result.nodes[b].center()
        segments.append((ax, ay, bx, by))
    count = 0
    for i, (ax, ay, bx, by) in enumerate(segments):
        for cx, cy, dx, dy in segments[i + 1:]:
            if ax == cx and bx == dx and (ay - cy) * (by - dy) < 0:
                count += 1
    return count


class LayoutCache:
    """The last layout, computed again only when what places the nodes changed.

    A layout depends on the steps' ids, parents and dependencies, the folded groups and
    the pinned positions — not on titles or statuses. So a rename or a step ticked off
    reuses the layout (its nodes stay exactly where they were), and only an edit of the
    structure (an arrow, a nesting, a step added or deleted, a fold) lays out again.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._last: Layout | None = None
        self.computed = 0  # layouts made (not reused), for tests and benchmarks

    def layout(self, steps: Sequence[StepLike], collapsed: set[str],
               pinned: Mapping[str, tuple[float, float]]) -> Layout:
        """``layout(steps, collapsed, pinned)``, reused while its inputs are the same."""
        key = (tuple((s.id, s.parent, tuple(s.depends_on)) for s in steps),
               frozenset(collapsed), tuple(sorted(pinned.items())))
        if self._last is None or key != self._key:
            self._key, self._last = key, layout(steps, collapsed, pinned)
            self.computed += 1
        return self._last
