"""A step's inputs as labelled fields: what its capability needs, in the person's words.

Each capability of ``app.plan.capabilities`` declares its inputs in a JSON Schema; this
shows one field per input, captioned (a reminder's time and text, a message's recipient
and text), never the JSON. A time is shown in the window's format (``ui.words.dates``)
and read back as a person writes it; a step to take text from is picked by its title.
The fields of every capability are built once and shown by target, so a refresh never
deletes a field someone is typing into.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QWidget

from app.dates.when import parse_when
from app.errors import KnownError
from app.plan import capabilities
from ui.words.dates import long_when, read_when_text
from ui.words.retexts import told_error

translate = QCoreApplication.translate
TIMES = frozenset((c.name, name) for c in capabilities.CAPABILITIES.values() for name in c.times)
STEP_PICKS = frozenset({"from_step"})
Key = tuple[str, str]  # (capability, input)


class FieldError(ValueError):
    """What is wrong with a typed value, in the user's words."""


def caption(target: str, name: str) -> str:
    """An input's caption (its name when it has none of its own)."""
    if target == "calendar.read":
        return {"from": translate("StepInputs", "From"),
                "to": translate("StepInputs", "Until")}.get(name, name)
    return {
        "instructions": translate("StepInputs", "What to write"),
        "path": translate("StepInputs", "File name"),
        "content": translate("StepInputs", "File text"),
        "from_step": translate("StepInputs", "Text from the step"),
        "to": translate("StepInputs", "To"), "text": translate("StepInputs", "Text"),
        "at": translate("StepInputs", "Time"),
    }.get(name, name)


def time_text(value: str) -> str:
    """A stored instant ("2026-12-01T15:00:00Z") as the window writes times."""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    return long_when(moment) if moment.tzinfo else value


def read_time(text: str) -> str:
    """A typed time as the stored instant; FieldError when it is not a time."""
    moment = read_when_text(text)  # the Chinese form the window writes
    try:
        moment = moment or parse_when(text, "due").when
    except (KnownError, ValueError) as exc:
        raise FieldError(told_error(exc)) from exc
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StepInputs(QWidget):
    """The input fields of the step's capability; ``edited`` when one is changed."""

    edited = Signal()
    finished = Signal()  # a field was left (Tab, a click elsewhere) or Enter pressed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.fields: dict[Key, QLineEdit | QComboBox] = {}
        self.captions: dict[Key, QLabel] = {}
        self.shown: dict[Key, str] = {}  # the text each field showed when last filled
        self.stored: dict[str, Any] = {}
        self.target = ""
        for target, cap in capabilities.CAPABILITIES.items():
            for name in cap.input_schema.get("properties", {}):
                self.fields[(target, name)] = self._field(target, name)
        self.retranslate()

    def _field(self, target: str, name: str) -> QLineEdit | QComboBox:
        field: QLineEdit | QComboBox
        if name in STEP_PICKS:
            field = QComboBox(self)
            field.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            field.setMinimumContentsLength(4)
            field.activated.connect(lambda _=0: self.finished.emit())
            field.currentIndexChanged.connect(lambda _=0: self.edited.emit())
        else:
            field = QLineEdit(self)
            field.textEdited.connect(lambda _="": self.edited.emit())
            field.editingFinished.connect(self.finished.emit)
            if (target, name) in TIMES:
                field.setPlaceholderText(translate("StepInputs", "e.g. tomorrow 9:00"))
        field.setObjectName(f"input_{target}_{name}")
        self.captions[(target, name)] = QLabel(self)
        self.form.addRow(self.captions[(target, name)], field)
        return field

    def line(self, target: str, name: str) -> QLineEdit:
        """The text field of one input (not a step pick)."""
        field = self.fields[(target, name)]
        assert isinstance(field, QLineEdit), (target, name)
        return field

    def retranslate(self) -> None:
        for (target, name), label in self.captions.items():
            label.setText(caption(target, name))

    def show_target(self, target: str) -> None:
        """Show the fields of ``target``'s inputs only."""
        self.target = target
        for (owner, _name), field in self.fields.items():
            self.form.setRowVisible(field, owner == target)

    def fill(self, target: str, inputs: dict[str, Any], steps: dict[str, str],
             *, keep_typed: bool) -> None:
        """Show ``inputs`` of a step done by ``target``; ``steps`` (id → title) to take
        text from. ``keep_typed``: a field changed since the last fill keeps its text."""
        self.stored = dict(inputs)
        for (owner, name), field in self.fields.items():
            value = inputs.get(name) if owner == target else None
            if isinstance(field, QComboBox):
                self._fill_pick(field, steps, value)
                continue
            text = "" if value is None else (time_text(str(value)) if (owner, name) in TIMES
                                             else str(value))
            if not (keep_typed and field.text() != self.shown.get((owner, name), "")):
                field.setText(text)
            self.shown[(owner, name)] = text
        self.show_target(target)

    def _fill_pick(self, field: QComboBox, steps: dict[str, str], value: Any) -> None:
        field.blockSignals(True)
        field.clear()
        field.addItem("—", "")
        for step_id, title in steps.items():
            field.addItem(title, step_id)
        field.setCurrentIndex(max(0, field.findData(value or "")))
        field.blockSignals(False)
        key = next(k for k, f in self.fields.items() if f is field)
        self.shown[key] = str(value or "")

    def mark_sent(self, inputs: dict[str, Any]) -> None:
        """What was just sent to be saved counts as shown (leaving a field again sends
        nothing more)."""
        self.stored = dict(inputs)
        for key in self._keys():
            self.shown[key] = self._text(key)

    def changed(self) -> bool:
        """Whether a field of the shown target differs from what was filled."""
        return any(self._text(key) != self.shown.get(key, "") for key in self._keys())

    def _keys(self) -> list[Key]:
        return [key for key in self.fields if key[0] == self.target]

    def _text(self, key: Key) -> str:
        field = self.fields[key]
        if isinstance(field, QComboBox):
            return str(field.currentData() or "")
        return field.text().strip()

    def values(self, target_changed: bool) -> dict[str, Any]:
        """The inputs for the target shown, as the capability takes them; FieldError,
        naming what to fill in, when they are not complete or not valid."""
        out: dict[str, Any] = {}
        for key in self._keys():
            text = self._text(key)
            if not target_changed and text == self.shown.get(key, "") \
                    and key[1] in self.stored:
                out[key[1]] = self.stored[key[1]]  # as stored, whatever it shows
            elif text:
                out[key[1]] = read_time(text) if key in TIMES else text
        self._check(out)
        return out

    def _check(self, inputs: dict[str, Any]) -> None:
        cap = capabilities.CAPABILITIES.get(self.target)
        if cap is None or not capabilities.input_problems(self.target, inputs):
            return
        required = list(cap.input_schema.get("required", []))
        if self.target == "message.post" and "text" not in inputs \
                and "from_step" not in inputs:
            required.append("text")
        missing = [caption(self.target, n) for n in required if n not in inputs]
        if missing:
            raise FieldError(translate("StepInputs", "Fill in %1 to save this step").replace(
                "%1", ", ".join(missing)))
        raise FieldError(translate("StepInputs", "These inputs cannot be used: %1").replace(
            "%1", "; ".join(capabilities.input_problems(self.target, inputs))))
