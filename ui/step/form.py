"""The editable part of the step details: title, objective, done when, worker, due,
target and inputs, laid out as a form that wraps (labels above their fields when the
panel is narrow) and never scrolls sideways.

What was typed is compared with the step as saved; ``Save changes`` (or Enter in a
field) saves every changed field as one plan edit, so an editing session is one
revision and one undo step. A due time is read as a person writes it ("next friday",
"明天下午三点") by ``app.dates.when.parse_when``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from app.dates.when import parse_when
from app.errors import KnownError
from app.plan import capabilities
from app.plan.views import local
from ui.words import labels
from ui.words.retexts import told

if TYPE_CHECKING:
    from app.plan.step_view import StepView

TEXT_FIELDS = ("title", "objective", "done_when", "worker", "due")
SHOWN = ("step_id", "attempts", "waiting_for")


class FieldError(ValueError):
    """What is wrong with a typed value, in the user's words."""


def _label(parent: QWidget, key: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(key)
    label.setTextFormat(Qt.TextFormat.PlainText)  # a model's text is never markup
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class StepForm(QWidget):
    """The step's fields; ``save_requested`` carries the changed ones (already checked)."""

    save_requested = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields: dict[str, Any] = {}
        self.view: StepView | None = None
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for key, caption in self._captions().items():
            self.fields[key] = self._field(key)
            form.addRow(caption, self.fields[key])
        self.target = QComboBox(self)
        self.target.setObjectName("targetEdit")
        self.target.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.target.setMinimumContentsLength(8)
        for name in capabilities.CAPABILITIES:
            self.target.addItem(labels.target_name(name), name)
        self.inputs_edit = QLineEdit(self)
        self.inputs_edit.setObjectName("inputsEdit")
        self.inputs_edit.setPlaceholderText('{"instructions": "…"}')
        form.addRow(self.tr("Change target"), self.target)
        form.addRow(self.tr("Inputs (JSON)"), self.inputs_edit)
        form.addRow(self._buttons())
        self.problem = _label(self, "fieldProblem")
        self.problem.setStyleSheet("color: #c0392b;")
        self.problem.hide()
        form.addRow(self.problem)
        self.target.currentIndexChanged.connect(self._on_edited)
        self.inputs_edit.textEdited.connect(self._on_edited)

    def _captions(self) -> dict[str, str]:
        return {"title": self.tr("Title"), "step_id": self.tr("Step"),
                "objective": self.tr("Objective"), "target": self.tr("Done by"),
                "inputs": self.tr("Inputs"), "done_when": self.tr("Done when"),
                "worker": self.tr("Worker"), "due": self.tr("Due"),
                "attempts": self.tr("Attempts"), "waiting_for": self.tr("Waits for")}

    def _field(self, key: str) -> QWidget:
        if key not in TEXT_FIELDS:
            return _label(self, key)
        edit = QLineEdit(self)
        edit.setObjectName(f"{key}Edit")
        edit.setPlaceholderText("—")
        edit.textEdited.connect(self._on_edited)
        edit.returnPressed.connect(self.save)
        if key == "due":
            edit.setPlaceholderText(self.tr("e.g. next friday 17:00"))
        return edit

    def _buttons(self) -> QWidget:
        row = QWidget(self)
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        self.save_button = QPushButton(self.tr("Save changes"), row)
        self.save_button.setObjectName("saveStepButton")
        self.save_button.clicked.connect(self.save)
        self.revert_button = QPushButton(self.tr("Revert"), row)
        self.revert_button.clicked.connect(self._revert)
        box.addWidget(self.save_button)
        box.addWidget(self.revert_button)
        box.addStretch(1)
        return row

    def fill(self, view: StepView, shown: dict[str, str]) -> None:
        """Show the step as saved (typed but unsaved text is dropped)."""
        self.view = view
        values = {"title": view.step.title, "objective": view.step.objective,
                  "done_when": view.step.done_when, "worker": view.step.worker,
                  "due": local(view.step.due) if view.step.due else ""}
        for key, widget in self.fields.items():
            widget.setText(values[key] if key in values else shown.get(key, ""))
        self.target.blockSignals(True)
        self.target.setCurrentIndex(max(0, self.target.findData(view.step.target)))
        self.target.blockSignals(False)
        self.target.setEnabled(not view.is_group)
        self.inputs_edit.setEnabled(not view.is_group)
        self.inputs_edit.setText(json.dumps(view.step.inputs, ensure_ascii=False)
                                 if view.step.inputs else "")
        self._show_problem("")
        self._on_edited()

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the step as saved; FieldError for a bad value."""
        view = self.view
        if view is None:
            return {}
        out: dict[str, Any] = {}
        for key in ("title", "objective", "done_when", "worker"):
            text = self.fields[key].text().strip()
            if text != (getattr(view.step, key) or ""):
                out[key] = text
        due = self.fields["due"].text().strip()
        if due != (local(view.step.due) if view.step.due else ""):
            out["due"] = _read_due(due)
        if not view.is_group:
            out.update(self._target_changes(view))
        return out

    def _target_changes(self, view: StepView) -> dict[str, Any]:
        out: dict[str, Any] = {}
        target = self.target.currentData()
        if target != view.step.target:
            out["target"] = target
        text = self.inputs_edit.text().strip()
        try:
            inputs = json.loads(text) if text else {}
        except ValueError as exc:
            raise FieldError(self.tr("Inputs must be JSON, like {\"text\": \"hello\"}")) \
                from exc
        if not isinstance(inputs, dict):
            raise FieldError(self.tr("Inputs must be a set of named values in braces"))
        if inputs != view.step.inputs:
            out["inputs"] = inputs
        return out

    def save(self) -> None:
        """Ask to save what changed (nothing: nothing happens)."""
        try:
            changed = self.changes()
        except FieldError as exc:
            self._show_problem(told(str(exc)))
            return
        if changed:
            self._show_problem("")
            self.save_requested.emit(changed)

    def _revert(self) -> None:
        if self.view is not None:
            self.fill(self.view, {k: self.fields[k].text() for k in SHOWN + ("target", "inputs")})

    def _on_edited(self, *_: object) -> None:
        try:
            dirty = bool(self.changes())
        except FieldError:
            dirty = True
        self.save_button.setEnabled(dirty)
        self.revert_button.setEnabled(dirty)

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


def _read_due(text: str) -> str | None:
    """A typed due time as ISO 8601 (None: cleared); FieldError when it is not a time."""
    if not text:
        return None
    try:
        return parse_when(text, "due").when.isoformat()
    except (KnownError, ValueError) as exc:
        raise FieldError(str(exc)) from exc
