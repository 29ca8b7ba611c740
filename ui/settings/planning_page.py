"""Settings → Planning: the working days and hours Schedule places blocks in, the most
planned work a day should hold, and the reminders' lead times — the same declared
settings (``app.config.settings``) and ranges the command line uses (``stepwise settings
calendar.work_days …``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale, QTime, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app.config import settings
from ui.settings import fields
from ui.settings.publish_section import PublishSection
from ui.shared.context import WindowContext

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
START, END = "calendar.work_start", "calendar.work_end"


class PlanningPage(QWidget):
    """The planning settings; ``values`` gives them in an order ``settings.put`` takes
    (the working hours' start and end are checked against each other as they are put)."""

    changed = Signal()  # a field that ``problem`` reads changed

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        row = QWidget(self)
        days = QHBoxLayout(row)
        days.setContentsMargins(0, 0, 0, 0)
        self.days: dict[str, QCheckBox] = {}
        for number, code in enumerate(DAYS, start=1):
            box = QCheckBox(QLocale().standaloneDayName(number, QLocale.FormatType.ShortFormat),
                            row)
            box.setObjectName(f"workDay_{code}")
            self.days[code] = box
            days.addWidget(box)
        days.addStretch(1)
        form.addRow(self.tr("Working days"), row)
        self.week_start = QComboBox(self)
        self.week_start.setObjectName("weekStart")
        fields.add_choices(self.week_start, "calendar.week_start", {
            "language": self.tr("As the language has it"), "mon": self.tr("Monday"),
            "sun": self.tr("Sunday"), "sat": self.tr("Saturday")})
        form.addRow(self.tr("Week starts on"), self.week_start)
        self.work_start, self.work_end = _clock(self, "workStart"), _clock(self, "workEnd")
        hours = QWidget(self)
        line = QHBoxLayout(hours)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.work_start)
        line.addWidget(QLabel("–", hours))
        line.addWidget(self.work_end)
        line.addStretch(1)
        form.addRow(self.tr("Working hours"), hours)
        self.lead = fields.spin(self, "reminders.lead_minutes")
        self.lead.setObjectName("leadMinutes")
        self.lead.setSuffix(self.tr(" min"))
        form.addRow(self.tr("Remind me before a due time"), self.lead)
        self.all_day_at = _clock(self, "allDayAt")
        form.addRow(self.tr("All-day reminders at"), self.all_day_at)
        self.day_limit = fields.spin(self, "calendar.day_limit_minutes")
        self.day_limit.setObjectName("dayLimit")
        self.day_limit.setSingleStep(30)
        self.day_limit.setSuffix(self.tr(" min"))
        self.day_limit.setSpecialValueText(self.tr("No limit"))
        self.day_limit.setToolTip(self.tr("Schedule and the calendar say when a day holds "
                                          "more planned work than this"))
        form.addRow(self.tr("Planned work a day, at most"), self.day_limit)
        self.block_start = QCheckBox(self.tr("Remind me when a scheduled block starts"), self)
        form.addRow("", self.block_start)
        self.publishing = PublishSection(ctx, self)  # its actions take effect at once
        outer.addWidget(self.publishing)
        outer.addStretch(1)
        for narrow in (self.week_start, self.lead, self.all_day_at, self.day_limit):
            narrow.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        for box in self.days.values():
            box.toggled.connect(self.changed)
        for edit in (self.work_start, self.work_end):
            edit.timeChanged.connect(self.changed)

    def load(self) -> None:
        self.publishing.load()
        chosen = {d.strip() for d in str(settings.get("calendar.work_days")).split(",")}
        for code, box in self.days.items():
            box.setChecked(code in chosen)
        for edit, key in ((self.work_start, START), (self.work_end, END),
                          (self.all_day_at, "reminders.all_day_at")):
            edit.setTime(QTime.fromString(str(settings.get(key)), "HH:mm"))
        fields.select(self.week_start, settings.get("calendar.week_start"))
        self.lead.setValue(int(settings.get("reminders.lead_minutes")))
        self.day_limit.setValue(int(settings.get("calendar.day_limit_minutes")))
        self.block_start.setChecked(bool(settings.get("reminders.block_start")))

    def problem(self) -> str:
        """What keeps these settings from being saved ("" when nothing does)."""
        if not any(box.isChecked() for box in self.days.values()):
            return self.tr("Choose at least one working day.")
        if self.work_end.time() <= self.work_start.time():
            return self.tr("The working hours must end after they start.")
        return ""

    def values(self) -> dict[str, Any]:
        start, end = _text(self.work_start), _text(self.work_end)
        hours = {START: start, END: end} if start < str(settings.get(END)) \
            else {END: end, START: start}  # each checked against the other as stored
        return {
            "calendar.work_days": ",".join(c for c, box in self.days.items() if box.isChecked()),
            "calendar.week_start": str(self.week_start.currentData()),
            **hours,
            "reminders.lead_minutes": self.lead.value(),
            "calendar.day_limit_minutes": self.day_limit.value(),
            "reminders.all_day_at": _text(self.all_day_at),
            "reminders.block_start": self.block_start.isChecked(),
        }


def _clock(parent: QWidget, name: str) -> QTimeEdit:
    edit = QTimeEdit(parent)
    edit.setObjectName(name)
    edit.setDisplayFormat("HH:mm")
    return edit


def _text(edit: QTimeEdit) -> str:
    return edit.time().toString("HH:mm")
