"""The editable part of the step details: title, objective, finished when, who does it,
due, what does it and its inputs, laid out as a form that wraps (labels above their
fields when the panel is narrow) and never scrolls sideways.

Nothing typed is lost: a field saves when it is left (Tab, a click elsewhere) or Enter
is pressed, and the panel saves what is left when another step is shown
(``StepPanel``). What was typed is compared with what the form showed; what changed
goes out as one plan edit (one undo step), and an editing session's edits rewrite one
revision. A refresh of the same step keeps what is typed in a field not saved yet. Every
value is shown in the person's words: "You" or "Assistant" for who does it, times in
the window's format, the inputs as labelled fields (``ui.step.inputs``). A due time is
read as a person writes it ("next friday", "明天下午三点") by ``app.dates.when.parse_when``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QWidget,
)

from app.dates.when import parse_when
from app.errors import KnownError
from app.plan import capabilities
from ui.step.inputs import FieldError, StepInputs
from ui.words import labels
from ui.words.dates import long_when, read_when_text
from ui.words.retexts import told_error

if TYPE_CHECKING:
    from app.plan.step_view import StepView

__all__ = ["FieldError", "StepForm"]
translate = QCoreApplication.translate
TEXT_FIELDS = ("title", "objective", "done_when", "due")
SHOWN = ("waiting_for", "attempts")
EMPTY_DONE_WHEN = frozenset({"done", "完成"})  # says nothing: shown as not set
NARROW = 340  # px: below it a caption goes above its field


def worker_names() -> dict[str, str]:
    """Who does a step, in words ("me" is the person); a contact is named as it is."""
    return {"me": translate("StepForm", "You"), "assistant": translate("StepForm", "Assistant")}


def narrow_wrap(width: int) -> QFormLayout.RowWrapPolicy:
    """Captions above their fields in a narrow panel, beside them in a wide one."""
    policy = QFormLayout.RowWrapPolicy
    return policy.WrapAllRows if width < NARROW else policy.WrapLongRows


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
        self.shown: dict[str, str] = {}  # what each field showed when last filled
        self.layout_ = QFormLayout(self)
        form = self.layout_
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.captions: dict[str, QLabel] = {}  # made here: addRow("") would make none
        for key in ("title", "objective", "done_when", "worker", "due"):
            self.fields[key] = self._field(key)
            form.addRow(self._caption(key), self.fields[key])
        self.target = QComboBox(self)
        self.target.setObjectName("targetEdit")
        self.target.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.target.setMinimumContentsLength(4)
        for name in capabilities.CAPABILITIES:
            self.target.addItem(self._kind_name(name), name)
        self.target.addItem(labels.target_name(None), "")  # a group's: shown, never chosen
        model = self.target.model()
        if isinstance(model, QStandardItemModel):
            model.item(self.target.count() - 1).setEnabled(False)
        form.addRow(self._caption("target"), self.target)
        self.inputs = StepInputs(self)
        form.addRow(self.inputs)
        for key in SHOWN:
            self.fields[key] = _label(self, key)
            form.addRow(self._caption(key), self.fields[key])
        self.problem = _label(self, "fieldProblem")
        self.problem.setStyleSheet("color: #c0392b;")
        self.problem.hide()
        form.addRow(self.problem)
        self.target.currentIndexChanged.connect(self._on_target_current_index_changed)
        self.target.activated.connect(lambda _=0: self.save())
        self.inputs.finished.connect(self.save)
        self.retranslate()

    def _caption(self, key: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(f"{key}Caption")
        self.captions[key] = label
        return label

    def _kind_name(self, target: str | None) -> str:
        """A kind of step as the form names it: "you" would read as who does it."""
        return self.tr("your own step") if target == "user" else labels.target_name(target)

    def _captions(self) -> dict[str, str]:
        return {"title": self.tr("Title"), "objective": self.tr("Objective"),
                "done_when": self.tr("Finished when"), "worker": self.tr("Who does it"),
                "due": self.tr("Due"), "target": self.tr("Kind of step"),
                "attempts": self.tr("Attempts"), "waiting_for": self.tr("Waits for")}

    def retranslate(self) -> None:
        """Captions and placeholders in the language installed (the fields stay)."""
        for key, text in self._captions().items():
            self.captions[key].setText(text)
        for index in range(self.target.count()):
            self.target.setItemText(index, self._kind_name(
                str(self.target.itemData(index)) or None))
        worker = self.fields["worker"]
        for index, name in enumerate(worker_names().values()):
            worker.setItemText(index, name)
        self.fields["due"].setPlaceholderText(self.tr("e.g. next friday 17:00"))
        self.fields["done_when"].setPlaceholderText(self.tr("e.g. the venue is booked"))
        self.inputs.retranslate()

    def _field(self, key: str) -> QWidget:
        if key == "worker":
            box = QComboBox(self)
            box.setObjectName("workerEdit")
            box.setEditable(True)
            box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(4)
            for code, name in worker_names().items():
                box.addItem(name, code)
            line = box.lineEdit()
            assert line is not None
            line.setPlaceholderText("—")
            line.editingFinished.connect(self.save)
            box.activated.connect(lambda _=0: self.save())
            return box
        edit = QLineEdit(self)
        edit.setObjectName(f"{key}Edit")
        edit.setPlaceholderText("—")
        edit.editingFinished.connect(self.save)  # Enter, Tab and a click elsewhere
        return edit

    def fit_width(self, width: int) -> None:
        """Lay the fields out for a panel ``width`` wide (captions above them when it
        is narrow: the form's own width follows its fields, not the panel)."""
        wrap = narrow_wrap(width)
        if self.layout_.rowWrapPolicy() != wrap:
            self.layout_.setRowWrapPolicy(wrap)
            self.inputs.form.setRowWrapPolicy(wrap)

    # --- showing -----------------------------------------------------------------------------

    def fill(self, view: StepView, shown: dict[str, str], steps: dict[str, str]) -> None:
        """Show the step as saved. For the same step again, a field typed into since the
        last fill keeps its text (a save of one field never drops another's)."""
        same = self.view is not None and (self.view.task_id, self.view.step.id) == (
            view.task_id, view.step.id)
        self.view = view
        values = {**self._values(view), **shown}
        for key, widget in self.fields.items():
            text = values.get(key, "")
            if isinstance(widget, QLabel):
                widget.setText(text)
            elif not (same and self._text(key).strip() != self.shown.get(key, "").strip()):
                self._set_text(key, text)
            self.shown[key] = text
        self.target.blockSignals(True)
        if not (same and self.target.currentData() != self.shown.get("target")):
            self.target.setCurrentIndex(max(0, self.target.findData(
                "" if view.is_group else view.step.target)))
        self.shown["target"] = str(view.step.target or "")
        self.target.blockSignals(False)
        self.target.setEnabled(not view.is_group)
        others = {sid: title for sid, title in steps.items() if sid != view.step.id}
        self.inputs.fill(str(self.target.currentData() or ""), view.step.inputs, others,
                         keep_typed=same)
        self.inputs.setVisible(not view.is_group)
        if not same:
            self._show_problem("")

    def _values(self, view: StepView) -> dict[str, str]:
        step = view.step
        done_when = "" if (step.done_when or "").strip().lower() in EMPTY_DONE_WHEN \
            else step.done_when or ""
        return {"title": step.title, "objective": step.objective or "", "done_when": done_when,
                "worker": worker_names().get(step.worker or "", step.worker or ""),
                "due": long_when(step.due) if step.due else ""}

    def _text(self, key: str) -> str:
        widget = self.fields[key]
        return str(widget.currentText() if isinstance(widget, QComboBox) else widget.text())

    def _set_text(self, key: str, text: str) -> None:
        widget = self.fields[key]
        if not isinstance(widget, QComboBox):
            widget.setText(text)
            widget.setCursorPosition(0)  # a long title shows its start, not its end
        elif widget.findText(text) >= 0:
            widget.setCurrentIndex(widget.findText(text))
        else:
            widget.setEditText(text)

    # --- saving ------------------------------------------------------------------------------

    def changes(self) -> dict[str, Any]:
        """The fields that differ from what the form showed; FieldError for a bad value."""
        view = self.view
        if view is None:
            return {}
        out: dict[str, Any] = {}
        for key in ("title", "objective", "done_when", "worker", "due"):
            text = self._text(key).strip()
            if text == self.shown.get(key, "").strip():
                continue
            if key == "title" and not text:
                raise FieldError(self.tr("A step needs a title"))
            out[key] = _read_due(text) if key == "due" else (
                _read_worker(text) if key == "worker" else text)
        if not view.is_group:
            target = str(self.target.currentData() or "")
            moved = target != self.shown.get("target", "")
            if moved:
                out["target"] = target
            if moved or self.inputs.changed():
                out["inputs"] = self.inputs.values(moved)
        return out

    def save(self) -> None:
        """Save what changed (nothing: nothing happens); a value that cannot be saved is
        named under the fields and stays as typed."""
        try:
            changed = self.changes()
        except FieldError as exc:
            self._show_problem(told_error(exc))
            return
        self._show_problem("")
        if changed:  # what is sent counts as shown: leaving the field again sends nothing
            for key in ("title", "objective", "done_when", "worker", "due"):
                if key in changed:
                    self.shown[key] = self._text(key).strip()
            self.shown["target"] = str(changed.get("target", self.shown.get("target", "")))
            if "inputs" in changed:
                self.inputs.mark_sent(changed["inputs"])
            self.save_requested.emit(changed)

    def _on_target_current_index_changed(self, _index: int) -> None:
        self.inputs.show_target(str(self.target.currentData() or ""))

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


def _read_due(text: str) -> str | None:
    """A typed due time as ISO 8601 (None: cleared); FieldError when it is not a time."""
    if not text:
        return None
    shown = read_when_text(text)  # the Chinese form the window writes
    if shown is not None:
        return shown.isoformat()
    try:
        return parse_when(text, "due").when.isoformat()
    except (KnownError, ValueError) as exc:
        raise FieldError(str(exc)) from exc


def _read_worker(text: str) -> str:
    """"You" and "Assistant" (in any language shown) as the stored codes; a contact's
    name as it is typed."""
    codes = {name.casefold(): code for code, name in worker_names().items()}
    return codes.get(text.casefold(), text)
