"""The graph's side of editing one step in place: rename over the node (double-click or
F2), the check circle (one-click done), the step keys and the step context menu.

``GraphSteps`` is attached to a ``ui.plan.view.PlanView``; what each command does is
``ui.plan.step_actions.StepActions``'s, shared with the outline and the details panel.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from app.states import StepStatus
from ui.plan.inline_rename import InlineRename
from ui.plan.step_actions import KEYS, StepActions, StepRef, move_allowed, ref_from
from ui.words import labels

if TYPE_CHECKING:
    from ui.plan.graph_view import KeyMap
    from ui.plan.view import PlanView


class GraphSteps(QObject):
    """Step commands for one plan view."""

    def __init__(self, view: PlanView) -> None:
        super().__init__(view)
        self.view = view
        self.actions = StepActions.of(view.ctx)
        self.editor: InlineRename | None = None
        view.scene.done_clicked.connect(self._on_scene_done_clicked)
        view.scene.rename_requested.connect(self.start_rename)
        self.actions.rename_requested.connect(self._on_actions_rename_requested)
        self.actions.move_failed.connect(self._on_actions_move_failed)

    def ref(self, step_id: str) -> StepRef | None:
        """What the view shows of a step (None: not in the plan shown, or a draft)."""
        return None if self.view.is_draft else ref_from(self.view.snapshot, step_id)

    def selected(self) -> StepRef | None:
        steps = self.view.scene.selected_steps()
        return self.ref(steps[0]) if len(steps) == 1 else None

    def keys(self) -> KeyMap:
        """Keys the graph handles while it has focus (shown in the context menu)."""
        def on_selected(action: str) -> None:
            ref = self.selected()
            if ref is not None and move_allowed(ref, action):
                self.actions.move(ref, action)

        def add(kind: str) -> None:
            ref = self.selected()
            if ref is not None:
                (self.actions.add_after if kind == "after" else self.actions.add_inside)(ref)

        return [
            (QKeySequence(Qt.Key.Key_Down), lambda: self.select_next(1)),
            (QKeySequence(Qt.Key.Key_Up), lambda: self.select_next(-1)),
            (QKeySequence(KEYS["rename"]), lambda: self._rename_selected()),
            (QKeySequence(KEYS["done"]), lambda: on_selected("done")),
            (QKeySequence(KEYS["start"]), lambda: on_selected("start")),
            (QKeySequence(KEYS["skip"]), lambda: on_selected("skip")),
            (QKeySequence(KEYS["retry"]), lambda: on_selected("retry")),
            (QKeySequence(KEYS["add_after"]), lambda: add("after")),
            (QKeySequence(KEYS["add_inside"]), lambda: add("inside")),
        ]

    def select_next(self, step: int) -> None:
        """Walk the steps with the arrow keys, in plan order (the first when none is)."""
        shown = [sid for sid in self.view.snapshot_order() if sid in self.view.scene.nodes]
        if not shown:
            return
        selected = self.view.scene.selected_steps()
        at = shown.index(selected[0]) + step if len(selected) == 1 and selected[0] in shown \
            else 0
        wanted = shown[max(0, min(len(shown) - 1, at))]
        self.view.scene.clearSelection()
        item = self.view.scene.select_step(wanted)
        if item is not None:
            self.view.graphics.ensureVisible(item, 40, 40)

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
        node = self.view.scene.nodes.get(step_id)
        if ref is None or node is None or self.editor is not None:
            return
        graphics = self.view.graphics
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
        if self.view.isVisible() and step_id in self.view.scene.nodes:
            self.start_rename(step_id)

    def _on_scene_done_clicked(self, step_id: str) -> None:
        ref = self.ref(step_id)
        node = self.view.scene.nodes.get(step_id)
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
        node = self.view.scene.nodes.get(step_id)
        if node is not None:
            node.show_data(replace(node.data_, **changes))

    def _on_actions_move_failed(self, task_id: int, _step_id: str) -> None:
        if task_id == self.view.task_id:
            self.view.redraw()  # what was drawn at once goes back to the plan as it is
