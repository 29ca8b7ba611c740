"""What the calendar panel's parts share: sizes, colours, zones and tooltip text."""

from __future__ import annotations

import html
from datetime import date, datetime, time, timedelta, tzinfo

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from app.events import Kind
from app.schedule.views import Planned
from ui.words import dates
from ui.words.dates import short_when
from ui.words.labels import fill
from ui.words.retexts import told

HOUR_HEIGHT = 42
GRID_PAD = 10  # room above 00:00 and below 24:00 for the hour labels
MIN_BLOCK_PX = 18
BANNER_HEIGHT = 20
MAX_BANNER_ROWS = 3
MAX_PROBLEM_LINES = 3
DAY_LABEL_HEIGHT = 26
MORNING_HOUR = 7  # where the grid scrolls to when now is not in view
NOW_TICK_MS = 30_000
REFRESH_DELAY_MS = 80
TASK_COLOUR = "#d35400"
STEP_COLOUR = "#8e44ad"
NOW_COLOUR = "#e53935"
SOURCE_COLOURS = ("#2e86c1", "#27ae60", "#b9770e", "#16a085", "#7d3c98", "#c0392b", "#546e7a")
REFRESH_KINDS = frozenset({Kind.TASK_ADDED, Kind.TASK_CHANGED, Kind.TASK_DELETED,
                           Kind.PLAN_SAVED, Kind.STEP_CHANGED, Kind.CALENDAR_SYNCED,
                           Kind.DATABASE_REPLACED, Kind.SCHEDULE_CHANGED})


def source_colour(source_id: int) -> QColor:
    """The colour of a calendar source's events (stable per source)."""
    return QColor(SOURCE_COLOURS[source_id % len(SOURCE_COLOURS)])


def plain_tooltip(*lines: str) -> str:
    """Untrusted lines as a tooltip that Qt shows as text, never as markup."""
    text = "\n".join(html.escape(line) for line in lines if line)
    return f"<qt>{text.replace(chr(10), '<br>')}</qt>" if text else ""


def local_zone() -> tzinfo:
    """The user's zone (the grid is drawn in its wall-clock time)."""
    from app.dates.when import local_zone as zone

    return zone()


def qdate(day: date) -> QDate:
    """A Python date as a QDate (for QLocale's day and month names)."""
    return QDate(day.year, day.month, day.day)


def when_text(moment: datetime, zone: tzinfo) -> str:
    """A date and time in the zone, in the window's one format (``ui.words.dates``)."""
    return short_when(moment.astimezone(zone).replace(tzinfo=None))


def clock_text(moment: datetime | time) -> str:
    """A local time of day, 24-hour ("09:30")."""
    return dates.clock_text(moment)


def planned_tooltip(planned: Planned, zone: tzinfo) -> str:
    """A planned block's tooltip: the step, when, why, and what dragging does."""
    start, end = planned.start.astimezone(zone), planned.end.astimezone(zone)
    span = f"{clock_text(start)}–{clock_text(end)}"
    state = QCoreApplication.translate("AgendaGrid", "pinned") if planned.pinned else \
        QCoreApplication.translate("AgendaGrid", "planned")
    return plain_tooltip(planned.title, f"{span} ({state})",
                         fill(QCoreApplication.translate("AgendaGrid", "Task: %1"),
                              planned.task_title),
                         fill(QCoreApplication.translate("AgendaGrid", "Why: %1"),
                              told(dates.retell_core_whens(planned.why, planned.start))),
                         QCoreApplication.translate(
                             "AgendaGrid", "Drag to move it; drag its lower edge to change the "
                             "estimate."))


def plain_label(parent: QWidget, name: str) -> QLabel:
    """A word-wrapped label that shows its (untrusted) text as plain text."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # source names and errors are untrusted
    label.setWordWrap(True)
    return label


def arrow_button(parent: QWidget, arrow: Qt.ArrowType) -> QToolButton:
    """A tool button showing an arrow (previous / next)."""
    button = QToolButton(parent)
    button.setArrowType(arrow)
    button.setIconSize(QSize(18, 18))
    return button


def toggle_button(parent: QWidget, text: str) -> QToolButton:
    """A checkable tool button (day / week)."""
    button = QToolButton(parent)
    button.setText(text)
    button.setCheckable(True)
    return button


def range_text(first: date, days: int) -> str:
    """A day ("Tuesday 1 December 2026") or a range of days ("30 Nov – 6 Dec 2026")."""
    locale = QLocale()
    if days == 1:
        return locale.toString(qdate(first), QCoreApplication.translate(
            "CalendarPanel", "dddd d MMMM yyyy", "a QLocale date pattern"))
    last = first + timedelta(days=days - 1)
    start = locale.toString(qdate(first), QCoreApplication.translate(
        "CalendarPanel", "d MMM", "a QLocale date pattern"))
    end = locale.toString(qdate(last), QCoreApplication.translate(
        "CalendarPanel", "d MMM yyyy", "a QLocale date pattern"))
    return f"{start} – {end}"


WEEKDAY_OF = {"mon": 0, "sun": 6, "sat": 5}


def first_weekday() -> int:
    """The weekday (Monday 0) weeks start on: the setting ``calendar.week_start``, or as
    the interface language has it (one settings row: the panel keeps it, and reads it
    again when the settings or the language change)."""
    from app.config import settings

    chosen = str(settings.get("calendar.week_start"))
    if chosen in WEEKDAY_OF:
        return WEEKDAY_OF[chosen]
    return (QLocale().firstDayOfWeek().value - 1) % 7  # Qt: Monday is 1
