"""The plan graph's edit commands: add and delete, drawn arrows, drops, refusals, the menu.

``GraphEdits`` works on what a plan view shows (``ui.plan.shown.Shown``), its scene and
canvas, the window's ``ui.plan.edits.PlanEditor`` and ``PlanFeed`` and the view's banner;
what it wants of the view it asks by signal (``redraw_wanted``, ``draw_ahead``,
``fit_wanted``). Each command becomes one ``app.plan.editing`` change submitted to the
editor; a new arrow is drawn at once, before it is saved, and a refused edit shows its
reason in the banner while the graph snaps back. Its texts keep the view's translation
context ("PlanView"), where they were first written.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt, Signal
from PySide6.QtWidgets import QMenu

from app.plan import editing as plan_editing
from app.plan.editing import Change
from app.plan.graph import with_dependency
from ui.plan.banner import PlanBanner
from ui.plan.edges import EdgeItem
from ui.plan.edits import PlanEditor, PlanFeed
from ui.plan.graph_steps import GraphSteps
from ui.plan.graph_view import GraphView
from ui.plan.groups import GroupItem
from ui.plan.items import NodeItem
from ui.plan.scene import PlanScene
from ui.plan.shown import Shown

translate = QCoreApplication.translate


class GraphEdits(QObject):
    """The edit commands of one plan graph."""

    redraw_wanted = Signal()  # the graph snaps back to the plan as it is
    draw_ahead = Signal(object)  # list[PlanStep]: a new arrow drawn before it is saved
    fit_wanted = Signal()

    def __init__(self, shown: Shown, scene: PlanScene, graphics: GraphView,
                 editor: PlanEditor, feed: PlanFeed, banner: PlanBanner,
                 steps: GraphSteps) -> None:
        super().__init__(graphics)
        self.shown, self.scene, self.graphics = shown, scene, graphics
        self.editor, self.feed, self.banner, self.steps = editor, feed, banner, steps
        scene.dependency_drawn.connect(self._on_scene_dependency_drawn)
        scene.step_dropped.connect(self._on_scene_step_dropped)
        self.editor.edit_refused.connect(self._on_editor_edit_refused)
        graphics.customContextMenuRequested.connect(
            self._on_graphics_custom_context_menu_requested)

    def edit(self, text: str, change: Change) -> None:
        """Submit one change to the plan shown (refused at once while it is a draft)."""
        shown = self.shown
        if not shown.editable:
            self.banner.say(translate("PlanView", "The plan cannot be edited while the "
                                                   "assistant writes it."))
            self.redraw_wanted.emit()
            return
        self.banner.dismiss()
        self.editor.submit(shown.task_id, shown.revision, text, change)

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
        steps = self.shown.steps()
        ahead = None if steps is None else with_dependency(steps, step_id, depends_on)
        if ahead is not None:
            self.draw_ahead.emit(ahead)

    def _on_scene_step_dropped(self, step_id: str, onto: str) -> None:
        if step_id == onto:
            return  # dropped back where it was: nothing to do
        self.edit(translate("PlanView", "Make sub-step"),
                  partial(plan_editing.reparent, step_id=step_id, parent=onto))

    def _on_editor_edit_refused(self, task_id: int, code: str, message: str) -> None:
        if task_id != self.shown.task_id:
            return
        self.banner.say(message)
        self.redraw_wanted.emit()  # the graph snaps back to the plan as it is
        if code == "stale":
            self.feed.load()

    # --- the context menu -------------------------------------------------------------

    def _on_graphics_custom_context_menu_requested(self, pos: QPoint) -> None:
        if not self.shown.editable:
            return
        item = self.graphics.itemAt(pos)
        menu = QMenu(self.graphics)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if isinstance(item, EdgeItem):
            self.scene.clearSelection()
            item.setSelected(True)
            menu.addAction(translate("PlanView", "Remove dependency"), self.delete_selected)
        elif isinstance(item, NodeItem | GroupItem):
            self._menu_for_step(menu, item.step_id)
        else:
            menu.addAction(translate("PlanView", "Add step"), self.add_step)
            menu.addAction(translate("PlanView", "Show the whole plan"), self.fit_wanted.emit)
        menu.popup(self.graphics.viewport().mapToGlobal(pos))

    def _menu_for_step(self, menu: QMenu, step_id: str) -> None:
        self.scene.select_step(step_id)
        if not self.steps.fill_menu(menu, step_id):
            menu.addAction(translate("PlanView", "Add step after it"), self.add_step)
        if self.scene.parent_of(step_id) is not None:
            menu.addAction(translate("PlanView", "Move out of its group"), lambda: self.edit(
                translate("PlanView", "Move out of group"),
                partial(plan_editing.reparent, step_id=step_id, parent=None)))
