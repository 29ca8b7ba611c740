"""The day names and the all-day strip above the agenda grid, in the grid's columns."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import (
    QEvent,
    QLocale,
    QPointF,
    QRectF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QToolTip,
    QWidget,
)

from app.calendar.agenda import Agenda, Banner
from ui.calendar.common import (
    BANNER_HEIGHT,
    DAY_LABEL_HEIGHT,
    MAX_BANNER_ROWS,
    plain_tooltip,
    qdate,
    source_colour,
)
from ui.calendar.grid import AgendaGrid
from ui.words.labels import fill

OVER_COLOUR = "#c0392b"  # a day over the daily limit of planned work (as errors are told)


class AgendaHeader(QWidget):
    """The day names and all-day events above the grid, in the grid's columns."""

    def __init__(self, grid: AgendaGrid, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = grid
        grid.resized.connect(self.update)
        self.setFixedHeight(DAY_LABEL_HEIGHT + 4)
        self.planned: dict[int, int] = {}  # minutes of planned work, by column
        self.limit = 0  # calendar.day_limit_minutes (0: none)

    def set_load(self, by_day: dict[date, int], first: date, days: int, limit: int) -> None:
        """The planned minutes of each day (the ``days`` columns from ``first``) and the
        daily limit, shown beside the day."""
        self.planned = {(day - first).days: minutes for day, minutes in by_day.items()
                        if 0 <= (day - first).days < days}
        self.limit = limit
        self.update()

    def load_label(self, day: int) -> str:
        """A column's planned work: "2 h 15" in a week (narrow columns), "2 h 15 min
        planned" for one day; "" without blocks."""
        minutes = self.planned.get(day, 0)
        if not minutes:
            return ""
        hours, rest = divmod(minutes, 60)
        week = self.grid.agenda.days > 1
        if hours and rest:
            amount = fill(self.tr("%1 h %2") if week else self.tr("%1 h %2 min"), hours, rest)
        elif hours:
            amount = fill(self.tr("%1 h"), hours)
        else:
            amount = fill(self.tr("%1 min"), rest)
        return amount if week else fill(self.tr("%1 planned"), amount)

    def over(self, day: int) -> bool:
        """Whether the column holds more planned work than the daily limit."""
        return self.limit > 0 and self.planned.get(day, 0) > self.limit

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

    def fitted_label(self, day: int, metrics: QFontMetrics, width: int) -> str:
        """The column's heading in ``width``: "Mon 14 · 6 h"; in a narrow column (Chinese
        at 1024 px) "Mon · 6 h", the planned work kept before the date; failing that the
        day alone, elided (the tooltip and the colour still tell the load)."""
        load = self.load_label(day)
        label = self.day_label(day)
        if load:
            weekday = QLocale().toString(qdate(self.grid.agenda.day(day)), "ddd")
            for text in (f"{label} · {load}", f"{weekday} · {load}"):
                if metrics.horizontalAdvance(text) <= width:
                    return text
        return metrics.elidedText(label, Qt.TextElideMode.ElideRight, width)

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
            painter.setPen(QColor(OVER_COLOUR) if self.over(day)
                           else palette.color(QPalette.ColorRole.Highlight) if day == today
                           else palette.color(QPalette.ColorRole.WindowText))
            text = self.fitted_label(day, QFontMetrics(font), int(rect.width() - 4))
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
            if column.left() <= pos.x() < column.right() and self.planned.get(day):
                return plain_tooltip(self.load_tooltip(day))
        return ""

    def load_tooltip(self, day: int) -> str:
        """The day's planned work in words, and the limit when it is over it."""
        minutes = self.planned.get(day, 0)
        hours, rest = divmod(minutes, 60)
        text = fill(self.tr("%1 h %2 min of planned work"), hours, rest)
        if self.over(day):
            limit_hours, limit_rest = divmod(self.limit, 60)
            text += "\n" + fill(self.tr("More than your limit of %1 h %2 min a day "
                                         "(Settings → Planning)"), limit_hours, limit_rest)
        return text
