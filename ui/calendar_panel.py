"""The calendar panel: a read-only day or week agenda with task and step due times on it.

A dock with a toolbar (today, previous, next, day or week, sync now, sources) above a
time grid: hours down, days across. Timed events are blocks, all-day events sit in a
strip on top, task and step due times are lines with their titles drawn over the events,
and a red line marks now. The agenda of a range is read in a worker thread
(``app.calendar.agenda``) and drawn from that plain data; it is read again when tasks,
plans, steps or calendars change, here or in another process. A sync runs each source
in a worker thread with its own event loop; a source that fails keeps its last good
cache, and its error shows above the grid. The sources dialog adds and removes sources
with the functions the command line uses; a CalDAV password goes to the keyring
(``app.secrets``), never to the store. Event text is untrusted: it is drawn as plain
text on one line, elided, and tooltips escape it.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QDateTime,
    QEvent,
    QLineF,
    QLocale,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTime,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.calendar import agenda
from app.calendar.agenda import Agenda, Banner, Block, DueMark, SourceState
from app.errors import KnownError
from app.schedule import views as schedule_views
from app.schedule.views import Planned
from models import StoreError
from models.tables import utc_now
from ui.calendar import scheduling
from ui.calendar.planned import PlannedLayer
from ui.context import WindowContext
from ui.labels import fill
from ui.runner import in_thread

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
REFRESH_KINDS = frozenset({"task_added", "task_changed", "task_deleted", "plan_saved",
                           "step_changed", "calendar_synced", "database_replaced",
                           "schedule_changed"})


def source_colour(source_id: int) -> QColor:
    """The colour of a calendar source's events (stable per source)."""
    return QColor(SOURCE_COLOURS[source_id % len(SOURCE_COLOURS)])


def plain_tooltip(*lines: str) -> str:
    """Untrusted lines as a tooltip that Qt shows as text, never as markup."""
    text = "\n".join(html.escape(line) for line in lines if line)
    return f"<qt>{text.replace(chr(10), '<br>')}</qt>" if text else ""


def local_zone() -> tzinfo:
    """The user's zone (the grid is drawn in its wall-clock time)."""
    from app.dates import local_zone as zone

    return zone()


def qdate(day: date) -> QDate:
    """A Python date as a QDate (for QLocale's day and month names)."""
    return QDate(day.year, day.month, day.day)


def when_text(moment: datetime, zone: tzinfo) -> str:
    """A date and time in the zone, as the user's locale writes it briefly."""
    local = moment.astimezone(zone)
    shown = QDateTime(qdate(local.date()), QTime(local.hour, local.minute))
    return QLocale().toString(shown, QLocale.FormatType.ShortFormat)


def clock_text(moment: datetime) -> str:
    """A local time of day in the user's locale, short ("09:30" or "9:30 AM")."""
    return QLocale().toString(QTime(moment.hour, moment.minute), QLocale.FormatType.ShortFormat)


def planned_tooltip(planned: Planned, zone: tzinfo) -> str:
    """A planned block's tooltip: the step, when, why, and what dragging does."""
    start, end = planned.start.astimezone(zone), planned.end.astimezone(zone)
    span = f"{clock_text(start)}–{clock_text(end)}"
    state = QCoreApplication.translate("AgendaGrid", "pinned") if planned.pinned else \
        QCoreApplication.translate("AgendaGrid", "planned")
    return plain_tooltip(planned.title, f"{span} ({state})",
                         fill(QCoreApplication.translate("AgendaGrid", "Task: %1"),
                              planned.task_title),
                         fill(QCoreApplication.translate("AgendaGrid", "Why: %1"), planned.why),
                         QCoreApplication.translate(
                             "AgendaGrid", "Drag to move it; drag its lower edge to change the "
                             "estimate."))


# --- the time grid ---------------------------------------------------------------------------

