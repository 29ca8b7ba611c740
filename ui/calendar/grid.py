"""The agenda's time grid: hours down, one column per day; event blocks, due-time marks
and the now line. Event text is untrusted: drawn as plain text on one line, elided, and
tooltips escape it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import (
    QEvent,
    QLineF,
    QPointF,
    QRectF,
    Qt,
    Signal,
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
    QToolTip,
    QWidget,
)

from app.calendar import agenda
from app.calendar.agenda import Agenda, Block, DueMark
from models.tables import utc_now
from ui.calendar.common import (
    GRID_PAD,
    HOUR_HEIGHT,
    MIN_BLOCK_PX,
    NOW_COLOUR,
    STEP_COLOUR,
    TASK_COLOUR,
    clock_text,
    local_zone,
    plain_tooltip,
    planned_tooltip,
    source_colour,
)
from ui.calendar.planned import PlannedLayer
from ui.words.dates import day_text
from ui.words.labels import fill


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
        self.planned.on_clicked = lambda p: self.mark_clicked.emit(p.task_id, p.step_id)
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
        """An hour as the window writes a time of day ("09:00")."""
        return clock_text(time(hour, 0))

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
        is too narrow for both (the line already shows the time) or the due is a date
        (drawn at the end of its working day, the time it stands for)."""
        if self.is_day(mark):
            return mark.title
        text = f"{clock_text(mark.at)} {mark.title}"
        if room is not None and QFontMetrics(self.mark_font()).horizontalAdvance(text) > room:
            return mark.title
        return text

    def is_day(self, mark: DueMark) -> bool:
        """Whether ``mark`` is a task's all-day due."""
        return mark.kind == "task" and mark.all_day

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
        base = QColor(self.palette().color(QPalette.ColorRole.Base))  # opaque: no line
        spots = self.mark_spots()  # shows through a label, its own or a neighbour's
        for mark, _label in spots:  # every line first, then every label over them
            colour = QColor(TASK_COLOUR if mark.kind == "task" else STEP_COLOUR)
            column, y = self.column(mark.day), self.y_of(mark.minute)
            style = Qt.PenStyle.SolidLine if mark.kind == "task" else Qt.PenStyle.DashLine
            painter.setPen(QPen(colour, 2, style))
            painter.drawLine(QPointF(column.left() + 2, y), QPointF(column.right() - 2, y))
            self._paint_mark_symbol(painter, mark, QPointF(column.left() + 6, y), colour)
        for mark, label in spots:
            colour = QColor(TASK_COLOUR if mark.kind == "task" else STEP_COLOUR)
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
            if self.is_day(mark):
                return plain_tooltip(fill(self.tr("Task due %1, all day"),
                                          day_text(mark.at.date())), mark.title,
                                     self.tr("Click to select the task."))
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
