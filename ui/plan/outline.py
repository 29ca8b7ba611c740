"""The plan outline: the plan's decomposition tree as a list you can walk with the keyboard.

A QTreeView beside the graph, for keyboard and screen-reader users: each row is a step
(plain text) with its status as words and a coloured mark. Selecting a row selects
the step everywhere (through ``ctx.selection``), and a step selected elsewhere becomes
the current row. A title is renamed in place (double-click, F2); right-click offers the
step commands of ``ui.plan.step_actions``.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.plan.editing import PlanSnapshot
from app.plan.graph import Graph
from app.plan.spec import PlanStep
from app.states import StepStatus
from ui.plan.edits import PlanFeed
from ui.plan.step_actions import StepActions, ref_from
from ui.shared.context import WindowContext
from ui.words import labels

StepIdRole = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex


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
        self.feed = PlanFeed(ctx, self)
        self.model = QStandardItemModel(0, 2, self)
        self.tree = QTreeView(self)
        self.empty = QLabel(self)
        self.items: dict[str, QStandardItem] = {}
        self._task_id = 0
        self._syncing = False
        self._icons: dict[str, QIcon] = {}
        self._build()
        self._snapshot: PlanSnapshot | None = None
        self.step_actions = StepActions.of(ctx)
        self.feed.loaded.connect(self._on_feed_loaded)
        self.model.itemChanged.connect(self._on_model_item_changed)
        self.tree.customContextMenuRequested.connect(self._on_tree_custom_context_menu_requested)
        self.step_actions.rename_requested.connect(self._on_actions_rename_requested)
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current_changed)
        ctx.selection.step_selected.connect(self._on_selection_step_selected)
        self.show_task(0)

    def _build(self) -> None:
        self.model.setHorizontalHeaderLabels([self.tr("Step"), self.tr("Status")])
        self.tree.setModel(self.model)
        self.tree.setObjectName("planOutline")
        self.tree.setAccessibleName(self.tr("Plan outline"))
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

    @property
    def task_id(self) -> int:
        return self._task_id

    def show_task(self, task_id: int) -> None:
        """Show a task's plan as a tree (0: none)."""
        self._task_id = task_id
        self._fill([])
        self._show_empty(self.tr("No task selected") if not task_id else "")
        self.feed.show(task_id)

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
        self.outline_shown.emit(self._task_id)

    def _fill(self, steps: list[PlanStep]) -> None:
        self._syncing = True
        try:
            self.model.removeRows(0, self.model.rowCount())
            self.items = {}
            g = Graph(steps)
            for step in steps:
                parent = self.items.get(step.parent) if step.parent else None
                row = self._row(step, g.status_of(step.id))
                (parent or self.model.invisibleRootItem()).appendRow(row)
                self.items[step.id] = row[0]
            self.tree.expandAll()
            self._select(self.ctx.selection.step_id
                         if self.ctx.selection.task_id == self._task_id else "")
        finally:
            self._syncing = False

    def _row(self, step: PlanStep, status: str) -> list[QStandardItem]:
        title = QStandardItem(step.title or step.id)
        title.setData(step.id, StepIdRole)
        title.setToolTip(f"{step.id} · {labels.target_name(step.target)}")
        state = QStandardItem(labels.step_status(status))
        state.setData(step.id, StepIdRole)
        if status not in self._icons:
            self._icons[status] = status_icon(status)
        state.setIcon(self._icons[status])
        state.setEditable(False)  # the title is renamed in place (double-click, F2)
        title.setData(f"{step.title}, {labels.step_status(status)}",
                      Qt.ItemDataRole.AccessibleTextRole)
        return [title, state]

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
            self.tree.edit(item.index())
