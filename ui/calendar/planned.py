"""Planned blocks on the calendar grid: drawn apart from events, moved and resized by drag.

The grid (``ui.calendar.grid.AgendaGrid``) owns one ``PlannedLayer``. Blocks are drawn
over the events with a hatched fill and a solid border in the step colour, so they never
read as a calendar's own (read-only) events; a pinned block carries a pin dot. Dragging
a block moves it by quarter hours and across days; dragging its lower edge changes its
length. On release the layer calls ``on_moved(planned, start)`` or
``on_resized(planned, end)``; the panel turns those into undoable commands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPalette, QPen

from app.schedule.views import Planned

BLOCK_COLOUR = "#8e44ad"
EDGE_PX = 6
SNAP_MINUTES = 15


class Grid(Protocol):
    """What the layer needs of the grid it draws on."""

    def column(self, day: int) -> QRectF: ...
    def y_of(self, minute: int) -> float: ...
    def palette(self) -> QPalette: ...
    def font(self) -> QFont: ...
    def update(self) -> None: ...


@dataclass
class Drag:
    planned: Planned
    mode: str  # "move" or "resize"
    origin: QPointF
    day: int
    start_minute: int
    end_minute: int


class PlannedLayer:
    """The planned blocks of the shown range, their drawing, and their dragging."""

    def __init__(self, grid: Grid, hour_height: float) -> None:
        self.grid = grid
        self.hour_height = hour_height
        self.blocks: list[Planned] = []
        self.drag: Drag | None = None
        self.day_of: Callable[[float], int | None] = lambda x: None
        self.on_moved: Callable[[Planned, datetime], None] = lambda p, s: None
        self.on_resized: Callable[[Planned, datetime], None] = lambda p, e: None
        self.on_clicked: Callable[[Planned], None] = lambda p: None  # pressed, not dragged
        self.first_midnight: Callable[[int], datetime] = lambda day: datetime.min

    def set_blocks(self, blocks: list[Planned]) -> None:
        self.blocks = blocks
        self.grid.update()

    def rect(self, day: int, start_minute: int, end_minute: int) -> QRectF:
        column = self.grid.column(day).adjusted(4, 0, -5, 0)
        top = self.grid.y_of(start_minute)
        return QRectF(column.left(), top, column.width(), max(self.grid.y_of(end_minute) - top,
                                                              14))

    def rect_of(self, planned: Planned) -> QRectF:
        return self.rect(planned.day, planned.start_minute, planned.end_minute)

    def at(self, pos: QPointF) -> tuple[Planned, str] | None:
        """The block under ``pos`` and what a drag there does: "move" or "resize"."""
        for planned in reversed(self.blocks):
            rect = self.rect_of(planned)
            if rect.contains(pos):
                return planned, "resize" if rect.bottom() - pos.y() <= EDGE_PX else "move"
        return None

    # --- painting --------------------------------------------------------------------------

    def paint(self, painter: QPainter) -> None:
        for planned in self.blocks:
            if self.drag is None or self.drag.planned.id != planned.id:
                self._paint_one(painter, planned, self.rect_of(planned), 1.0)
        if self.drag is not None:
            d = self.drag
            self._paint_one(painter, d.planned, self.rect(d.day, d.start_minute, d.end_minute),
                            0.7)

    def _paint_one(self, painter: QPainter, planned: Planned, rect: QRectF,
                   opacity: float) -> None:
        colour = QColor(BLOCK_COLOUR)
        painter.save()
        painter.setOpacity(opacity)
        base = QColor(self.grid.palette().color(QPalette.ColorRole.Base))
        painter.setPen(QPen(colour, 2))
        painter.setBrush(base)
        painter.drawRoundedRect(rect, 5, 5)
        hatch = QColor(colour)
        hatch.setAlpha(60)
        painter.setBrush(QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        painter.drawRoundedRect(rect, 5, 5)
        if planned.pinned:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(rect.right() - 7, rect.top() + 7), 3.5, 3.5)
        self._paint_text(painter, planned, rect.adjusted(6, 2, -12, -2))
        painter.restore()

    def _paint_text(self, painter: QPainter, planned: Planned, rect: QRectF) -> None:
        if rect.width() < 8:
            return
        painter.setClipRect(rect)
        painter.setPen(self.grid.palette().color(QPalette.ColorRole.Text))
        bold = QFont(self.grid.font())
        bold.setWeight(QFont.Weight.DemiBold)
        small = QFont(self.grid.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1))
        span = f"{_clock(planned.start_minute)}–{_clock(planned.end_minute)}"
        y = rect.top()
        for font, text in ((bold, planned.title), (small, span), (small, planned.task_title)):
            metrics = QFontMetrics(font)
            if y + metrics.height() > rect.bottom() + 2 and y > rect.top():
                break
            painter.setFont(font)
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
            painter.drawText(QPointF(rect.left(), y + metrics.ascent()), shown)
            y += metrics.height()

    # --- dragging --------------------------------------------------------------------------

    def press(self, pos: QPointF) -> bool:
        """Start dragging the block under ``pos``; True when there is one."""
        found = self.at(pos)
        if found is None:
            return False
        planned, mode = found
        self.drag = Drag(planned, mode, pos, planned.day, planned.start_minute,
                         planned.end_minute)
        return True

    def move(self, pos: QPointF) -> None:
        d = self.drag
        if d is None:
            return
        shift = _snap((pos.y() - d.origin.y()) * 60 / self.hour_height)
        p = d.planned
        if d.mode == "resize":
            d.end_minute = min(max(p.end_minute + shift, p.start_minute + SNAP_MINUTES), 24 * 60)
        else:
            length = p.end_minute - p.start_minute
            d.start_minute = min(max(p.start_minute + shift, 0), 24 * 60 - length)
            d.end_minute = d.start_minute + length
            day = self.day_of(pos.x())
            d.day = p.day if day is None else day
        self.grid.update()

    def release(self) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        p = d.planned
        midnight = self.first_midnight(d.day)
        if d.mode == "resize" and d.end_minute != p.end_minute:
            self.on_resized(p, _at(midnight, d.end_minute))
        elif d.mode == "move" and (d.day, d.start_minute) != (p.day, p.start_minute):
            self.on_moved(p, _at(midnight, d.start_minute))
        else:
            self.on_clicked(p)  # a click, not a drag: open its step
        self.grid.update()


def _snap(minutes: float) -> int:
    return int(round(minutes / SNAP_MINUTES)) * SNAP_MINUTES


def _clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _at(midnight: datetime, minute: int) -> datetime:
    """A local wall-clock time on the day of ``midnight`` (right across DST changes)."""
    day = midnight.date() + timedelta(days=minute // (24 * 60))
    rest = minute % (24 * 60)
    return datetime.combine(day, time(rest // 60, rest % 60), midnight.tzinfo)
