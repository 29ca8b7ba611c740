"""A step's estimate and its planned blocks, in the step's details.

The estimate is edited as text ("45m", "1h30", "半小时"; empty clears it) and stored in a
worker (``app.schedule.estimates.set_estimate``), which re-schedules when the person
schedules. Below it, each planned block with its time and reason. Text is plain.

The step panel reads what this part shows with the rest of the step
(``ui.step.reads.panel_facts``, in a worker after a change) and hands it over in
``show_step``; on its own it reads only when the language changes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QWidget

from app.errors import KnownError
from app.schedule.estimates import minutes_text, parse_estimate, set_estimate
from app.schedule.model import day_clock
from app.schedule.views import Planned, for_step
from models import Plan, Step
from ui.settings.fields import MessageLabel
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told, told_error

Facts = tuple[int | None, list[Planned]]  # the estimate (minutes) and the planned blocks


def schedule_facts(task_id: int, step_id: str) -> Facts:
    """What the schedule part shows of a step: its estimate and its blocks (two reads)."""
    minutes = (Step.select(Step.estimate_minutes).join(Plan)
               .where((Plan.task == task_id) & (Step.step_id == step_id))
               .order_by(Plan.revision.desc()).scalar())
    return (None if minutes is None else int(minutes)), for_step(task_id, step_id)


class StepSchedule(QWidget):
    """The estimate field and the planned blocks of one step."""

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id, self.step_id = 0, ""
        self.minutes: int | None = None  # the estimate shown
        self.estimate = QLineEdit(self)
        self.estimate.setObjectName("estimate")
        self.estimate.editingFinished.connect(self._on_estimate_editing_finished)
        self.blocks = MessageLabel(self)  # its reasons wrap: its row grows with them
        self.blocks.setObjectName("plannedBlocks")
        self.blocks.setTextFormat(Qt.TextFormat.PlainText)
        self.blocks.setWordWrap(True)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.captions = (QLabel(self), QLabel(self))  # addRow("") would make no label
        self.form.addRow(self.captions[0], self.estimate)
        self.form.addRow(self.captions[1], self.blocks)
        self.retranslate()

    def retranslate(self) -> None:
        """The captions in the language installed (what is typed stays)."""
        self.estimate.setPlaceholderText(self.tr("e.g. 45m or 1h30"))
        self.captions[0].setText(self.tr("Estimate"))
        self.captions[1].setText(self.tr("Planned"))
        if self.task_id:
            self.refresh()

    def show_step(self, task_id: int, step_id: str, facts: Facts | None = None) -> None:
        """Show this step's estimate and blocks: ``facts`` when they were read already,
        else read now (a few rows, on the GUI thread)."""
        self.task_id, self.step_id = task_id, step_id
        if facts is None:
            self.refresh()
        else:
            self._show(facts)

    def refresh(self) -> None:
        if self.task_id:
            self._show(schedule_facts(self.task_id, self.step_id))

    def _show(self, facts: Facts) -> None:
        minutes, planned = facts
        self.minutes = minutes
        if not self.estimate.hasFocus():
            self.estimate.setText("" if minutes is None else minutes_text(minutes))
        self.blocks.setText(self.blocks_text(planned))

    def blocks_text(self, planned: list[Planned]) -> str:
        """One line per block: when, and why; or how to get one."""
        if not planned and self.minutes is None:
            return self.tr("Not scheduled: give it an estimate and press Schedule.")
        if not planned:
            return self.tr("Not scheduled yet: press Schedule to place it in your free time.")
        from app.dates.when import local_zone

        zone = local_zone()
        return "\n".join(
            fill(self.tr("%1–%2: %3"), told(day_clock(p.start, zone)),
                 f"{p.end.astimezone(zone):%H:%M}", told(p.why)) for p in planned)

    @Slot()
    def _on_estimate_editing_finished(self) -> None:
        text = self.estimate.text().strip()
        try:
            minutes = parse_estimate(text) if text else None
        except KnownError as exc:
            self.ctx.status.error.emit(told_error(exc))
            return
        if minutes == self.minutes:
            return
        self.minutes = minutes
        self.ctx.runner.start(in_thread(set_estimate, self.task_id, self.step_id, minutes),
                              self.tr("Saving the estimate"))
