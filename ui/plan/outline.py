"""The plan outline: the plan's decomposition tree as a list you can walk with the keyboard.

A QTreeView beside the graph, for keyboard and screen-reader users: each row is a step
(plain text) with its status as words and a coloured mark. Selecting a row selects
the step everywhere (through ``ctx.selection``), and a step selected elsewhere becomes
the current row. A title is renamed in place (double-click, F2); right-click offers the
step commands of ``ui.plan.step_actions``, and their keys work here (``ui.plan.keys``):
Ctrl+Return or Space ticks the current step.

The tree's items are never rebuilt while the view holds them for a change that keeps
the plan's shape (a tick, a rename, a new language): their texts change in place. A
plan of another shape rebuilds the rows, but never under an open editor (it waits for
the editor to close), so no index the view, its editor or its selection holds is
deleted under it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QLabel,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.plan.editing import PlanSnapshot, Saved
from app.plan.graph import Graph
from app.plan.spec import PlanStep
from app.states import StepStatus
from ui.plan.edits import PlanEditor, PlanFeed, new_blank_step
from ui.plan.keys import KeyFilter, step_keys
from ui.plan.step_actions import StepActions, StepRef, ref_from
from ui.shared.context import WindowContext
from ui.words import labels

StepIdRole = Qt.ItemDataRole.UserRole + 1
StatusRole = Qt.ItemDataRole.UserRole + 2
TargetRole = Qt.ItemDataRole.UserRole + 3
Index = QModelIndex | QPersistentModelIndex
Shape = list[tuple[str, str | None]]  # (step id, parent id) in plan order
# The current row is drawn with a ring while the tree has focus, not only as a selection.
FOCUS_STYLE = ("QTreeView#planOutline:focus { border: 2px solid palette(highlight); }"
               "QTreeView#planOutline::item:focus { border: 2px solid palette(highlight); }")


def status_icon(status: str) -> QIcon:
    """A filled dot in the status colour (a ring while pending)."""
    pixmap = QPixmap(14, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(labels.STATUS_COLOURS.get(status, labels.STATUS_COLOURS["pending"]))
    if status == StepStatus.PENDING:
        painter.setPen(colour)
        painter.drawEllipse(2, 2, 10, 10)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(2, 2, 10, 10)
    painter.end()
    return QIcon(pixmap)


class PlanOutline(QWidget):
    """The steps of one task's plan as a tree: title, then status."""

    outline_shown = Signal(int)  # task id: the tree shows that task's plan

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.feed = PlanFeed.of(ctx)
        self.model = QStandardItemModel(0, 2, self)
        self.tree = QTreeView(self)
        self.empty = QLabel(self)
        self.items: dict[str, QStandardItem] = {}
        self._task_id = 0
        self._syncing = False
        self._icons: dict[str, QIcon] = {}
        self._shape: Shape = []
        self._waiting: list[PlanStep] | None = None  # a new shape, held while editing
        self._rename_after = ""  # a step just added here: its title editor opens when shown
        self._build()
        self._snapshot: PlanSnapshot | None = None
        self.step_actions = StepActions.of(ctx)
        self.keys = KeyFilter(self.tree, step_keys(
            self.step_actions, self.current_ref, rename=self._rename,
            delete=self._delete_current))
        self.feed.loaded.connect(self._on_feed_loaded)
        self.tree.itemDelegate().closeEditor.connect(self._on_delegate_close_editor)
        PlanEditor.of(ctx).edit_saved.connect(self._on_editor_edit_saved)
        self.model.itemChanged.connect(self._on_model_item_changed)
        self.tree.customContextMenuRequested.connect(self._on_tree_custom_context_menu_requested)
        self.step_actions.rename_requested.connect(self._on_actions_rename_requested)
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current_changed)
        ctx.selection.step_selected.connect(self._on_selection_step_selected)
        self.show_task(0)

    def _build(self) -> None:
        self.tree.setModel(self.model)
        self.tree.setObjectName("planOutline")
        self.tree.setStyleSheet(FOCUS_STYLE)
        self._set_texts()
        triggers = QAbstractItemView.EditTrigger  # rename: double-click or F2
        self.tree.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setUniformRowHeights(True)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, self.tree.header().ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(
            1, self.tree.header().ResizeMode.ResizeToContents)
        self.empty.setObjectName("outlineEmpty")
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setWordWrap(True)
        self.empty.setMargin(12)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.empty)
        box.addWidget(self.tree)

    def _set_texts(self) -> None:
        self.model.setHorizontalHeaderLabels([self.tr("Step"), self.tr("Status")])
        self.tree.setAccessibleName(self.tr("Plan outline"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._set_texts()
            self._retext()  # in place: the rows the view holds stay
            if not self._task_id:
                self._show_empty(self.tr("No task selected"))
            elif not self.items and self._snapshot is not None:
                self._show_empty(self.tr("No plan yet"))

    @property
    def task_id(self) -> int:
        return self._task_id

    def show_task(self, task_id: int) -> None:
        """Show a task's plan as a tree (0: none)."""
        self._task_id = task_id
        self._snapshot = None  # never act on the last task's plan meanwhile
        self._waiting = None
        self._fill([])
        self._show_empty(self.tr("No task selected") if not task_id else "")
        self.feed.show(task_id)

    def current_ref(self) -> StepRef | None:
        """The step of the current row (None: no row, or no plan)."""
        index = self.tree.currentIndex()
        step_id = str(index.data(StepIdRole) or "") if index.isValid() else ""
        return ref_from(self._snapshot, step_id) if step_id else None

    def _show_empty(self, text: str) -> None:
        self.empty.setText(text)
        self.empty.setVisible(bool(text))

    def _on_feed_loaded(self, snapshot: PlanSnapshot) -> None:
        if snapshot.task_id != self._task_id:
            return
        steps = [] if snapshot.spec is None else snapshot.spec.steps
        self._snapshot = snapshot
        self._fill(steps)
        self._show_empty("" if steps else self.tr("No plan yet"))
        self._rename_added()
        self.outline_shown.emit(self._task_id)

    def _on_editor_edit_saved(self, saved: Saved) -> None:
        if saved.task_id == self._task_id and self.isVisible():
            self._rename_after = new_blank_step(saved)
            self._rename_added()

    def _rename_added(self) -> None:
        """Open the title editor on a step just added, once its row is there."""
        item = self.items.get(self._rename_after)
        if item is not None and self.tree.state() != QAbstractItemView.State.EditingState:
            self._rename_after = ""
            self.tree.setCurrentIndex(item.index())
            self.tree.edit(item.index())

    def _fill(self, steps: list[PlanStep]) -> None:
        """Show ``steps``: in place when the plan keeps its shape, else rows built anew
        (after the editor closes, when one is open)."""
        shape = [(s.id, s.parent) for s in steps]
        if shape == self._shape and self.items:
            self._update(steps)
            return
        if self.tree.state() == QAbstractItemView.State.EditingState:
            self._waiting = steps
            return
        self._waiting = None
        self._syncing = True
        try:
            self.tree.selectionModel().clear()  # no index of the rows removed is kept
            self.model.removeRows(0, self.model.rowCount())
            self.items, self._shape = {}, shape
            g = Graph(steps)
            for step in steps:
                parent = self.items.get(step.parent) if step.parent else None
                row = [QStandardItem(), QStandardItem()]
                self._show_step(row[0], row[1], step, g.status_of(step.id))
                (parent or self.model.invisibleRootItem()).appendRow(row)
                self.items[step.id] = row[0]
            self.tree.expandAll()
            self._select(self.ctx.selection.step_id
                         if self.ctx.selection.task_id == self._task_id else "")
        finally:
            self._syncing = False

    def _update(self, steps: list[PlanStep]) -> None:
        """Change the rows' texts in place (the plan kept its shape)."""
        g = Graph(steps)
        self._syncing = True
        try:
            for step in steps:
                title = self.items[step.id]
                state = self._status_item(title)
                if state is not None:
                    self._show_step(title, state, step, g.status_of(step.id))
        finally:
            self._syncing = False

    def _status_item(self, title: QStandardItem) -> QStandardItem | None:
        parent = title.parent() or self.model.invisibleRootItem()
        return parent.child(title.row(), 1)

    def _show_step(self, title: QStandardItem, state: QStandardItem, step: PlanStep,
                   status: str) -> None:
        """What a row shows of a step (set again only where it changed)."""
        text = step.title or step.id
        if title.text() != text and not self._editing(title):
            title.setText(text)
        title.setData(step.id, StepIdRole)
        title.setData(step.target, TargetRole)
        state.setData(step.id, StepIdRole)
        state.setEditable(False)  # the title is renamed in place (double-click, F2)
        if state.data(StatusRole) != status:
            if status not in self._icons:
                self._icons[status] = status_icon(status)
            state.setIcon(self._icons[status])
            state.setData(status, StatusRole)
        self._retext_row(title, state)

    def _retext_row(self, title: QStandardItem, state: QStandardItem) -> None:
        """The words of a row in the language installed."""
        status = str(state.data(StatusRole) or "")
        words = labels.step_status(status)
        if state.text() != words:
            state.setText(words)
        title.setToolTip(labels.target_name(title.data(TargetRole)))
        title.setData(f"{title.text()}, {words}", Qt.ItemDataRole.AccessibleTextRole)

    def _retext(self) -> None:
        self._syncing = True
        try:
            for title in self.items.values():
                state = self._status_item(title)
                if state is not None:
                    self._retext_row(title, state)
        finally:
            self._syncing = False

    def _editing(self, item: QStandardItem) -> bool:
        return (self.tree.state() == QAbstractItemView.State.EditingState
                and self.tree.currentIndex() == item.index())

    def _on_delegate_close_editor(self, _editor: object,
                                  _hint: QAbstractItemDelegate.EndEditHint) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is not None:  # a new shape came while the title was being edited
            self._fill(waiting)

    def _select(self, step_id: str) -> None:
        item = self.items.get(step_id)
        if item is None:
            self.tree.clearSelection()
            self.tree.setCurrentIndex(QModelIndex())
            return
        self.tree.setCurrentIndex(item.index())
        self.tree.scrollTo(item.index())

    def _on_tree_current_changed(self, current: Index, previous: Index) -> None:
        if self._syncing or not self._task_id:
            return
        step_id = current.data(StepIdRole) if current.isValid() else ""
        self.ctx.selection.select_step(str(step_id or ""))

    def _on_selection_step_selected(self, task_id: int, step_id: str) -> None:
        if task_id != self._task_id:
            return
        self._syncing = True
        try:
            self._select(step_id)
        finally:
            self._syncing = False

    # --- editing in place -----------------------------------------------------------

    def _on_model_item_changed(self, item: QStandardItem) -> None:
        if self._syncing or item.column() != 0:
            return
        ref = ref_from(self._snapshot, str(item.data(StepIdRole) or ""))
        if ref is not None and not self.step_actions.rename(ref, item.text()):
            self._syncing = True
            item.setText(ref.title)  # an empty or unchanged title: nothing to save
            self._syncing = False

    def _on_tree_custom_context_menu_requested(self, pos: QPoint) -> None:
        index = self.tree.indexAt(pos)
        ref = ref_from(self._snapshot, str(index.data(StepIdRole) or "")) \
            if index.isValid() else None
        if ref is None:
            return
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.step_actions.fill_menu(menu, ref)
        menu.popup(self.tree.viewport().mapToGlobal(pos))

    def _on_actions_rename_requested(self, step_id: str) -> None:
        item = self.items.get(step_id)
        if item is not None and self.isVisible():
            self.tree.setCurrentIndex(item.index())
            self.tree.edit(item.index())

    def _rename(self, ref: StepRef) -> None:
        item = self.items.get(ref.step_id)
        if item is not None:
            self.tree.edit(item.index())

    def _delete_current(self) -> None:
        ref = self.current_ref()
        if ref is not None:
            self.step_actions.delete(ref)
