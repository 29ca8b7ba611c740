"""The plan canvas: a QGraphicsScene placed by ``app.plan.layout``.

The scene builds one node per shown step (a folded group is one node), one arrow per
drawn dependency and one box per unfolded group. It does not edit anything itself:
a node dragged to a free place, a handle dragged onto a step and a node dropped onto
a step come out as signals, and ``ui.plan.view`` turns them into edits. The view onto
it is ``ui.plan.graph_view.GraphView``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
)

from app.plan.graph import Graph
from app.plan.layout import Box, Layout
from app.plan.spec import PlanStep
from ui.plan.edges import EdgeItem
from ui.plan.groups import GroupItem
from ui.plan.items import HandleItem, NodeData, NodeItem, ToggleItem, node_kind
from ui.plan.look import Z_LINK, Look
from ui.plan.nodes import NodeTexts

MARGIN = 60.0
Target = NodeItem | GroupItem


def _rect(box: Box) -> QRectF:
    return QRectF(box.x, box.y, box.w, box.h)


def _extent(result: Layout) -> QRectF:
    """The rectangle around a layout's boxes, with a node's drawing margin (its
    boundingRect: a folded group's stack below and to the right)."""
    boxes = [*result.nodes.values(), *result.groups.values()]
    if not boxes:
        return QRectF()
    left, top = min(b.x for b in boxes) - 2, min(b.y for b in boxes) - 2
    right, bottom = max(b.x + b.w for b in boxes) + 8, max(b.y + b.h for b in boxes) + 8
    return QRectF(left, top, right - left, bottom - top)


class PlanScene(QGraphicsScene):
    """Nodes, arrows and group boxes of one plan (or of a draft still being written)."""

    step_moved = Signal(str, float, float)  # a node left at a free place (pinned there)
    dependency_drawn = Signal(str, str)  # waiting step, the step it should wait for
    step_dropped = Signal(str, str)  # step, the step it was dropped onto (its new parent)
    group_toggled = Signal(str)  # a group's fold toggle was clicked
    done_clicked = Signal(str)  # a node's check circle was clicked
    rename_requested = Signal(str)  # a node was double-clicked
    drag_finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.look = Look.from_palette()
        self.nodes: dict[str, NodeItem] = {}
        self.groups: dict[str, GroupItem] = {}
        self.edges: list[EdgeItem] = []
        self.draft = False
        self.dragging = False
        self.keyboard_focus = False  # the view has focus (the selected node's ring)
        self._edges_of: dict[str, list[EdgeItem]] = {}
        self._graph = Graph([])
        self._link: QGraphicsLineItem | None = None
        self._link_source: NodeItem | None = None
        self._target: Target | None = None
        self._starts: dict[str, QPointF] = {}
        self.moved_from: dict[str, tuple[float, float]] = {}  # the last drag's start points
        self.setBackgroundBrush(self.look.canvas)
        # Items move on every re-layout: keeping a BSP tree of thousands of them up to
        # date costs more than the linear look-ups of a view's paint and a pointer.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

    # --- building -------------------------------------------------------------------

    def restyle(self) -> None:
        """Follow a change of theme: the canvas, and every card, box and arrow shown."""
        self.look = Look.from_palette()
        self.setBackgroundBrush(self.look.canvas)
        items: list[NodeItem | GroupItem | EdgeItem] = [
            *self.nodes.values(), *self.groups.values(), *self.edges]
        for item in items:
            item.look = self.look
            item.update()

    def show_plan(self, steps: Sequence[PlanStep], result: Layout, *, editable: bool,
                  draft: bool = False) -> None:
        """Show the plan's items placed as ``result`` says.

        A re-layout reuses the items already shown: a node of the same step and kind
        moves (and redraws only when what it shows changed), an arrow between two kept
        nodes follows them; only the rest is built or removed.
        """
        look = Look.from_palette()  # follows a change of theme
        if look != self.look or draft != self.draft:
            self.clear_plan()
        self._end_link()
        self.clearSelection()
        self.look, self.draft = look, draft
        self.setBackgroundBrush(look.canvas)
        self._graph = Graph(steps)
        texts = NodeTexts(self._graph)
        by_id = {s.id: s for s in steps}
        self._place_nodes({sid: (texts.data(by_id[sid]), box)
                           for sid, box in result.nodes.items()}, editable)
        self._replace_groups({sid: (texts.data(by_id[sid]), box)
                              for sid, box in result.groups.items()})
        self._place_edges(result.edges)
        self.fit_scene_rect(result)

    def _place_nodes(self, shown: dict[str, tuple[NodeData, Box]], editable: bool) -> None:
        """The same step's node where it fits, else a spare one of the same kind
        re-pointed, else a new one; spares left over are removed."""
        old, kept = self.nodes, {}
        spares: dict[tuple[bool, bool], list[NodeItem]] = {}
        for sid, node in old.items():
            if sid not in shown:
                spares.setdefault(node.kind(), []).append(node)
        for sid, (data, box) in shown.items():
            kind = node_kind(data, editable=editable, draft=self.draft)
            same = old.get(sid)
            if same is not None and same.kind() == kind:
                node = same
            else:
                if same is not None:
                    spares.setdefault(same.kind(), []).append(same)
                node = spares[kind].pop() if spares.get(kind) else self._new_node(data, editable)
            node.assign(data)
            node.setPos(box.x, box.y)
            kept[sid] = node
        for left in spares.values():
            for node in left:
                self.removeItem(node)
        self.nodes = kept

    def _new_node(self, data: NodeData, editable: bool) -> NodeItem:
        node = NodeItem(data, self.look, self, editable=editable, draft=self.draft)
        self.addItem(node)
        return node

    def _replace_groups(self, shown: dict[str, tuple[NodeData, Box]]) -> None:
        """A group box showing the same data at the same depth stays (moved or resized
        if its box changed); the others are built again."""
        old, self.groups = self.groups, {}
        for sid, (data, box) in shown.items():
            depth = len(self._graph.ancestors(sid))
            group = old.pop(sid, None)
            if group is not None and group.data_ == data and group.depth == depth:
                if group.scene_box() != _rect(box):
                    group.set_rect(_rect(box))
            else:
                if group is not None:
                    self.removeItem(group)
                group = GroupItem(data, _rect(box), depth, self.look, self)
                self.addItem(group)
            self.groups[sid] = group
        for group in old.values():
            self.removeItem(group)

    def _place_edges(self, pairs: Iterable[tuple[str, str]]) -> None:
        """The same arrow's item where there was one, else a spare one re-pointed, else
        a new one; spares left over are removed."""
        old = {(e.source.step_id, e.target.step_id): e for e in self.edges}
        wanted = list(pairs)
        taken = set(wanted)
        spares = [e for key, e in old.items() if key not in taken]
        self.edges, self._edges_of = [], {}
        for a, b in wanted:
            source, target = self.nodes[a], self.nodes[b]
            edge = old.get((a, b)) or (spares.pop() if spares else None)
            if edge is None:
                self._add_edge(source, target)
                continue
            edge.follow(source, target)
            self._keep_edge(edge)
        for edge in spares:
            self.removeItem(edge)

    def clear_plan(self) -> None:
        self._end_link()
        self.clear()
        self.nodes, self.groups, self.edges, self._edges_of = {}, {}, [], {}
        self._target, self._starts, self.dragging, self.draft = None, {}, False, False

    def _add_edge(self, source: NodeItem, target: NodeItem) -> None:
        edge = EdgeItem(source, target, self.look, draft=self.draft)
        self.addItem(edge)
        self._keep_edge(edge)

    def _keep_edge(self, edge: EdgeItem) -> None:
        self.edges.append(edge)
        self._edges_of.setdefault(edge.source.step_id, []).append(edge)
        self._edges_of.setdefault(edge.target.step_id, []).append(edge)

    def fit_scene_rect(self, result: Layout | None = None) -> None:
        """The scene's extent: its items' (or, just placed, ``result``'s boxes: the arrows
        run between them) and a margin."""
        rect = self.itemsBoundingRect() if result is None else _extent(result)
        rect = rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self.setSceneRect(rect if not rect.isEmpty() else QRectF(0, 0, 1, 1))

    def place_groups(self, boxes: dict[str, Box]) -> None:
        """Move group boxes after a node was moved (their members stay where they are)."""
        for sid, box in boxes.items():
            if sid in self.groups:
                self.groups[sid].set_rect(_rect(box))
        self.fit_scene_rect()

    def show_keyboard_focus(self, on: bool) -> None:
        """The view gained or lost focus: the selected node wears the focus ring or not."""
        if on != self.keyboard_focus:
            self.keyboard_focus = on
            for item in self.selectedItems():
                item.update()

    # --- selection ------------------------------------------------------------------

    def select_step(self, step_id: str) -> QGraphicsItem | None:
        """Select the node or group box of a step (None when it is not shown)."""
        item: QGraphicsItem | None = self.nodes.get(step_id) or self.groups.get(step_id)
        if item is None and step_id in self._graph.steps:  # inside a folded group
            shown = [a for a in self._graph.ancestors(step_id) if a in self.nodes]
            item = self.nodes[shown[0]] if shown else None
        if item is not None and item.isSelected() and len(self.selectedItems()) == 1:
            return item
        self.clearSelection()
        if item is not None:
            item.setSelected(True)
        return item

    def selected_steps(self) -> list[str]:
        return [item.step_id for item in self.selectedItems()
                if isinstance(item, NodeItem | GroupItem)]

    def selected_edges(self) -> list[EdgeItem]:
        return [item for item in self.selectedItems() if isinstance(item, EdgeItem)]

    def has_step(self, step_id: str) -> bool:
        return step_id in self._graph.steps

    def parent_of(self, step_id: str) -> str | None:
        step = self._graph.steps.get(step_id)
        return None if step is None else step.parent

    def group_ids(self) -> set[str]:
        return {sid for sid in self._graph.order if self._graph.is_group(sid)}

    # --- what items report (ItemHost) ----------------------------------------------

    def _follow(self, step_ids: Iterable[str]) -> None:
        """Redraw the arrows of nodes that moved."""
        for sid in step_ids:
            for edge in self._edges_of.get(sid, ()):
                edge.update_path()

    def node_pressed(self, node: NodeItem) -> None:
        self._starts = {n.step_id: QPointF(n.pos()) for n in self.selectedItems()
                        if isinstance(n, NodeItem)}
        self._starts[node.step_id] = QPointF(node.pos())

    def node_dragged(self, node: NodeItem, scene_pos: QPointF) -> None:
        self.dragging = True
        self._follow(self._starts or [node.step_id])
        self._highlight(self._drop_target(scene_pos, node.step_id))

    def node_released(self, node: NodeItem, scene_pos: QPointF, start: QPointF) -> None:
        if not self.dragging:
            return
        starts = self._starts or {node.step_id: start}
        target = self._drop_target(scene_pos, node.step_id)
        self._highlight(None)
        self.dragging, self._starts = False, {}
        if target is not None:
            for sid, where in starts.items():
                self.nodes[sid].setPos(where)  # snap back; the edit redraws the plan
            self._follow(starts)
            self.step_dropped.emit(node.step_id, target.step_id)
        else:
            self.moved_from = {sid: (p.x(), p.y()) for sid, p in starts.items()}
            for sid, where in starts.items():
                moved = self.nodes[sid].pos()
                if QLineF(moved, where).length() >= 1.0:
                    self.step_moved.emit(sid, moved.x(), moved.y())
        self.drag_finished.emit()

    def link_started(self, node: NodeItem) -> None:
        self.dragging = True
        self._link_source = node
        start = node.anchor_out()
        self._link = QGraphicsLineItem(QLineF(start, start))
        self._link.setPen(QPen(self.look.highlight, 2.0, Qt.PenStyle.DashLine))
        self._link.setZValue(Z_LINK)
        self.addItem(self._link)

    def link_dragged(self, scene_pos: QPointF) -> None:
        if self._link is None or self._link_source is None:
            return
        self._link.setLine(QLineF(self._link_source.anchor_out(), scene_pos))
        self._highlight(self._link_target(scene_pos))

    def link_released(self, scene_pos: QPointF) -> None:
        source = self._link_source
        target = self._link_target(scene_pos) if source is not None else None
        self._end_link()
        if source is not None and target is not None:
            self.dependency_drawn.emit(target.step_id, source.step_id)
        self.drag_finished.emit()

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # noqa: N802 - Qt's name
        """A node's tooltip is made when first asked for (thousands are never shown)."""
        node = self._node_at(event.scenePos(), set())
        if node is not None:
            node.prepare_tooltip()
        super().helpEvent(event)

    def toggle_clicked(self, step_id: str) -> None:
        self.group_toggled.emit(step_id)

    def glyph_clicked(self, step_id: str) -> None:
        self.done_clicked.emit(step_id)

    def node_double_clicked(self, step_id: str) -> None:
        self.rename_requested.emit(step_id)

    def _end_link(self) -> None:
        if self._link is not None:
            self.removeItem(self._link)
        self._link, self._link_source = None, None
        self._highlight(None)
        self.dragging = False

    # --- drop targets ---------------------------------------------------------------

    def _node_at(self, scene_pos: QPointF, skip: set[str]) -> NodeItem | None:
        for item in self.items(scene_pos):
            if isinstance(item, HandleItem | ToggleItem):
                item = item.parentItem()
            if isinstance(item, NodeItem) and item.step_id not in skip:
                return item
        return None

    def _drop_target(self, scene_pos: QPointF, moving: str) -> Target | None:
        """A step to drop onto: a node under the pointer, else the innermost group box
        around it (not the moving step's own groups: moving inside them is a move)."""
        g = self._graph
        skip = {moving, *self._starts}
        node = self._node_at(scene_pos, skip)
        if node is not None:
            return node
        own = {*g.ancestors(moving), moving} if moving in g.steps else {moving}
        boxes = [grp for sid, grp in self.groups.items()
                 if sid not in own and moving not in g.ancestors(sid)
                 and grp.scene_box().contains(scene_pos)]
        return min(boxes, key=lambda grp: grp.rect.width() * grp.rect.height(), default=None)

    def _link_target(self, scene_pos: QPointF) -> Target | None:
        """A step to link to: a node, or a group by its title strip (not the source)."""
        source = self._link_source.step_id if self._link_source is not None else ""
        node = self._node_at(scene_pos, {source})
        if node is not None:
            return node
        for item in self.items(scene_pos):
            if isinstance(item, GroupItem) and item.step_id != source:
                return item
        return None

    def _highlight(self, target: Target | None) -> None:
        if target is self._target:
            return
        if self._target is not None:
            self._target.set_drop_target(False)
        self._target = target
        if target is not None:
            target.set_drop_target(True)