class AgendaGrid(QWidget):
    """Hours down, one column per day: event blocks, due-time marks and the now line."""

    mark_clicked = Signal(int, str)  # task id, step id ("" for the task itself)
    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.agenda = Agenda(first_day=date.today(), days=7)
        self.zone = local_zone()
        self.clock: Callable[[], datetime] = utc_now
        self.planned = PlannedLayer(self, HOUR_HEIGHT)
        self.planned.day_of = self.day_at
        self.planned.first_midnight = self.midnight
        self.setMouseTracking(True)
        self.setMinimumHeight(24 * HOUR_HEIGHT + 2 * GRID_PAD)
        self.setMinimumWidth(240)

    def set_agenda(self, shown: Agenda) -> None:
        """Draw ``shown`` from now on."""
        self.agenda = shown
        self.update()

    # --- geometry ----------------------------------------------------------------------------

    def gutter(self) -> int:
        """The width of the hour labels on the left."""
        widest = max(self.fontMetrics().horizontalAdvance(self.hour_label(h)) for h in (0, 12, 23))
        return widest + 14

    def hour_label(self, hour: int) -> str:
        """An hour as the locale writes a time of day."""
        return QLocale().toString(QTime(hour, 0), QLocale.FormatType.ShortFormat)

    def column(self, day: int) -> QRectF:
        """The rectangle of a day's column, from 00:00 to 24:00."""
        left = self.gutter()
        width = max(1.0, (self.width() - left - 1) / max(1, self.agenda.days))
        return QRectF(left + day * width, GRID_PAD, width, 24 * HOUR_HEIGHT)

    def day_at(self, x: float) -> int | None:
        """The day column under ``x``, if any."""
        for day in range(self.agenda.days):
            column = self.column(day)
            if column.left() <= x < column.right():
                return day
        return None

    def midnight(self, day: int) -> datetime:
        """Local midnight of a shown day."""
        return datetime.combine(self.agenda.first_day + timedelta(days=day), time(0), self.zone)

    def y_of(self, minute: int) -> float:
        """The y of a time of day in minutes since midnight."""
        return GRID_PAD + minute * HOUR_HEIGHT / 60

    def block_rect(self, block: Block) -> QRectF:
        """Where an event's piece is drawn: its lane of its day's column."""
        column = self.column(block.day).adjusted(2, 0, -3, 0)
        lane_width = column.width() / block.lanes
        top = self.y_of(block.start)
        height = max(self.y_of(block.end) - top, MIN_BLOCK_PX)
        return QRectF(column.left() + block.lane * lane_width, top, lane_width - 1, height)

    def mark_spots(self) -> list[tuple[DueMark, QRectF]]:
        """Each due mark with the rectangle of its label; labels of one column never overlap."""
        metrics = QFontMetrics(self.mark_font())
        height = metrics.height() + 4
        bottoms: dict[int, float] = {}
        spots = []
        for mark in self.agenda.marks:
            column = self.column(mark.day)
            top = max(self.y_of(mark.minute) - height / 2, bottoms.get(mark.day, -height) + 1)
            text = self.mark_text(mark, column.width() - 26)
            width = min(metrics.horizontalAdvance(text) + 12, column.width() - 14)
            spots.append((mark, QRectF(column.left() + 11, top, max(width, 8), height)))
            bottoms[mark.day] = top + height
        return spots

    def mark_text(self, mark: DueMark, room: float | None = None) -> str:
        """A mark's label: its time and title, or the title alone when ``room`` (pixels)
        is too narrow for both (the line already shows the time)."""
        text = f"{clock_text(mark.at)} {mark.title}"
        if room is not None and QFontMetrics(self.mark_font()).horizontalAdvance(text) > room:
            return mark.title
        return text

    def mark_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        font.setWeight(QFont.Weight.DemiBold)
        return font

    def now_line(self) -> QLineF | None:
        """The now line across today's column, or None when today is not shown."""
        found = agenda.now_at(self.clock(), self.agenda.first_day, self.agenda.days, self.zone)
        if found is None:
            return None
        column, minute = found
        rect, y = self.column(column), self.y_of(minute)
        return QLineF(rect.left(), y, rect.right(), y)

    def today_column(self) -> int | None:
        """The column of today, if the range shows it."""
        found = agenda.now_at(self.clock(), self.agenda.first_day, self.agenda.days, self.zone)
        return None if found is None else found[0]

    def mark_at(self, pos: QPointF) -> DueMark | None:
        """The due mark whose label or line start is under ``pos``."""
        for mark, rect in reversed(self.mark_spots()):
            line_start = QRectF(self.column(mark.day).left(), self.y_of(mark.minute) - 5, 12, 10)
            if rect.contains(pos) or line_start.contains(pos):
                return mark
        return None

    def block_at(self, pos: QPointF) -> Block | None:
        """The event piece under ``pos``."""
        return next((b for b in reversed(self.agenda.blocks) if self.block_rect(b).contains(pos)),
                    None)

    # --- painting ----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_grid(painter)
        for block in self.agenda.blocks:
            self._paint_block(painter, block)
        self.planned.paint(painter)
        self._paint_marks(painter)
        self._paint_now(painter)
        painter.end()

    def _paint_grid(self, painter: QPainter) -> None:
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        today = self.today_column()
        for day in range(self.agenda.days):
            rect = self.column(day)
            if day == today:
                tint = QColor(palette.color(QPalette.ColorRole.Highlight))
                tint.setAlpha(22)
                painter.fillRect(rect, tint)
            elif self.agenda.day(day).weekday() >= 5:
                painter.fillRect(rect, palette.color(QPalette.ColorRole.AlternateBase))
        self._paint_hours(painter)

    def _paint_hours(self, painter: QPainter) -> None:
        palette = self.palette()
        line = QColor(palette.color(QPalette.ColorRole.Mid))
        line.setAlpha(110)
        half = QColor(line)
        half.setAlpha(45)
        left, right = self.gutter(), self.width() - 1
        metrics = self.fontMetrics()
        text_colour = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        for hour in range(25):
            y = self.y_of(hour * 60)
            painter.setPen(QPen(line, 1))
            painter.drawLine(QPointF(left - 4, y), QPointF(right, y))
            if hour < 24:
                painter.setPen(QPen(half, 1, Qt.PenStyle.DotLine))
                painter.drawLine(QPointF(left, y + HOUR_HEIGHT / 2),
                                 QPointF(right, y + HOUR_HEIGHT / 2))
                painter.setPen(text_colour)
                label = QRectF(0, y - metrics.height() / 2, left - 7, metrics.height())
                painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                                 self.hour_label(hour))
        painter.setPen(QPen(line, 1))
        for day in range(self.agenda.days + 1):
            x = left + day * self.column(0).width()
            painter.drawLine(QPointF(x, GRID_PAD), QPointF(x, self.y_of(24 * 60)))

    def _paint_block(self, painter: QPainter, block: Block) -> None:
        rect = self.block_rect(block)
        colour = source_colour(block.source_id)
        fill_colour = QColor(colour)
        fill_colour.setAlpha(70 if block.busy else 30)
        painter.setPen(QPen(colour, 1, Qt.PenStyle.SolidLine if block.busy else
                            Qt.PenStyle.DashLine))
        painter.setBrush(fill_colour)
        painter.drawRoundedRect(rect, 4, 4)
        painter.fillRect(QRectF(rect.left(), rect.top() + 1, 3, rect.height() - 2), colour)
        self._paint_block_text(painter, block, rect.adjusted(6, 2, -3, -2))

    def _paint_block_text(self, painter: QPainter, block: Block, rect: QRectF) -> None:
        if rect.width() < 8:
            return
        painter.save()
        painter.setClipRect(rect)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        bold = QFont(self.font())
        bold.setWeight(QFont.Weight.DemiBold)
        lines = [(bold, block.summary or self.tr("(no title)"))]
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1))
        lines += [(small, self.span_text(block)), (small, block.location)]
        y = rect.top()
        for font, text in lines:
            metrics = QFontMetrics(font)
            if not text or y + metrics.height() > rect.bottom() + 2 and y > rect.top():
                continue
            painter.setFont(font)
            elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
            painter.drawText(QPointF(rect.left(), y + metrics.ascent()), elided)
            y += metrics.height()
        painter.restore()

    def _paint_marks(self, painter: QPainter) -> None:
        font = self.mark_font()
        metrics = QFontMetrics(font)
        painter.setFont(font)
        base = QColor(self.palette().color(QPalette.ColorRole.Base))
        base.setAlpha(235)
        for mark, label in self.mark_spots():
            colour = QColor(TASK_COLOUR if mark.kind == "task" else STEP_COLOUR)
            column, y = self.column(mark.day), self.y_of(mark.minute)
            style = Qt.PenStyle.SolidLine if mark.kind == "task" else Qt.PenStyle.DashLine
            painter.setPen(QPen(colour, 2, style))
            painter.drawLine(QPointF(column.left() + 2, y), QPointF(column.right() - 2, y))
            self._paint_mark_symbol(painter, mark, QPointF(column.left() + 6, y), colour)
            painter.setPen(QPen(colour, 1))
            painter.setBrush(base)
            painter.drawRoundedRect(label, 4, 4)
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            room = label.width() - 10
            text = metrics.elidedText(self.mark_text(mark, room), Qt.TextElideMode.ElideRight,
                                      int(room))
            painter.drawText(label.adjusted(5, 0, -5, 0), Qt.AlignmentFlag.AlignVCenter, text)

    def _paint_mark_symbol(self, painter: QPainter, mark: DueMark, at: QPointF,
                           colour: QColor) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        if mark.kind == "task":  # a diamond
            points = [at + QPointF(0, -5), at + QPointF(5, 0), at + QPointF(0, 5),
                      at + QPointF(-5, 0)]
            painter.drawPolygon(points)
        else:
            painter.drawEllipse(at, 4, 4)

    def _paint_now(self, painter: QPainter) -> None:
        line = self.now_line()
        if line is None:
            return
        colour = QColor(NOW_COLOUR)
        painter.setPen(QPen(colour, 2))
        painter.drawLine(line)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(line.p1(), 4.5, 4.5)

    # --- input -------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        mark = self.mark_at(event.position())
        if mark is not None and event.button() == Qt.MouseButton.LeftButton:
            self.mark_clicked.emit(mark.task_id, mark.step_id)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self.planned.press(event.position()):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if self.planned.drag is not None:
            self.planned.move(event.position())
            event.accept()
            return
        self.setCursor(self.cursor_at(event.position()))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if self.planned.drag is not None:
            self.planned.release()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def cursor_at(self, pos: QPointF) -> Qt.CursorShape:
        if self.mark_at(pos) is not None:
            return Qt.CursorShape.PointingHandCursor
        found = self.planned.at(pos)
        if found is None:
            return Qt.CursorShape.ArrowCursor
        return Qt.CursorShape.SizeVerCursor if found[1] == "resize" else \
            Qt.CursorShape.OpenHandCursor

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_at(self, pos: QPointF) -> str:
        """The tooltip of the mark or event under ``pos`` (plain text, escaped)."""
        mark = self.mark_at(pos)
        if mark is not None:
            if mark.kind == "task":
                return plain_tooltip(fill(self.tr("Task due at %1"), clock_text(mark.at)),
                                     mark.title, self.tr("Click to select the task."))
            return plain_tooltip(fill(self.tr("Step due at %1"), clock_text(mark.at)), mark.title,
                                 fill(self.tr("Task: %1"), mark.task_title),
                                 self.tr("Click to select the step."))
        planned = self.planned.at(pos)
        if planned is not None:
            return planned_tooltip(planned[0], self.zone)
        block = self.block_at(pos)
        if block is None:
            return ""
        free = "" if block.busy else self.tr("(free)")
        return plain_tooltip(block.summary, f"{self.span_text(block)} {free}".strip(),
                             block.location,
                             fill(self.tr("Calendar: %1"), block.source))

    def span_text(self, block: Block) -> str:
        """An event's start and end times, "09:00–10:30"."""
        return f"{clock_text(block.starts_at)}–{clock_text(block.ends_at)}"

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.resized.emit()


