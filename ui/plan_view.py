"""The plan view: the selected task's plan as a graph you can zoom, pan and edit by hand.

Steps are nodes, dependencies arrows, sub-steps sit in their group's box (foldable),
placed left to right by ``app.layout``. Dragging a node pins it where it is left;
dragging from its handle onto a step adds a dependency; dropping it onto a step makes
it a sub-step. Each edit is saved as a new revision off the GUI thread and can be
undone (``ui.plan_edits``); a refused edit says why in a banner above the graph and
the graph snaps back. While the assistant writes a plan, its steps appear as a draft.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QIcon,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMenu,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app import plan_editing
from app.graph import with_dependency
from app.layout import Layout, LayoutCache
from app.plan_editing import Change, PlanSnapshot, Saved
from app.planspec import PlanStep
from ui.context import WindowContext
from ui.graph_steps import GraphSteps
from ui.node_moves import MoveNodeCommand
from ui.plan_edges import EdgeItem
from ui.plan_edits import PlanEditor, PlanFeed
from ui.plan_items import GroupItem, NodeItem
from ui.plan_scene import STEP_ZOOM, GraphView, KeyMap, PlanScene

MIN_ZOOM, MAX_ZOOM = 0.02, 4.0
BANNER_MS = 6000


class PlanView(QWidget):
    """The plan graph of one task, with its toolbar and a banner for refused edits."""

    plan_shown = Signal(int)  # task id: the graph (or the empty state) is drawn

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.editor = PlanEditor.of(ctx)
        self.feed = PlanFeed(ctx, self)
        self.scene = PlanScene(self)
        self.graphics = GraphView(self.scene, self)
        self.graphics.setAccessibleName(self.tr("Plan graph"))
        self.banner = QLabel(self)
        self.empty = QLabel(self)
        self.stack = QStackedWidget(self)
        self.toolbar = QToolBar(self)
        self.actions_: dict[str, QAction] = {}
        self._task_id = 0
        self._snapshot: PlanSnapshot | None = None
        self._draft: list[PlanStep] | None = None
        self._collapsed: dict[int, set[str]] = {}
        self._pinned_here: dict[int, dict[str, tuple[float, float]]] = {}
        self.layouts = LayoutCache()  # a rename or a status change keeps the layout
        self._fit_pending = False
        self._render_pending = False
        self._select_after = ""
        self._syncing = False
        self._banner_timer = QTimer(self)
        self._build()
        self.step_commands = GraphSteps(self)
        self.graphics.keys += self.step_commands.keys()
        self._connect()
        self.setFocusProxy(self.graphics)
        self.show_task(0)

    # --- building -------------------------------------------------------------------

    def _build(self) -> None:
        self.banner.setObjectName("planBanner")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.hide()
        self.empty.setObjectName("planEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setMargin(24)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.graphics)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.setInterval(BANNER_MS)
        self._build_toolbar()
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        for widget in (self.toolbar, self.banner, self.stack):
            box.addWidget(widget)
        self.graphics.keys = self._keys()

    def _toolbar_texts(self) -> dict[str, tuple[str, str]]:
        return {
            "zoom_in": (self.tr("Zoom in"), self.tr("Zoom in (Ctrl+wheel, Ctrl+=)")),
            "zoom_out": (self.tr("Zoom out"), self.tr("Zoom out (Ctrl+wheel, Ctrl+-)")),
            "fit": (self.tr("Fit"), self.tr("Show the whole plan (F)")),
            "add": (self.tr("Add step"), self.tr("Add a step after the selected one")),
            "delete": (self.tr("Delete"), self.tr("Delete the selected step or arrow (Delete)")),
            "collapse": (self.tr("Fold all"), self.tr("Fold every group of steps")),
            "expand": (self.tr("Unfold all"), self.tr("Unfold every group of steps")),
        }

    def _build_toolbar(self) -> None:
        slots = {"zoom_in": self.zoom_in, "zoom_out": self.zoom_out, "fit": self.fit,
                 "add": self.add_step, "delete": self.delete_selected,
                 "collapse": self.collapse_all, "expand": self.expand_all}
        for key, slot in slots.items():
            if key in ("add", "collapse"):
                self.toolbar.addSeparator()
            action = self.toolbar.addAction(_icon(key), "")
            action.triggered.connect(slot)
            self.actions_[key] = action
        self._set_toolbar_texts()

    def _set_toolbar_texts(self) -> None:
        for key, (text, tip) in self._toolbar_texts().items():
            self.actions_[key].setText(text)
            self.actions_[key].setToolTip(tip)
        self.graphics.setAccessibleName(self.tr("Plan graph"))

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
        self.graphics.zoom_requested.connect(self.zoom_by)
        self.scene.step_moved.connect(self._on_scene_step_moved)
        self.scene.dependency_drawn.connect(self._on_scene_dependency_drawn)
        self.scene.step_dropped.connect(self._on_scene_step_dropped)
        self.scene.group_toggled.connect(self._on_scene_group_toggled)
        self.scene.drag_finished.connect(self._on_scene_drag_finished)
        self.scene.selectionChanged.connect(self._on_scene_selection_changed)
        self.graphics.customContextMenuRequested.connect(
            self._on_graphics_custom_context_menu_requested)
        self.editor.edit_saved.connect(self._on_editor_edit_saved)
        self.editor.edit_refused.connect(self._on_editor_edit_refused)
        self.ctx.selection.step_selected.connect(self._on_selection_step_selected)
        self.ctx.bridge.changed.connect(self._on_bridge_changed)
        self.ctx.assistant.plan_growing.connect(self._on_assistant_plan_growing)
        self.ctx.assistant.idle.connect(self._on_assistant_idle)
        self._banner_timer.timeout.connect(self.banner.hide)

    # --- the contract with the window ------------------------------------------------

    @property
    def task_id(self) -> int:
        return self._task_id

    @property
    def snapshot(self) -> PlanSnapshot | None:
        return self._snapshot

    def snapshot_order(self) -> list[str]:
        """The step ids of the plan shown, in plan order."""
        spec = None if self._snapshot is None else self._snapshot.spec
        return [] if spec is None else [s.id for s in spec.steps]

    @property
    def is_draft(self) -> bool:
        """Whether the graph shows a plan the assistant is still writing (read-only)."""
        return self._draft is not None

    def show_task(self, task_id: int) -> None:
        """Show a task's plan (0: none, with a hint)."""
        self._task_id = task_id
        self._snapshot, self._draft = None, None
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
        return self.graphics.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        if self.zoom() > 0:
            self.graphics.scale(target / self.zoom(), target / self.zoom())

    def zoom_in(self) -> None:
        self.zoom_by(STEP_ZOOM)

    def zoom_out(self) -> None:
        self.zoom_by(1 / STEP_ZOOM)

    def fit(self) -> None:
        """Show the whole plan; never larger than life size."""
        self._fit_pending = False
        rect = self.scene.sceneRect()
        if not self.scene.nodes:
            return
        self.graphics.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > 1.0 or self.zoom() < MIN_ZOOM:
            self.graphics.resetTransform()
            self.zoom_by(min(1.0, max(MIN_ZOOM, self.zoom())))
            self.graphics.centerOn(rect.center())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.scene.restyle()  # the canvas and the cards follow the theme
            for key, action in self.actions_.items():
                action.setIcon(_icon(key))
            self._render()
        elif event.type() == QEvent.Type.LanguageChange:
            self._set_toolbar_texts()
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
        if snapshot.task_id != self._task_id:
            return
        old = self._snapshot
        self._snapshot = snapshot
        if old is not None and self._draft is None and _same(old, snapshot):
            return
        self._render()

    def _render(self) -> None:
        if self.scene.dragging:
            self._render_pending = True
            return
        self._render_pending = False
        snapshot = self._snapshot
        if self._draft is not None:
            self._show_graph(self._draft, {}, draft=True)
        elif snapshot is not None and snapshot.spec is not None:
            pinned = {**snapshot.pinned, **self._pinned_here.get(self._task_id, {})}
            self._show_graph(snapshot.spec.steps, pinned, draft=False)
        elif self._task_id:
            self._show_empty(self.tr("No plan yet. Add a step, or let the assistant plan "
                                     "this task."))
        self._update_actions()
        self.plan_shown.emit(self._task_id)

    def _layout(self, steps: list[PlanStep], pinned: dict[str, tuple[float, float]]
                ) -> Layout:
        collapsed = self._collapsed.setdefault(self._task_id, set())
        return self.layouts.layout(steps, collapsed, pinned)

    def _show_graph(self, steps: list[PlanStep], pinned: dict[str, tuple[float, float]], *,
                    draft: bool) -> None:
        centre = self.graphics.mapToScene(self.graphics.viewport().rect().center())
        self._syncing = True
        try:
            self.scene.show_plan(steps, self._layout(steps, pinned), editable=not draft,
                                 draft=draft)
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
            self._show_banner(self.tr("The assistant is writing this plan…"), error=False,
                              hide_after=False)

    def _show_empty(self, text: str) -> None:
        self._syncing = True
        self.scene.clear_plan()
        self._syncing = False
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)

    def _reselect(self) -> None:
        """Select again what was selected; a step that is gone is unselected everywhere."""
        mine = self.ctx.selection.task_id == self._task_id
        wanted = self._select_after or (self.ctx.selection.step_id if mine else "")
        self._select_after = ""
        if not wanted:
            return
        if self.scene.has_step(wanted):
            self.scene.select_step(wanted)
            if wanted != self.ctx.selection.step_id:
                QTimer.singleShot(0, self, lambda: self.ctx.selection.select_step(wanted))
        elif mine and self._draft is None:
            QTimer.singleShot(0, self, lambda: self.ctx.selection.select_step(""))

    def _update_actions(self) -> None:
        editable = bool(self._task_id) and self._draft is None
        has_plan = bool(self.scene.nodes)
        for key in ("zoom_in", "zoom_out", "fit", "collapse", "expand"):
            self.actions_[key].setEnabled(has_plan)
        self.actions_["add"].setEnabled(editable)
        self.actions_["delete"].setEnabled(editable and has_plan)

    # --- banner -----------------------------------------------------------------------

    def _show_banner(self, text: str, *, error: bool = True, hide_after: bool = True) -> None:
        colour = "#c0392b" if error else "#2e86c1"
        tint = QColor(colour)
        tint.setAlpha(38)
        self.banner.setStyleSheet(
            f"QLabel#planBanner {{ background: rgba({tint.red()},{tint.green()},"
            f"{tint.blue()},{tint.alpha()}); border-left: 4px solid {colour}; "
            "padding: 6px 10px; }")
        self.banner.setText(text)
        self.banner.show()
        if hide_after:
            self._banner_timer.start()
        else:
            self._banner_timer.stop()

    # --- editing ----------------------------------------------------------------------

    def _edit(self, text: str, change: Change) -> None:
        if self._draft is not None or not self._task_id:
            self._show_banner(self.tr("The plan cannot be edited while the assistant "
                                      "writes it."))
            self._render()
            return
        if self._banner_timer.isActive():
            self.banner.hide()
        base = 0 if self._snapshot is None else self._snapshot.revision
        self.editor.submit(self._task_id, base, text, change)

    def add_step(self) -> None:
        """A new step after the selected one (waiting for it), or at the end."""
        selected = self.scene.selected_steps()
        after = selected[0] if len(selected) == 1 else None
        self._edit(self.tr("Add step"),
                   partial(plan_editing.add_step, title=self.tr("New step"), after=after))

    def delete_selected(self) -> None:
        """Delete the selected steps, or else remove the selected arrows' dependencies."""
        steps = self.scene.selected_steps()
        if steps:
            text = (self.tr("Delete step") if len(steps) == 1 else
                    self.tr("Delete %1 steps").replace("%1", str(len(steps))))
            self._edit(text, partial(plan_editing.delete_steps, step_ids=steps))
            return
        arrows = [(e.source.step_id, e.target.step_id) for e in self.scene.selected_edges()]
        if arrows:
            self._edit(self.tr("Remove dependency"),
                       partial(plan_editing.remove_arrows, arrows=arrows))

    def collapse_all(self) -> None:
        self._collapsed[self._task_id] = self.scene.group_ids()
        self._render()

    def expand_all(self) -> None:
        self._collapsed[self._task_id] = set()
        self._render()

    def _on_scene_dependency_drawn(self, step_id: str, depends_on: str) -> None:
        self._draw_ahead(step_id, depends_on)
        self._edit(self.tr("Add dependency"), partial(
            plan_editing.add_dependency, step_id=step_id, depends_on=depends_on))

    def _draw_ahead(self, step_id: str, depends_on: str) -> None:
        """Draw the new arrow at once, before it is saved (a refusal redraws the plan as
        it is; the saved plan, when it comes, is drawn reusing these items)."""
        snapshot = self._snapshot
        if self._draft is not None or snapshot is None or snapshot.spec is None:
            return
        ahead = with_dependency(snapshot.spec.steps, step_id, depends_on)
        if ahead is not None:
            pinned = {**snapshot.pinned, **self._pinned_here.get(self._task_id, {})}
            self._show_graph(ahead, pinned, draft=False)

    def _on_scene_step_dropped(self, step_id: str, onto: str) -> None:
        if step_id == onto:
            return  # dropped back where it was: nothing to do
        self._edit(self.tr("Make sub-step"),
                   partial(plan_editing.reparent, step_id=step_id, parent=onto))

    def _on_scene_step_moved(self, step_id: str, x: float, y: float) -> None:
        if self._snapshot is None or self._snapshot.spec is None:
            return
        before = self.scene.moved_from.get(step_id, (x, y))
        node = self.scene.nodes.get(step_id)
        title = node.data_.title if node is not None else step_id
        self._pin_here(step_id, (x, y))
        self.ctx.undo.push(MoveNodeCommand(self, self._task_id, step_id, title, before, (x, y)))

    def _pin_here(self, step_id: str, where: tuple[float, float]) -> None:
        assert self._snapshot is not None and self._snapshot.spec is not None
        steps = self._snapshot.spec.steps
        self._pinned_here.setdefault(self._task_id, {})[step_id] = where
        self._snapshot = replace(self._snapshot, pinned={**self._snapshot.pinned,
                                                         step_id: where})
        self.feed.save_positions(self._task_id, {step_id: where})
        pinned = {**self._snapshot.pinned, **self._pinned_here[self._task_id]}
        self.scene.place_groups(self._layout(steps, pinned).groups)

    def pin(self, task_id: int, step_id: str, where: tuple[float, float]) -> None:
        """Pin a node at ``where`` (undo and redo of a move), redrawing if it is shown."""
        self._pinned_here.setdefault(task_id, {})[step_id] = where
        if task_id != self._task_id or self._snapshot is None or self._snapshot.spec is None:
            self.feed.save_positions(task_id, {step_id: where})
            return
        self._pin_here(step_id, where)
        self._render()

    def _on_scene_group_toggled(self, step_id: str) -> None:
        folded = self._collapsed.setdefault(self._task_id, set())
        folded.symmetric_difference_update({step_id})
        self._render()

    def _on_scene_drag_finished(self) -> None:
        if self._render_pending:
            QTimer.singleShot(0, self, self._render)

    def _on_editor_edit_saved(self, saved: Saved) -> None:
        if saved.task_id != self._task_id:
            return
        new = {s["id"] for s in saved.after["steps"]} - {s["id"] for s in saved.before["steps"]}
        if len(new) == 1:
            self._select_after = new.pop()
        shown = self._snapshot is not None and self._snapshot.revision >= saved.revision
        if shown and self._select_after:  # the feed drew it before this report came
            self._syncing = True
            self._reselect()
            self._syncing = False

    def _on_editor_edit_refused(self, task_id: int, code: str, message: str) -> None:
        if task_id != self._task_id:
            return
        self._show_banner(message)
        self._render()  # the graph snaps back to the plan as it is
        if code == "stale":
            self.feed.load()

    # --- selection --------------------------------------------------------------------

    def _on_scene_selection_changed(self) -> None:
        if self._syncing or self._draft is not None:
            return
        steps = self.scene.selected_steps()
        self.ctx.selection.select_step(steps[0] if len(steps) == 1 else "")

    def _on_selection_step_selected(self, task_id: int, step_id: str) -> None:
        if task_id != self._task_id or self._draft is not None:
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

    def _on_graphics_custom_context_menu_requested(self, pos: QPoint) -> None:
        if self._draft is not None or not self._task_id:
            return
        item = self.graphics.itemAt(pos)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if isinstance(item, EdgeItem):
            self.scene.clearSelection()
            item.setSelected(True)
            menu.addAction(self.tr("Remove dependency"), self.delete_selected)
        elif isinstance(item, NodeItem | GroupItem):
            self._menu_for_step(menu, item.step_id)
        else:
            menu.addAction(self.tr("Add step"), self.add_step)
            menu.addAction(self.tr("Show the whole plan"), self.fit)
        menu.popup(self.graphics.viewport().mapToGlobal(pos))

    def _menu_for_step(self, menu: QMenu, step_id: str) -> None:
        self.scene.select_step(step_id)
        if not self.step_commands.fill_menu(menu, step_id):
            menu.addAction(self.tr("Add step after it"), self.add_step)
        if self.scene.parent_of(step_id) is not None:
            menu.addAction(self.tr("Move out of its group"), lambda: self._edit(
                self.tr("Move out of group"),
                partial(plan_editing.reparent, step_id=step_id, parent=None)))

    # --- the core and the assistant ------------------------------------------------------

    def _on_bridge_changed(self, kind: str, task_id: int, detail: str) -> None:
        if task_id == self._task_id and kind == "plan_saved" and self._draft is not None:
            self._end_draft()

    def _on_assistant_plan_growing(self, task_id: int, steps: list[object]) -> None:
        if task_id != self._task_id or not task_id:
            return
        self._draft = plan_editing.draft_steps(list(steps))
        self._render()

    def _on_assistant_idle(self) -> None:
        if self._draft is not None:
            self._end_draft()

    def _end_draft(self) -> None:
        self._draft = None
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


