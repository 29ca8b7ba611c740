"""The graph's side of editing one step in place: rename over the node (double-click or
F2), the check circle (one-click done), the step keys and the step context menu, and
walking the nodes from the keyboard: Tab and Shift+Tab in dependency order (the order
the graph is laid out in, left to right), the arrow keys to the nearest node that way.

``GraphSteps`` works on what a plan view shows (``ui.plan.shown.Shown``), its scene and
its canvas; what it wants of the view it asks by signal (``delete_wanted``,
``redraw_wanted``). What each command does is ``ui.plan.step_actions.StepActions``'s,
shared with the outline and the details panel.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from app.plan.graph import topological_order
from app.states import StepStatus
from ui.plan.graph_view import GraphView
from ui.plan.inline_rename import InlineRename
from ui.plan.keys import KeyMap, next_in_direction, step_keys
from ui.plan.scene import PlanScene
from ui.plan.shown import Shown
from ui.plan.step_actions import StepActions, StepRef, move_allowed
from ui.shared.context import WindowContext
from ui.words import labels


class GraphSteps(QObject):
    """Step commands for one plan graph."""

    delete_wanted = Signal()  # Delete on a selected step
    redraw_wanted = Signal()  # what was drawn at once goes back to the plan as it is

    def __init__(self, ctx: WindowContext, shown: Shown, scene: PlanScene,
                 graphics: GraphView) -> None:
        super().__init__(graphics)
        self.shown, self.scene, self.graphics = shown, scene, graphics
        self.actions = StepActions.of(ctx)
        self.editor: InlineRename | None = None
        scene.done_clicked.connect(self._on_scene_done_clicked)
        scene.rename_requested.connect(self.start_rename)
        self.actions.rename_requested.connect(self._on_actions_rename_requested)
        self.actions.move_failed.connect(self._on_actions_move_failed)

    def ref(self, step_id: str) -> StepRef | None:
        """What the view shows of a step (None: not in the plan shown, or a draft)."""
        return self.shown.ref(step_id)

    def selected(self) -> StepRef | None:
        steps = self.scene.selected_steps()
        return self.ref(steps[0]) if len(steps) == 1 else None

    def keys(self) -> KeyMap:
        """Keys the graph handles while it has focus (the step menu shows them)."""
        arrows = [(QKeySequence(key), lambda k=key: self.select_towards(k))
                  for key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up,
                              Qt.Key.Key_Down)]
        return arrows + step_keys(self.actions, self.selected,
                                  rename=lambda ref: self.start_rename(ref.step_id),
                                  delete=lambda: self.delete_wanted.emit(), tick=self._tick)

    def _shown(self) -> list[str]:
        """The steps drawn (a node or a group box), in dependency order."""
        scene = self.scene
        spec = None if self.shown.snapshot is None else self.shown.snapshot.spec
        order = self.shown.order()
        if spec is not None:
            try:
                order = topological_order(spec.steps)
            except ValueError:  # a cycle drawn ahead of its refusal: the plan's order
                pass
        return [sid for sid in order if sid in scene.nodes or sid in scene.groups]

    def _current(self) -> str:
        selected = self.scene.selected_steps()
        return selected[0] if len(selected) == 1 else ""

    def select_next(self, step: int) -> bool:
        """Tab (1) and Shift+Tab (-1): the next step in dependency order, the first when
        none is selected; False at either end (the focus then leaves the graph)."""
        shown = self._shown()
        current = self._current()
        if not shown:
            return False
        if current not in shown:
            wanted = shown[0 if step > 0 else -1]
        else:
            at = shown.index(current) + step
            if not 0 <= at < len(shown):
                return False
            wanted = shown[at]
        self._go_to(wanted)
        return True

    def select_towards(self, key: Qt.Key) -> None:
        """An arrow key: the nearest node that way (the first step when none is selected)."""
        scene = self.scene
        current = self._current()
        boxes = {**{sid: g.scene_box() for sid, g in scene.groups.items()},
                 **{sid: n.sceneBoundingRect() for sid, n in scene.nodes.items()}}
        if current not in boxes:
            self.select_next(1)
            return
        centres = {sid: (r.center().x(), r.center().y()) for sid, r in boxes.items()
                   if sid in scene.nodes or sid == current}
        found = next_in_direction(centres, current, key)
        if found is not None:
            self._go_to(found)

    def _go_to(self, step_id: str) -> None:
        item = self.scene.select_step(step_id)
        if item is not None:
            self.graphics.ensureVisible(item, 40, 40)

    def fill_menu(self, menu: QMenu, step_id: str) -> bool:
        """The step's context menu; False when the step is not one that can be edited."""
        ref = self.ref(step_id)
        if ref is None:
            return False
        self.actions.fill_menu(menu, ref)
        return True

    def _rename_selected(self) -> None:
        ref = self.selected()
        if ref is not None:
            self.start_rename(ref.step_id)

    def start_rename(self, step_id: str) -> None:
        """Open the title editor over the step's node."""
        ref = self.ref(step_id)
        node = self.scene.nodes.get(step_id)
        if ref is None or node is None or self.editor is not None:
            return
        graphics = self.graphics
        graphics.ensureVisible(node, 20, 20)
        rect = graphics.mapFromScene(node.sceneBoundingRect()).boundingRect()
        rect.setHeight(min(rect.height(), graphics.fontMetrics().height() + 12))
        rect.setWidth(max(rect.width(), 160))

        def done(title: str | None) -> None:
            self.editor = None
            graphics.setFocus()
            if title is not None and self.actions.rename(ref, title):
                self._show_at_once(ref.step_id, title=title.strip())

        self.editor = InlineRename(graphics.viewport(), rect, ref.title, done)

    def _on_actions_rename_requested(self, step_id: str) -> None:
        if self.graphics.isVisible() and step_id in self.scene.nodes:
            self.start_rename(step_id)

    def _tick(self, ref: StepRef) -> None:
        """Ctrl+Return or Space: as a click on the node's check circle."""
        self._on_scene_done_clicked(ref.step_id)

    def _on_scene_done_clicked(self, step_id: str) -> None:
        ref = self.ref(step_id)
        node = self.scene.nodes.get(step_id)
        if ref is None:
            return
        if node is not None and node.data_.status != ref.status:  # drawn ahead of its save
            ref = replace(ref, status=node.data_.status)
        if move_allowed(ref, "done"):
            self._show_at_once(step_id, status=StepStatus.COMPLETED,
                               status_text=labels.step_status("completed"))
        self.actions.toggle_done(ref)

    def _show_at_once(self, step_id: str, **changes: Any) -> None:
        """Draw the edit before it is saved; the saved plan is drawn when it is read back
        (and a refused edit redraws the plan as it is)."""
        node = self.scene.nodes.get(step_id)
        if node is not None:
            node.show_data(replace(node.data_, **changes))

    def _on_actions_move_failed(self, task_id: int, _step_id: str) -> None:
        if task_id == self.shown.task_id:
            self.redraw_wanted.emit()
