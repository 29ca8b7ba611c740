"""A dialog that compares two revisions of a task's plan, step by step.

Two combos choose the revisions (the previous and the latest at first); the tree below
lists the steps added, removed and changed, each changed step with its fields before
and after. The revisions are read and compared in a worker (``app.plan.diff``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.plan import store as plans
from app.plan.diff import FieldChange, PlanDiff, StepChange, diff_plans, revision_specs
from app.plan.views import local
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words import labels

KIND_COLOURS = {"added": "#1e8449", "removed": "#c0392b", "changed": "#b9770e"}
ONE_LINE_CHARS = 120
KIND_MARKS = {"added": "+", "removed": "−", "changed": "~"}


def _shown(field: str, value: str) -> str:
    """A field's value for people: times in local time, the rest as it is."""
    return local(value) if field == "due" and value else value


def _one_line(text: str) -> str:
    """Long or multi-line values on one line in the tree (the tooltip has all of it)."""
    line = " ".join(text.split())
    return line if len(line) <= ONE_LINE_CHARS else line[:ONE_LINE_CHARS - 1] + "…"


def _revision_list(task_id: int) -> list[tuple[int, str]]:
    return [(int(p.revision), str(p.status)) for p in plans.revisions(task_id)]


async def _load_diff(task_id: int, old: int, new: int) -> PlanDiff:
    specs = await in_thread(revision_specs, task_id, (old, new))
    return diff_plans(specs[old], specs[new])


class RevisionDiffDialog(QDialog):
    """Compare two revisions of one task's plan."""

    diff_shown = Signal()  # the tree shows the chosen pair

    def __init__(self, ctx: WindowContext, task_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id = task_id
        self.diff: PlanDiff | None = None
        self._request = 0
        self.setWindowTitle(labels.fill(self.tr("Plan revisions of task %1"), task_id))
        self.old_combo = QComboBox(self)
        self.new_combo = QComboBox(self)
        for combo in (self.old_combo, self.new_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.summary = QLabel(self.tr("Reading the revisions…"), self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.tree = self._build_tree()
        self._build_layout()
        ctx.runner.start(in_thread(_revision_list, task_id), self.tr("Reading plan revisions"),
                         done=self._on_revisions_loaded)
        self.resize(860, 480)

    def _build_tree(self) -> QTreeWidget:
        tree = QTreeWidget(self)
        tree.setColumnCount(4)
        tree.setHeaderLabels([self.tr("Step"), self.tr("Change"), self.tr("Before"),
                              self.tr("After")])
        tree.setWordWrap(True)
        tree.setAlternatingRowColors(True)
        header = tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        tree.setColumnWidth(0, 280)
        return tree

    def _build_layout(self) -> None:
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Compare revision"), self))
        row.addWidget(self.old_combo)
        row.addWidget(QLabel(self.tr("with revision"), self))
        row.addWidget(self.new_combo)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)

    # --- choosing the revisions ----------------------------------------------------------

    def _on_revisions_loaded(self, revisions: list[tuple[int, str]]) -> None:
        for combo in (self.old_combo, self.new_combo):
            combo.blockSignals(True)
            for number, status in revisions:
                combo.addItem(labels.fill(self.tr("%1 (%2)"), number, labels.plan_status(status)),
                              number)
            combo.blockSignals(False)
        if len(revisions) < 2:
            self.summary.setText(self.tr("This plan has only one revision: nothing to compare."))
            return
        self.old_combo.setCurrentIndex(len(revisions) - 2)
        self.new_combo.setCurrentIndex(len(revisions) - 1)
        self.old_combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        self.new_combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        self.compare(revisions[-2][0], revisions[-1][0])

    def _on_combo_current_index_changed(self, _index: int) -> None:
        self.compare(int(self.old_combo.currentData()), int(self.new_combo.currentData()))

    def select(self, old: int, new: int) -> None:
        """Choose the two revisions in the combos (and so compare them)."""
        self.old_combo.setCurrentIndex(self.old_combo.findData(old))
        self.new_combo.setCurrentIndex(self.new_combo.findData(new))

    def compare(self, old: int, new: int) -> None:
        """Read both revisions in a worker and show what changed from ``old`` to ``new``."""
        self._request += 1
        request = self._request
        self.summary.setText(self.tr("Comparing…"))
        self.ctx.runner.start(_load_diff(self.task_id, old, new),
                              self.tr("Comparing plan revisions"),
                              done=lambda diff: self._on_diff_loaded(request, diff))

    # --- showing the differences ---------------------------------------------------------

    def _on_diff_loaded(self, request: int, diff: PlanDiff) -> None:
        if request != self._request:
            return  # the user chose another pair meanwhile
        self.diff = diff
        self.tree.clear()
        if diff.plan_fields:
            plan_item = QTreeWidgetItem(self.tree, [self.tr("The plan itself"),
                                                    labels.change_kind("changed")])
            self._add_fields(plan_item, diff.plan_fields)
        for change in diff.steps:
            self._add_step(change)
        self.tree.expandAll()
        self.summary.setText(self._summary_text(diff))
        self.diff_shown.emit()

    def _summary_text(self, diff: PlanDiff) -> str:
        if diff.empty:
            return labels.fill(self.tr("Revisions %1 and %2 are the same."),
                               diff.old_revision, diff.new_revision)
        return labels.fill(self.tr("From revision %1 to %2: %3 added, %4 removed, %5 changed."),
                           diff.old_revision, diff.new_revision, diff.count("added"),
                           diff.count("removed"), diff.count("changed"))

    def _add_step(self, change: StepChange) -> None:
        text = f"{KIND_MARKS[change.kind]} {change.step_id}: {change.title}"
        item = QTreeWidgetItem(self.tree, [text, labels.change_kind(change.kind)])
        item.setToolTip(0, text)
        brush = QBrush(QColor(KIND_COLOURS[change.kind]))
        item.setForeground(0, brush)
        item.setForeground(1, brush)
        self._add_fields(item, change.fields)

    def _add_fields(self, parent: QTreeWidgetItem, fields: tuple[FieldChange, ...]) -> None:
        for field in fields:
            old, new = _shown(field.field, field.old), _shown(field.field, field.new)
            child = QTreeWidgetItem(parent, [labels.field_name(field.field), "",
                                             _one_line(old) or "—", _one_line(new) or "—"])
            child.setToolTip(2, old)
            child.setToolTip(3, new)

    def step_rows(self) -> list[tuple[str, str]]:
        """(text, change) of every top-level row, for tests and accessibility checks."""
        items = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        return [(item.text(0), item.text(1)) for item in items if item is not None]