def _icon(kind: str) -> QIcon:
    """A theme icon where the desktop has one, else a small drawn one (offscreen too)."""
    themed = {"zoom_in": "zoom-in", "zoom_out": "zoom-out", "fit": "zoom-fit-best",
              "add": "list-add", "delete": "edit-delete", "collapse": "go-up",
              "expand": "go-down"}
    app = QApplication.instance()
    dark = bool(app is not None and app.property("stepwise_dark"))
    icon = QIcon() if dark else QIcon.fromTheme(themed[kind])  # ours recolour for dark
    return icon if not icon.isNull() else _drawn_icon(kind)


def _drawn_icon(kind: str) -> QIcon:
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    ink = QApplication.palette().color(QPalette.ColorRole.ButtonText)  # dark mode too
    pen = QPen(ink, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    _DRAWERS[kind](painter)
    painter.end()
    return QIcon(pixmap)


def _magnifier(painter: QPainter, plus: bool) -> None:
    painter.drawEllipse(QPointF(13, 13), 8, 8)
    painter.drawLine(QPointF(19, 19), QPointF(28, 28))
    painter.drawLine(QPointF(9, 13), QPointF(17, 13))
    if plus:
        painter.drawLine(QPointF(13, 9), QPointF(13, 17))


def _fit_frame(painter: QPainter) -> None:
    for x, y, dx, dy in ((4, 4, 1, 1), (28, 4, -1, 1), (4, 28, 1, -1), (28, 28, -1, -1)):
        painter.drawPolyline([QPointF(x, y + 7 * dy), QPointF(x, y), QPointF(x + 7 * dx, y)])
    painter.drawRect(QRectF(11, 11, 10, 10))


def _plus(painter: QPainter) -> None:
    painter.drawLine(QPointF(16, 5), QPointF(16, 27))
    painter.drawLine(QPointF(5, 16), QPointF(27, 16))


def _cross(painter: QPainter) -> None:
    painter.setPen(QPen(QColor("#c0392b"), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(7, 7), QPointF(25, 25))
    painter.drawLine(QPointF(7, 25), QPointF(25, 7))


def _chevrons(painter: QPainter, up: bool) -> None:
    for y in (10, 19):
        tip, side = (y, y + 6) if up else (y + 6, y)
        painter.drawPolyline([QPointF(7, side), QPointF(16, tip), QPointF(25, side)])


_DRAWERS: dict[str, Callable[[QPainter], None]] = {
    "zoom_in": lambda p: _magnifier(p, True),
    "zoom_out": lambda p: _magnifier(p, False),
    "fit": _fit_frame,
    "add": _plus,
    "delete": _cross,
    "collapse": lambda p: _chevrons(p, True),
    "expand": lambda p: _chevrons(p, False),
}

