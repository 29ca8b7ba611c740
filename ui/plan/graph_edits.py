"""The plan graph's edit commands: add and delete, drawn arrows, drops, refusals, the menu.

``GraphEdits`` is attached to a ``ui.plan.view.PlanView``. Each command becomes one
``app.plan.editing`` change submitted to the window's ``ui.plan.edits.PlanEditor``; a
new arrow is drawn at once, before it is saved, and a refused edit shows its reason in
the view's banner while the graph snaps back. Its texts keep the view's translation
context ("PlanView"), where they were first written.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt
from PySide6.QtWidgets import QMenu

from app.plan import editing as plan_editing
from app.plan.editing import Change
from app.plan.graph import with_dependency
from ui.plan.edges import EdgeItem
from ui.plan.groups import GroupItem
from ui.plan.items import NodeItem

if TYPE_CHECKING:
    from ui.plan.view import PlanView

translate = QCoreApplication.translate


class GraphEdits(QObject):
    """The edit commands of one plan view."""

    def __init__(self, view: PlanView) -> None:
        super().__init__(view)
        self.view = view
        self.scene = view.scene
        view.scene.dependency_drawn.connect(self._on_scene_dependency_drawn)
        view.scene.step_dropped.connect(self._on_scene_step_dropped)
        view.editor.edit_refused.connect(self._on_editor_edit_refused)
        view.graphics.customContextMenuRequested.connect(
            self._on_graphics_custom_context_menu_requested)

    def edit(self, text: str, change: Change) -> None:
        """Submit one change to the plan shown (refused at once while it is a draft)."""
        view = self.view
        if view.is_draft or not view.task_id:
            view.banner.say(translate("PlanView", "The plan cannot be edited while the "
                                                   "assistant writes it."))
            view.redraw()
            return
        view.banner.dismiss()
        base = 0 if view.snapshot is None else view.snapshot.revision
        view.editor.submit(view.task_id, base, text, change)

    def add_step(self) -> None:
        """A new step after the selected one (waiting for it), or at the end."""
        selected = self.scene.selected_steps()
        after = selected[0] if len(selected) == 1 else None
        self.edit(translate("PlanView", "Add step"), partial(
            plan_editing.add_step, title=translate("PlanView", "New step"), after=after))

    def delete_selected(self) -> None:
        """Delete the selected steps, or else remove the selected arrows' dependencies."""
        steps = self.scene.selected_steps()
        if steps:
            text = (translate("PlanView", "Delete step") if len(steps) == 1 else
                    translate("PlanView", "Delete %1 steps").replace("%1", str(len(steps))))
            self.edit(text, partial(plan_editing.delete_steps, step_ids=steps))
            return
        arrows = [(e.source.step_id, e.target.step_id) for e in self.scene.selected_edges()]
        if arrows:
            self.edit(translate("PlanView", "Remove dependency"),
                      partial(plan_editing.remove_arrows, arrows=arrows))

    def _on_scene_dependency_drawn(self, step_id: str, depends_on: str) -> None:
        self._draw_ahead(step_id, depends_on)
        self.edit(translate("PlanView", "Add dependency"), partial(
            plan_editing.add_dependency, step_id=step_id, depends_on=depends_on))

    def _draw_ahead(self, step_id: str, depends_on: str) -> None:
        """Draw the new arrow at once, before it is saved (a refusal redraws the plan as
        it is; the saved plan, when it comes, is drawn reusing these items)."""
        snapshot = self.view.snapshot
        if self.view.is_draft or snapshot is None or snapshot.spec is None:
            return
        ahead = with_dependency(snapshot.spec.steps, step_id, depends_on)
        if ahead is not None:
            self.view.draw_steps(ahead)

    def _on_scene_step_dropped(self, step_id: str, onto: str) -> None:
        if step_id == onto:
            return  # dropped back where it was: nothing to do
        self.edit(translate("PlanView", "Make sub-step"),
                  partial(plan_editing.reparent, step_id=step_id, parent=onto))

    def _on_editor_edit_refused(self, task_id: int, code: str, message: str) -> None:
        if task_id != self.view.task_id:
            return
        self.view.banner.say(message)
        self.view.redraw()  # the graph snaps back to the plan as it is
        if code == "stale":
            self.view.feed.load()

    # --- the context menu -------------------------------------------------------------

    def _on_graphics_custom_context_menu_requested(self, pos: QPoint) -> None:
        view = self.view
        if view.is_draft or not view.task_id:
            return
        item = view.graphics.itemAt(pos)
        menu = QMenu(view)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if isinstance(item, EdgeItem):
            self.scene.clearSelection()
            item.setSelected(True)
            menu.addAction(translate("PlanView", "Remove dependency"), self.delete_selected)
        elif isinstance(item, NodeItem | GroupItem):
            self._menu_for_step(menu, item.step_id)
        else:
            menu.addAction(translate("PlanView", "Add step"), self.add_step)
            menu.addAction(translate("PlanView", "Show the whole plan"), view.fit)
        menu.popup(view.graphics.viewport().mapToGlobal(pos))

    def _menu_for_step(self, menu: QMenu, step_id: str) -> None:
        self.scene.select_step(step_id)
        if not self.view.step_commands.fill_menu(menu, step_id):
            menu.addAction(translate("PlanView", "Add step after it"), self.add_step)
        if self.scene.parent_of(step_id) is not None:
            menu.addAction(translate("PlanView", "Move out of its group"), lambda: self.edit(
                translate("PlanView", "Move out of group"),
                partial(plan_editing.reparent, step_id=step_id, parent=None)))