# --- the day names and the all-day strip -----------------------------------------------------

class AgendaHeader(QWidget):
    """The day names and all-day events above the grid, in the grid's columns."""

    def __init__(self, grid: AgendaGrid, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = grid
        grid.resized.connect(self.update)
        self.setFixedHeight(DAY_LABEL_HEIGHT + 4)

    def set_agenda(self, shown: Agenda) -> None:
        """Take the height the all-day rows need, and draw ``shown``."""
        rows = min(self.rows(shown), MAX_BANNER_ROWS)
        self.setFixedHeight(DAY_LABEL_HEIGHT + rows * BANNER_HEIGHT + 4)
        self.update()

    @staticmethod
    def rows(shown: Agenda) -> int:
        return 1 + max((b.row for b in shown.banners), default=-1)

    def overflowing(self) -> bool:
        """True when some all-day events do not fit in the strip (a "+N" shows instead)."""
        return self.rows(self.grid.agenda) > MAX_BANNER_ROWS

    def banner_rect(self, banner: Banner) -> QRectF | None:
        """Where an all-day event is drawn, or None when it is counted in a "+N" instead."""
        last_row = MAX_BANNER_ROWS - 1 if self.overflowing() else MAX_BANNER_ROWS
        if banner.row >= last_row:
            return None
        first, last = self.grid.column(banner.first), self.grid.column(banner.last)
        top = DAY_LABEL_HEIGHT + banner.row * BANNER_HEIGHT
        return QRectF(first.left() + 2, top + 1, last.right() - first.left() - 5,
                      BANNER_HEIGHT - 3)

    def hidden_in(self, day: int) -> list[Banner]:
        """The all-day events of a column that the "+N" of the last row stands for."""
        if not self.overflowing():
            return []
        return [b for b in self.grid.agenda.banners
                if b.row >= MAX_BANNER_ROWS - 1 and b.first <= day <= b.last]

    def day_label(self, day: int) -> str:
        """A column's day: "Mon 14" in a week, "Monday 14 December" alone."""
        if self.grid.agenda.days > 1:
            pattern = self.tr("ddd d", "a QLocale date pattern")
        else:
            pattern = self.tr("dddd d MMMM", "a QLocale date pattern")
        return QLocale().toString(qdate(self.grid.agenda.day(day)), pattern)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        self._paint_days(painter)
        for banner in self.grid.agenda.banners:
            rect = self.banner_rect(banner)
            if rect is not None:
                self._paint_banner(painter, banner, rect)
        self._paint_overflow(painter)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.drawLine(0, self.height() - 1, self.width(), self.height() - 1)
        painter.end()

    def _paint_days(self, painter: QPainter) -> None:
        palette = self.palette()
        today = self.grid.today_column()
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1))
        painter.setFont(small)
        painter.setPen(palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if self.grid.agenda.banners:
            painter.drawText(QRectF(0, DAY_LABEL_HEIGHT, self.grid.gutter() - 6, BANNER_HEIGHT),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             self.tr("all day"))
        for day in range(self.grid.agenda.days):
            column = self.grid.column(day)
            rect = QRectF(column.left(), 0, column.width(), DAY_LABEL_HEIGHT)
            font = QFont(self.font())
            font.setWeight(QFont.Weight.Bold if day == today else QFont.Weight.Normal)
            painter.setFont(font)
            painter.setPen(palette.color(QPalette.ColorRole.Highlight) if day == today
                           else palette.color(QPalette.ColorRole.WindowText))
            text = QFontMetrics(font).elidedText(self.day_label(day), Qt.TextElideMode.ElideRight,
                                                 int(rect.width() - 4))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_banner(self, painter: QPainter, banner: Banner, rect: QRectF) -> None:
        colour = source_colour(banner.source_id)
        fill_colour = QColor(colour)
        fill_colour.setAlpha(90 if banner.busy else 45)
        painter.setPen(QPen(colour, 1))
        painter.setBrush(fill_colour)
        painter.drawRoundedRect(rect, 3, 3)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        painter.setFont(self.font())
        inner = rect.adjusted(5, 0, -4, 0)
        text = self.fontMetrics().elidedText(banner.summary or self.tr("(no title)"),
                                             Qt.TextElideMode.ElideRight, int(inner.width()))
        painter.drawText(inner, Qt.AlignmentFlag.AlignVCenter, text)

    def _paint_overflow(self, painter: QPainter) -> None:
        top = DAY_LABEL_HEIGHT + (MAX_BANNER_ROWS - 1) * BANNER_HEIGHT
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        for day in range(self.grid.agenda.days):
            hidden = self.hidden_in(day)
            if hidden:
                column = self.grid.column(day)
                painter.drawText(QRectF(column.left() + 4, top, column.width() - 8, BANNER_HEIGHT),
                                 Qt.AlignmentFlag.AlignVCenter,
                                 fill(self.tr("+%1 more"), len(hidden)))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def tooltip_at(self, pos: QPointF) -> str:
        """The all-day events under ``pos``, as an escaped tooltip."""
        for banner in self.grid.agenda.banners:
            rect = self.banner_rect(banner)
            if rect is not None and rect.contains(pos):
                return plain_tooltip(banner.summary, fill(self.tr("Calendar: %1"), banner.source))
        for day in range(self.grid.agenda.days):
            column = self.grid.column(day)
            if column.left() <= pos.x() < column.right() and pos.y() >= DAY_LABEL_HEIGHT:
                return plain_tooltip(*(b.summary for b in self.hidden_in(day)))
        return ""


# --- the sources dialog ----------------------------------------------------------------------

class CaldavForm(QDialog):
    """Asks for a CalDAV account: address, user name, password and an optional name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a CalDAV account"))
        self.url = QLineEdit(self)
        self.url.setPlaceholderText("https://cloud.example.com/remote.php/dav")  # an address
        self.user = QLineEdit(self)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText(self.tr("optional"))
        form = QFormLayout(self)
        form.addRow(self.tr("Server address"), self.url)
        form.addRow(self.tr("User name"), self.user)
        form.addRow(self.tr("Password"), self.password)
        form.addRow(self.tr("Name"), self.name)
        note = QLabel(self.tr("The password is kept in the system keyring, never in the "
                              "Stepwise database."), self)
        note.setWordWrap(True)
        form.addRow(note)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        for field in (self.url, self.user, self.password):
            field.textChanged.connect(self._on_field_text_changed)
        self._on_field_text_changed()

    @Slot()
    def _on_field_text_changed(self) -> None:
        ready = all(f.text().strip() for f in (self.url, self.user)) and bool(self.password.text())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(ready)


class SourcesDialog(QDialog):
    """The calendar sources: name, kind, last sync and last error; add and remove them."""

    sources_listed = Signal()
    job_finished = Signal(bool, str)  # worked, the message shown
    sources_changed = Signal()

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.states: list[SourceState] = []
        self.busy = False
        self.setWindowTitle(self.tr("Calendar sources"))
        self.resize(720, 360)
        layout = QVBoxLayout(self)
        layout.addWidget(self._build_table())
        layout.addLayout(self._build_buttons())
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # errors quote untrusted text
        self.message.setWordWrap(True)
        self.message.setObjectName("sourcesMessage")
        layout.addWidget(self.message)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.reload()

    def _build_table(self) -> QTableWidget:
        self.table = QTableWidget(0, 5, self)
        self.table.setHorizontalHeaderLabels([
            self.tr("Name"), self.tr("Kind"), self.tr("Events"), self.tr("Last synced"),
            self.tr("Last error")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        return self.table

    def _build_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.add_file_button = QPushButton(self.tr("Add ICS file…"), self)
        self.add_url_button = QPushButton(self.tr("Add ICS URL…"), self)
        self.add_caldav_button = QPushButton(self.tr("Add CalDAV…"), self)
        self.remove_button = QPushButton(self.tr("Remove"), self)
        self.add_file_button.clicked.connect(self._on_add_file_button_clicked)
        self.add_url_button.clicked.connect(self._on_add_url_button_clicked)
        self.add_caldav_button.clicked.connect(self._on_add_caldav_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        for button in (self.add_file_button, self.add_url_button, self.add_caldav_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.remove_button)
        self.remove_button.setEnabled(False)
        return row

    # --- the list ----------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the sources again (in a worker)."""
        self.ctx.runner.start(in_thread(agenda.source_states), self.tr("Reading calendars"),
                              self._on_states_read)

    def _on_states_read(self, states: list[SourceState]) -> None:
        if not isValid(self):
            return
        self.states = states
        self.table.setRowCount(len(states))
        for row, state in enumerate(states):
            self._fill_row(row, state)
        self._on_table_item_selection_changed()
        self.sources_listed.emit()

    def _fill_row(self, row: int, state: SourceState) -> None:
        synced = (when_text(state.last_synced_at, local_zone()) if state.last_synced_at
                  else self.tr("never"))
        cells = [agenda.one_line(state.name), self.kind_name(state.kind), str(state.events),
                 synced, agenda.one_line(state.last_error or "")]
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(plain_tooltip(state.location if column == 0 else
                                          (state.last_error or "") if column == 4 else ""))
            if column == 4:
                item.setForeground(QColor(NOW_COLOUR))
            self.table.setItem(row, column, item)

    def kind_name(self, kind: str) -> str:
        """A source kind for people."""
        names = {"ics_file": self.tr("ICS file"), "ics_url": self.tr("ICS URL"),
                 "caldav": self.tr("CalDAV")}
        return names.get(kind, kind)

    def selected(self) -> SourceState | None:
        """The source of the selected row."""
        rows = self.table.selectionModel().selectedRows()
        return self.states[rows[0].row()] if rows and rows[0].row() < len(self.states) else None

    @Slot()
    def _on_table_item_selection_changed(self) -> None:
        self.remove_button.setEnabled(not self.busy and self.selected() is not None)

    # --- the buttons -------------------------------------------------------------------------

    @Slot()
    def _on_add_file_button_clicked(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Add a calendar file"), "",
            self.tr("iCalendar files (*.ics);;All files (*)"))
        if path:
            self.add_ics(path)

    @Slot()
    def _on_add_url_button_clicked(self) -> None:
        url, ok = QInputDialog.getText(self, self.tr("Add a calendar address"),
                                       self.tr("The address of an .ics calendar (https:// or "
                                               "webcal://):"))
        if ok and url.strip():
            self.add_ics(url.strip())

    @Slot()
    def _on_add_caldav_button_clicked(self) -> None:
        form = CaldavForm(self)
        if form.exec():
            self.add_caldav(form.url.text().strip(), form.user.text().strip(),
                            form.password.text(), form.name.text().strip() or None)
        form.password.clear()

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        state = self.selected()
        if state is None:
            return
        answer = QMessageBox.question(self, self.tr("Remove a calendar"), fill(
            self.tr("Remove %1 and its cached events? The calendar itself is not changed."),
            agenda.one_line(state.name)))
        if answer == QMessageBox.StandardButton.Yes:
            self.remove_source(state.id)

    # --- the jobs ----------------------------------------------------------------------------

    def add_ics(self, location: str) -> None:
        """Add an ``.ics`` file or URL and sync it (in a worker); kept only if it reads."""
        self._start(self._add_ics(location), self.tr("Adding a calendar"))

    def add_caldav(self, url: str, user: str, password: str, name: str | None = None) -> None:
        """Add a CalDAV account's calendars; the password goes to the keyring."""
        self._start(self._add_caldav(url, user, password, name),
                    self.tr("Adding a CalDAV account"))

    def remove_source(self, source_id: int) -> None:
        """Forget a source and its cached events."""
        self._start(self._remove(source_id), self.tr("Removing a calendar"))

    async def _add_ics(self, location: str) -> str:
        from app.calendar import sources

        added = await in_thread(sources.add_ics_blocking, location)
        return self._added_text(added)

    async def _add_caldav(self, url: str, user: str, password: str, name: str | None) -> str:
        from app.calendar import sources

        added = await in_thread(sources.add_caldav_blocking, url, user, password, name)
        return self._added_text(added)

    async def _remove(self, source_id: int) -> str:
        from app.calendar import cache

        await in_thread(cache.remove_source, source_id)
        return self.tr("The calendar was removed.")

    def _added_text(self, added: Any) -> str:
        names = ", ".join(agenda.one_line(s.name) for s in added.sources)
        text = fill(self.tr("Added %1 (%2 events)."), names, sum(r.events for r in added.results))
        if added.password_kept == "session":
            text += " " + self.tr("There is no keyring on this system, so the password is kept "
                                  "only until Stepwise quits.")
        return text

    def _start(self, job: Coroutine[Any, Any, str], what: str) -> None:
        self._set_busy(True)
        self.message.setStyleSheet("")
        self.message.setText(what + "…")
        self.ctx.runner.start(self._finish(job), what)

    async def _finish(self, job: Coroutine[Any, Any, str]) -> None:
        try:
            text, worked = await job, True
        except (KnownError, StoreError) as exc:
            text, worked = str(exc), False
        if not isValid(self):
            return
        self._set_busy(False)
        self.message.setStyleSheet("" if worked else f"color: {NOW_COLOUR};")
        self.message.setText(text)
        self.reload()
        if worked:
            self.sources_changed.emit()
        self.job_finished.emit(worked, text)

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        for button in (self.add_file_button, self.add_url_button, self.add_caldav_button):
            button.setEnabled(not busy)
        self._on_table_item_selection_changed()


# --- the panel -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SyncOutcome:
    """One source's sync as the panel reports it."""

    name: str
    events: int
    error: str | None


class CalendarPanel(QDockWidget):
    """The calendar dock: a day or week agenda, its toolbar, sync state and source errors."""

    agenda_loaded = Signal()
    sync_finished = Signal(int, int)  # sources synced, sources failed

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calendarPanel")
        self.setWindowTitle(self.tr("Calendar"))
        self.ctx = ctx
        self.mode = "week"
        self.zone = local_zone()
        self.loading = False
        self.syncing = False
        self.sources_dialog: SourcesDialog | None = None
        self._stale = False
        self._scroll_pending = True
        self._has_sources = True
        self._sync_text = ""
        self.setWidget(self._build())
        self.anchor = self.today()
        self._start_timers()
        ctx.bridge.changed.connect(self._on_bridge_changed)
        ctx.bridge.external_change.connect(self._on_bridge_external_change)
        self.grid.mark_clicked.connect(self._on_grid_mark_clicked)
        self.keeper = scheduling.Keeper(ctx, self)
        self.grid.planned.on_moved = self._on_planned_moved
        self.grid.planned.on_resized = self._on_planned_resized
        self.reload()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """A language switch re-makes the toolbar's texts and redraws the dates."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "sources_button"):
            self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Calendar"))
        for button, text in ((self.today_button, self.tr("Today")),
                             (self.day_button, self.tr("Day")),
                             (self.week_button, self.tr("Week")),
                             (self.sync_button, self.tr("Sync now")),
                             (self.schedule_button, self.tr("Schedule")),
                             (self.sources_button, self.tr("Sources…"))):
            button.setText(text)
        self.schedule_button.setToolTip(self.tr("Place the steps that have estimates into "
                                                "free working time"))
        self._update_toolbar()
        self.header.updateGeometry()
        self.header.update()
        self.grid.update()

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> QWidget:
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(4)
        column.addLayout(self._build_toolbar(body))
        column.addLayout(self._build_status(body))
        self.problems = self._plain_label(body, "calendarProblems")
        self.problems.setStyleSheet(f"color: {NOW_COLOUR};")
        self.problems.hide()
        column.addWidget(self.problems)
        self.grid = AgendaGrid(body)
        self.grid.zone = self.zone
        self.header = AgendaHeader(self.grid, body)
        self.scroller = QScrollArea(body)
        self.scroller.setWidget(self.grid)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_changed)
        column.addWidget(self.header)
        column.addWidget(self.scroller, 1)
        return body

    def _build_toolbar(self, parent: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.today_button = QPushButton(self.tr("Today"), parent)
        self.previous_button = self._arrow(parent, Qt.ArrowType.LeftArrow)
        self.next_button = self._arrow(parent, Qt.ArrowType.RightArrow)
        self.range_label = QLabel(parent)
        self.range_label.setObjectName("calendarRange")
        self.day_button = self._toggle(parent, self.tr("Day"))
        self.week_button = self._toggle(parent, self.tr("Week"))
        self.week_button.setChecked(True)
        self.modes = QButtonGroup(parent)
        self.modes.addButton(self.day_button)
        self.modes.addButton(self.week_button)
        self.sync_button = QPushButton(self.tr("Sync now"), parent)
        self.schedule_button = QPushButton(self.tr("Schedule"), parent)
        self.schedule_button.setToolTip(self.tr("Place the steps that have estimates into "
                                                "free working time"))
        self.schedule_button.clicked.connect(self._on_schedule_button_clicked)
        self.sources_button = QPushButton(self.tr("Sources…"), parent)
        self.today_button.clicked.connect(self._on_today_button_clicked)
        self.previous_button.clicked.connect(self._on_previous_button_clicked)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.modes.buttonToggled.connect(self._on_modes_button_toggled)
        self.sync_button.clicked.connect(self._on_sync_button_clicked)
        self.sources_button.clicked.connect(self._on_sources_button_clicked)
        for widget in (self.today_button, self.previous_button, self.next_button):
            row.addWidget(widget)
        row.addWidget(self.range_label, 1)
        for widget in (self.day_button, self.week_button, self.schedule_button,
                       self.sync_button, self.sources_button):
            row.addWidget(widget)
        return row

    def _build_status(self, parent: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.notice = self._plain_label(parent, "calendarNotice")
        self.progress = QProgressBar(parent)
        self.progress.setMaximumWidth(160)
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.notice.hide()
        row.addWidget(self.notice, 1)
        row.addWidget(self.progress)
        return row

    @staticmethod
    def _plain_label(parent: QWidget, name: str) -> QLabel:
        label = QLabel(parent)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)  # source names and errors are untrusted
        label.setWordWrap(True)
        return label

    @staticmethod
    def _arrow(parent: QWidget, arrow: Qt.ArrowType) -> QToolButton:
        button = QToolButton(parent)
        button.setArrowType(arrow)
        button.setIconSize(QSize(18, 18))
        return button

    @staticmethod
    def _toggle(parent: QWidget, text: str) -> QToolButton:
        button = QToolButton(parent)
        button.setText(text)
        button.setCheckable(True)
        return button

    def _start_timers(self) -> None:
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(self.reload)
        self._now_timer = QTimer(self)
        self._now_timer.setInterval(NOW_TICK_MS)
        self._now_timer.timeout.connect(self._on_now_timer_timeout)
        self._now_timer.start()

    # --- the range ---------------------------------------------------------------------------

    def today(self) -> date:
        """Today in the local zone (by the grid's clock)."""
        return self.grid.clock().astimezone(self.zone).date()

    def span(self) -> tuple[date, int]:
        """The first day and the number of days the panel shows."""
        first_weekday = (QLocale().firstDayOfWeek().value - 1) % 7  # Qt: Monday is 1
        return agenda.span(self.anchor, self.mode, first_weekday)

    def go_to(self, day: date) -> None:
        """Show the day or week holding ``day``."""
        self.anchor = day
        self.reload()

    def set_mode(self, mode: str) -> None:
        """Show one day ("day") or a week ("week")."""
        if mode not in agenda.MODES:
            raise ValueError(f"unknown calendar view {mode!r}")
        self.mode = mode
        (self.day_button if mode == "day" else self.week_button).setChecked(True)
        self.reload()

    def range_text(self) -> str:
        """The range as the toolbar shows it."""
        first, days = self.span()
        locale = QLocale()
        if days == 1:
            return locale.toString(qdate(first), self.tr("dddd d MMMM yyyy",
                                                         "a QLocale date pattern"))
        last = first + timedelta(days=days - 1)
        start = locale.toString(qdate(first), self.tr("d MMM", "a QLocale date pattern"))
        end = locale.toString(qdate(last), self.tr("d MMM yyyy", "a QLocale date pattern"))
        return f"{start} – {end}"

    @Slot()
    def _on_today_button_clicked(self) -> None:
        self._scroll_pending = True
        self.go_to(self.today())

    @Slot()
    def _on_previous_button_clicked(self) -> None:
        self.go_to(agenda.moved(self.anchor, self.mode, -1))

    @Slot()
    def _on_next_button_clicked(self) -> None:
        self.go_to(agenda.moved(self.anchor, self.mode, 1))

    @Slot(QToolButton, bool)
    def _on_modes_button_toggled(self, button: QToolButton, checked: bool) -> None:
        mode = "day" if button is self.day_button else "week"
        if checked and mode != self.mode:
            self.set_mode(mode)

    def _update_toolbar(self) -> None:
        self.range_label.setText(self.range_text())
        day = self.mode == "day"
        self.previous_button.setToolTip(self.tr("Previous day") if day else
                                        self.tr("Previous week"))
        self.next_button.setToolTip(self.tr("Next day") if day else self.tr("Next week"))

    # --- reading -----------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the shown range again (in a worker); a reload asked for meanwhile follows."""
        self._update_toolbar()
        if self.loading:
            self._stale = True
            return
        self.loading = True
        first, days = self.span()
        self.ctx.runner.start(self._load(first, days), self.tr("Reading the calendar"))

    async def _load(self, first: date, days: int) -> None:
        try:
            found = await in_thread(agenda.read_agenda, first, days, self.zone)
            planned = await in_thread(schedule_views.planned_between, first, days, self.zone)
        finally:
            if isValid(self):
                self.loading = False
        if not isValid(self):
            return
        if self._stale or (first, days) != self.span():
            self._stale = False
            self.reload()
            return
        self.grid.planned.set_blocks(planned)
        self._show(found)

    def _show(self, found: Agenda) -> None:
        self.grid.set_agenda(found)
        self.header.set_agenda(found)
        self._show_problems(found)
        self._has_sources = bool(found.sources)
        self._show_notice()
        self._scroll_to_morning()
        self.agenda_loaded.emit()

    def _show_notice(self) -> None:
        """The sync's progress or result; without sources, how to add one."""
        text = self._sync_text
        if not text and not self._has_sources:
            text = self.tr("No calendars yet: add one with Sources…")
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _show_problems(self, found: Agenda) -> None:
        """One line per failing source (at most MAX_PROBLEM_LINES; all in the tooltip)."""
        lines = [self._problem_text(s) for s in found.failing]
        shown = lines if len(lines) <= MAX_PROBLEM_LINES else [
            *lines[:MAX_PROBLEM_LINES - 1],
            fill(self.tr("…and %1 more; Sources… lists them."), len(lines) - MAX_PROBLEM_LINES + 1)]
        self.problems.setText("\n".join(shown))
        self.problems.setToolTip(plain_tooltip(*lines))
        self.problems.setVisible(bool(lines))

    def _problem_text(self, state: SourceState) -> str:
        if state.last_synced_at is None:
            kept = self.tr("never synced before")
        else:
            kept = fill(self.tr("showing its events from %1"),
                        when_text(state.last_synced_at, self.zone))
        return fill(self.tr("%1 could not be synced (%2): %3"), agenda.one_line(state.name), kept,
                    agenda.one_line(state.last_error or ""))

    def _scroll_to_morning(self) -> None:
        """Scroll to two hours before now when today is shown, else to the morning; once the
        grid has its size (the scroll range is empty before)."""
        bar = self.scroller.verticalScrollBar()
        if not self._scroll_pending or bar.maximum() == 0:
            return
        self._scroll_pending = False
        line = self.grid.now_line()
        now_hour = None if line is None else int(line.y1() - GRID_PAD) // HOUR_HEIGHT
        hour = MORNING_HOUR if now_hour is None else max(0, now_hour - 2)
        bar.setValue(int(self.grid.y_of(hour * 60)) - GRID_PAD)

    @Slot(int, int)
    def _on_scroll_range_changed(self, low: int, high: int) -> None:
        self._scroll_to_morning()

    @Slot(str, int, str)
    def _on_bridge_changed(self, kind: str, task_id: int, detail: str) -> None:
        if kind in REFRESH_KINDS:
            self._refresh_timer.start()

    @Slot()
    def _on_bridge_external_change(self) -> None:
        self._refresh_timer.start()

    @Slot()
    def _on_now_timer_timeout(self) -> None:
        self.grid.update()
        self.header.update()

    @Slot()
    def _on_schedule_button_clicked(self) -> None:
        scheduling.schedule_now(self.ctx)

    def _on_planned_moved(self, planned: Planned, start: datetime) -> None:
        self.ctx.undo.push(scheduling.MoveBlock(self.ctx, planned, start))

    def _on_planned_resized(self, planned: Planned, end: datetime) -> None:
        self.ctx.undo.push(scheduling.ResizeBlock(self.ctx, planned, end, planned.estimate))

    @Slot(int, str)
    def _on_grid_mark_clicked(self, task_id: int, step_id: str) -> None:
        self.ctx.selection.select_task(task_id)
        if step_id:
            self.ctx.selection.select_step(step_id)

    # --- syncing -----------------------------------------------------------------------------

    def sync_now(self) -> None:
        """Fetch every enabled source again (each in a worker), showing progress."""
        if self.syncing:
            return
        self.syncing = True
        self.sync_button.setEnabled(False)
        self._sync_text = self.tr("Syncing calendars…")
        self._show_notice()
        self.ctx.runner.start(self._sync_all(), self.tr("Syncing calendars"))

    async def _sync_all(self) -> None:
        try:
            ids = await in_thread(agenda.enabled_source_ids)
            self.progress.setRange(0, max(1, len(ids)))
            self.progress.setValue(0)
            self.progress.setVisible(bool(ids))
            outcomes = await asyncio.gather(*(self._sync_one(i) for i in ids))
        finally:
            if isValid(self):
                self.syncing = False
                self.sync_button.setEnabled(True)
                self.progress.hide()
        if isValid(self):
            self._show_sync_result(outcomes)

    async def _sync_one(self, source_id: int) -> SyncOutcome:
        from app.calendar.sync import sync_source_blocking

        try:
            result = await in_thread(sync_source_blocking, source_id, force=True)
            outcome = SyncOutcome(result.name, result.events, result.error)
        except (KnownError, StoreError) as exc:
            outcome = SyncOutcome(str(source_id), 0, str(exc))
        if isValid(self):
            self.progress.setValue(self.progress.value() + 1)
        return outcome

    def _show_sync_result(self, outcomes: list[SyncOutcome]) -> None:
        failed = sum(1 for o in outcomes if o.error)
        at = clock_text(utc_now().astimezone(self.zone))
        if not outcomes:
            text = self.tr("No calendars to sync: add one with Sources…")
        elif not failed:
            text = fill(self.tr("Synced %1 calendars at %2 (%3 events)."), len(outcomes), at,
                        sum(o.events for o in outcomes))
        else:
            text = fill(self.tr("Synced %1 of %2 calendars at %3; the others keep their last "
                                "good events."), len(outcomes) - failed, len(outcomes), at)
        self._sync_text = text
        self._show_notice()
        self.reload()
        self.sync_finished.emit(len(outcomes) - failed, failed)

    @Slot()
    def _on_sync_button_clicked(self) -> None:
        self.sync_now()

    # --- sources -----------------------------------------------------------------------------

    def open_sources(self) -> SourcesDialog:
        """Show the sources dialog (not blocking); the agenda follows its changes."""
        if self.sources_dialog is None or not isValid(self.sources_dialog):
            self.sources_dialog = SourcesDialog(self.ctx, self)
            self.sources_dialog.sources_changed.connect(self._on_sources_dialog_sources_changed)
        self.sources_dialog.open()
        return self.sources_dialog

    @Slot()
    def _on_sources_button_clicked(self) -> None:
        self.open_sources()

    @Slot()
    def _on_sources_dialog_sources_changed(self) -> None:
        self.reload()
