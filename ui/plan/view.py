"""The plan view: the selected task's plan as a graph you can zoom, pan and edit by hand.

Steps are nodes, dependencies arrows, sub-steps sit in their group's box (foldable),
placed left to right by ``app.plan.layout``. Dragging a node pins it where it is left;
dragging from its handle onto a step adds a dependency; dropping it onto a step makes
it a sub-step. Each edit is saved as a new revision off the GUI thread and can be
undone (``ui.plan.edits``); a refused edit says why in a banner above the graph and
the graph snaps back. While the assistant writes a plan, its steps appear as a draft.

The view holds what is shown (``ui.plan.shown.Shown``: task, snapshot, draft; and the
folds, pins and selection) and draws it; its parts are its own modules, each handed
what it works on: the toolbar (``ui.plan.graph_toolbar``), the canvas's view
(``ui.plan.graph_view``), the edit commands and menu (``ui.plan.graph_edits``), the step
commands (``ui.plan.graph_steps``) and the banner (``ui.plan.banner``). What is left is one
concern: the state shown and the drawing that reads it all.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.events import Changes, Kind
from app.plan import editing as plan_editing
from app.plan.editing import PlanSnapshot, Saved
from app.plan.layout import Layout, LayoutCache
from app.plan.spec import PlanStep
from ui.plan.banner import PlanBanner
from ui.plan.edits import PlanEditor, PlanFeed, new_blank_step
from ui.plan.graph_edits import GraphEdits
from ui.plan.graph_steps import GraphSteps
from ui.plan.graph_toolbar import GraphToolbar
from ui.plan.graph_view import STEP_ZOOM, GraphView
from ui.plan.keys import KeyMap
from ui.plan.node_moves import MoveNodeCommand
from ui.plan.scene import PlanScene
from ui.plan.shown import Shown
from ui.shared.context import WindowContext


class PlanView(QWidget):
    """The plan graph of one task, with its toolbar and a banner for refused edits."""

    plan_shown = Signal(int)  # task id: the graph (or the empty state) is drawn

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.editor = PlanEditor.of(ctx)
        self.feed = PlanFeed.of(ctx)
        self.scene = PlanScene(self)
        self.graphics = GraphView(self.scene, self)
        self.graphics.setAccessibleName(self.tr("Plan graph"))
        self.banner = PlanBanner(self)
        self.empty = QLabel(self)
        self.stack = QStackedWidget(self)
        self.toolbar = GraphToolbar({
            "zoom_in": self.zoom_in, "zoom_out": self.zoom_out, "fit": self.fit,
            "add": self.add_step, "delete": self.delete_selected,
            "collapse": self.collapse_all, "expand": self.expand_all}, self)
        self.actions_ = self.toolbar.actions_
        self.shown = Shown()
        self._collapsed: dict[int, set[str]] = {}
        self._pinned_here: dict[int, dict[str, tuple[float, float]]] = {}
        self.layouts = LayoutCache()  # a rename or a status change keeps the layout
        self._fit_pending = False
        self._render_pending = False
        self._select_after = ""
        self._rename_after = ""  # a step just added: its title editor opens once drawn
        self._syncing = False
        self._build()
        self.step_commands = GraphSteps(ctx, self.shown, self.scene, self.graphics)
        self.edits = GraphEdits(self.shown, self.scene, self.graphics, self.editor, self.feed,
                                self.banner, self.step_commands)
        self.graphics.keys += self.step_commands.keys()
        self.graphics.tab_to = lambda forward: self.step_commands.select_next(
            1 if forward else -1)
        self._connect()
        self.setFocusProxy(self.graphics)
        self.show_task(0)

    # --- building -------------------------------------------------------------------

    def _build(self) -> None:
        self.empty.setObjectName("planEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setMargin(24)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.graphics)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        for widget in (self.toolbar, self.banner, self.stack):
            box.addWidget(widget)
        self.graphics.keys = self._keys()

    def _keys(self) -> KeyMap:
        seq = QKeySequence
        return [
            (seq(Qt.Key.Key_Delete), self.delete_selected),
            (seq(Qt.Key.Key_Backspace), self.delete_selected),
            (seq(Qt.Key.Key_F), self.fit),
            (seq("Ctrl+Z"), self.ctx.undo.undo),
            (seq("Ctrl+Shift+Z"), self.ctx.undo.redo),
            (seq("Ctrl+Y"), self.ctx.undo.redo),
            (seq("Ctrl+="), self.zoom_in),
            (seq("Ctrl++"), self.zoom_in),
            (seq("Ctrl+-"), self.zoom_out),
            (seq(Qt.Key.Key_Escape), self.scene.clearSelection),
        ]

    def _connect(self) -> None:
        self.feed.loaded.connect(self._on_feed_loaded)
        self.step_commands.delete_wanted.connect(self.delete_selected)
        self.step_commands.redraw_wanted.connect(self.redraw)
        self.edits.redraw_wanted.connect(self.redraw)
        self.edits.draw_ahead.connect(self.draw_steps)
        self.edits.fit_wanted.connect(self.fit)
        self.graphics.zoom_requested.connect(self.zoom_by)
        self.graphics.focus_changed.connect(self.scene.show_keyboard_focus)
        self.scene.step_moved.connect(self._on_scene_step_moved)
        self.scene.group_toggled.connect(self._on_scene_group_toggled)
        self.scene.drag_finished.connect(self._on_scene_drag_finished)
        self.scene.selectionChanged.connect(self._on_scene_selection_changed)
        self.editor.edit_saved.connect(self._on_editor_edit_saved)
        self.ctx.selection.step_selected.connect(self._on_selection_step_selected)
        self.ctx.bridge.changed.connect(self._on_bridge_changed)
        self.ctx.assistant.plan_growing.connect(self._on_assistant_plan_growing)
        self.ctx.assistant.idle.connect(self._on_assistant_idle)

    # --- the contract with the window ------------------------------------------------

    @property
    def task_id(self) -> int:
        return self.shown.task_id

    @property
    def snapshot(self) -> PlanSnapshot | None:
        return self.shown.snapshot

    @property
    def is_draft(self) -> bool:
        """Whether the graph shows a plan the assistant is still writing (read-only)."""
        return self.shown.is_draft

    def show_task(self, task_id: int) -> None:
        """Show a task's plan (0: none, with a hint)."""
        self.shown.task_id = task_id
        self.shown.snapshot, self.shown.draft = None, None
        self._fit_pending = True
        self.banner.hide()
        self._syncing = True
        self.scene.clear_plan()
        self._syncing = False
        if not task_id:
            self._show_empty(self.tr("Select a task, or add one above"))
        self._update_actions()
        self.feed.show(task_id)

    def redraw(self) -> None:
        """Draw the plan as last read again (drops what an edit drew ahead of its save)."""
        self._render()

    def reload(self) -> None:
        """Read the latest plan again (zoom and scroll stay)."""
        self.feed.load()

    # --- zoom -------------------------------------------------------------------------

    def zoom(self) -> float:
        return self.graphics.zoom()

    def zoom_by(self, factor: float) -> None:
        self.graphics.zoom_by(factor)

    def zoom_in(self) -> None:
        self.graphics.zoom_by(STEP_ZOOM)

    def zoom_out(self) -> None:
        self.graphics.zoom_by(1 / STEP_ZOOM)

    def fit(self) -> None:
        """Show the whole plan; never larger than life size."""
        self._fit_pending = False
        if self.scene.nodes:
            self.graphics.fit(self.scene.sceneRect())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.scene.restyle()  # the canvas and the cards follow the theme
            self.toolbar.restyle()
            self._render()
        elif event.type() == QEvent.Type.LanguageChange:
            self.toolbar.set_texts()
            self.graphics.setAccessibleName(self.tr("Plan graph"))
            self._render()  # status words on the cards

    def _fit_when_ready(self) -> None:
        if self.isVisible() and self.graphics.viewport().width() > 40:
            self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._fit_pending and self.scene.nodes:
            self._fit_when_ready()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit_pending and self.scene.nodes:
            self._fit_when_ready()

    # --- drawing ----------------------------------------------------------------------

    def _on_feed_loaded(self, snapshot: PlanSnapshot) -> None:
        if snapshot.task_id != self.shown.task_id:
            return
        old = self.shown.snapshot
        self.shown.snapshot = snapshot
        if old is not None and self.shown.draft is None and _same(old, snapshot):
            return
        self._render()

    def _render(self) -> None:
        if self.scene.dragging:
            self._render_pending = True
            return
        self._render_pending = False
        snapshot = self.shown.snapshot
        if self.shown.draft is not None:
            self._show_graph(self.shown.draft, {}, draft=True)
        elif snapshot is not None and snapshot.spec is not None:
            pinned = {**snapshot.pinned, **self._pinned_here.get(self.shown.task_id, {})}
            self._show_graph(snapshot.spec.steps, pinned, draft=False)
        elif self.shown.task_id:
            self._show_empty(self.tr("No plan yet. Add a step, or let the assistant plan "
                                     "this task."))
        self._update_actions()
        self.plan_shown.emit(self.shown.task_id)

    def _layout(self, steps: list[PlanStep], pinned: dict[str, tuple[float, float]]
                ) -> Layout:
        collapsed = self._collapsed.setdefault(self.shown.task_id, set())
        return self.layouts.layout(steps, collapsed, pinned)

    def _show_graph(self, steps: list[PlanStep], pinned: dict[str, tuple[float, float]], *,
                    draft: bool) -> None:
        centre = self.graphics.mapToScene(self.graphics.viewport().rect().center())
        self._syncing = True
        try:
            self.scene.show_plan(steps, self._layout(steps, pinned), editable=not draft,
                                 draft=draft)
            self.graphics.readable_zoom = self.scene.look.scale  # text at the UI font's size
            self._reselect()
        finally:
            self._syncing = False
        self.stack.setCurrentWidget(self.graphics)
        if self._fit_pending or draft:
            self._fit_pending = True
            self._fit_when_ready()
        else:
            self.graphics.centerOn(centre)
        if draft:
            self.banner.say(self.tr("The assistant is writing this plan…"), error=False,
                              hide_after=False)

    def _show_empty(self, text: str) -> None:
        self._syncing = True
        self.scene.clear_plan()
        self._syncing = False
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)

    def _reselect(self) -> None:
        """Select again what was selected; a step that is gone is unselected everywhere."""
        mine = self.ctx.selection.task_id == self.shown.task_id
        wanted = self._select_after or (self.ctx.selection.step_id if mine else "")
        self._select_after = ""
        if not wanted:
            return
        if self.scene.has_step(wanted):
            self.scene.select_step(wanted)
            if wanted != self.ctx.selection.step_id:
                QTimer.singleShot(0, self, lambda: self.ctx.selection.select_step(wanted))
            if wanted == self._rename_after:
                self._rename_after = ""
                if self.isVisible():
                    QTimer.singleShot(0, self, lambda: self.step_commands.start_rename(wanted))
        elif mine and self.shown.draft is None:
            QTimer.singleShot(0, self, lambda: self.ctx.selection.select_step(""))

    def _update_actions(self) -> None:
        self.toolbar.enable(has_plan=bool(self.scene.nodes),
                            editable=self.shown.editable)

    # --- drawing ahead ------------------------------------------------------------------

    def draw_steps(self, steps: list[PlanStep]) -> None:
        """Draw steps ahead of their save, with the plan's pins (an arrow just drawn)."""
        if self.shown.snapshot is not None:
            pinned = {**self.shown.snapshot.pinned, **self._pinned_here.get(self.shown.task_id, {})}
            self._show_graph(steps, pinned, draft=False)

    # --- editing ----------------------------------------------------------------------

    def add_step(self) -> None:
        """A new step after the selected one (waiting for it), or at the end; its title
        editor opens on it once it is saved."""
        self.edits.add_step()

    def delete_selected(self) -> None:
        """Delete the selected steps, or else remove the selected arrows' dependencies."""
        self.edits.delete_selected()

    def collapse_all(self) -> None:
        self._collapsed[self.shown.task_id] = self.scene.group_ids()
        self._render()

    def expand_all(self) -> None:
        self._collapsed[self.shown.task_id] = set()
        self._render()

    def _on_scene_step_moved(self, step_id: str, x: float, y: float) -> None:
        if self.shown.snapshot is None or self.shown.snapshot.spec is None:
            return
        before = self.scene.moved_from.get(step_id, (x, y))
        node = self.scene.nodes.get(step_id)
        title = node.data_.title if node is not None else step_id
        self._pin_here(step_id, (x, y))
        self.ctx.undo.push(MoveNodeCommand(self.pin, self.shown.task_id, step_id, title,
                                           before, (x, y)))

    def _pin_here(self, step_id: str, where: tuple[float, float]) -> None:
        assert self.shown.snapshot is not None and self.shown.snapshot.spec is not None
        steps = self.shown.snapshot.spec.steps
        self._pinned_here.setdefault(self.shown.task_id, {})[step_id] = where
        self.shown.snapshot = replace(self.shown.snapshot, pinned={**self.shown.snapshot.pinned,
                                                         step_id: where})
        self.feed.save_positions(self.shown.task_id, {step_id: where})
        pinned = {**self.shown.snapshot.pinned, **self._pinned_here[self.shown.task_id]}
        self.scene.place_groups(self._layout(steps, pinned).groups)

    def pin(self, task_id: int, step_id: str, where: tuple[float, float]) -> None:
        """Pin a node at ``where`` (undo and redo of a move), redrawing if it is shown."""
        self._pinned_here.setdefault(task_id, {})[step_id] = where
        if task_id != self.shown.task_id or self.shown.steps() is None:
            self.feed.save_positions(task_id, {step_id: where})
            return
        self._pin_here(step_id, where)
        self._render()

    def _on_scene_group_toggled(self, step_id: str) -> None:
        folded = self._collapsed.setdefault(self.shown.task_id, set())
        folded.symmetric_difference_update({step_id})
        self._render()

    def _on_scene_drag_finished(self) -> None:
        if self._render_pending:
            QTimer.singleShot(0, self, self._render)

    def _on_editor_edit_saved(self, saved: Saved) -> None:
        if saved.task_id != self.shown.task_id:
            return
        new = {s["id"] for s in saved.after["steps"]} - {s["id"] for s in saved.before["steps"]}
        if len(new) == 1:
            self._select_after = new.pop()
            self._rename_after = new_blank_step(saved)
        shown = self.shown.snapshot is not None and self.shown.snapshot.revision >= saved.revision
        if shown and self._select_after:  # the feed drew it before this report came
            self._syncing = True
            self._reselect()
            self._syncing = False

    # --- selection --------------------------------------------------------------------

    def _on_scene_selection_changed(self) -> None:
        if self._syncing or self.shown.draft is not None:
            return
        steps = self.scene.selected_steps()
        self.ctx.selection.select_step(steps[0] if len(steps) == 1 else "")

    def _on_selection_step_selected(self, task_id: int, step_id: str) -> None:
        if task_id != self.shown.task_id or self.shown.draft is not None:
            return
        self._syncing = True
        try:
            if not step_id:
                self.scene.clearSelection()
                return
            item = self.scene.select_step(step_id)
            if item is not None:
                self.graphics.ensureVisible(item, 40, 40)
        finally:
            self._syncing = False

    # --- the core and the assistant ------------------------------------------------------

    def _on_bridge_changed(self, changes: Changes) -> None:
        if self.shown.draft is not None and changes.about(self.shown.task_id).of(Kind.PLAN_SAVED):
            self._end_draft()

    def _on_assistant_plan_growing(self, task_id: int, steps: list[object]) -> None:
        if task_id != self.shown.task_id or not task_id:
            return
        self.shown.draft = plan_editing.draft_steps(list(steps))
        self._render()

    def _on_assistant_idle(self) -> None:
        if self.shown.draft is not None:
            self._end_draft()

    def _end_draft(self) -> None:
        self.shown.draft = None
        self.banner.hide()
        self._fit_pending = True
        self._render()
        self.feed.load()


def _same(a: PlanSnapshot, b: PlanSnapshot) -> bool:
    if (a.status, a.pinned, a.revision) != (b.status, b.pinned, b.revision):
        return False
    if a.spec is None or b.spec is None:
        return a.spec is b.spec
    return a.spec.to_json() == b.spec.to_json()
