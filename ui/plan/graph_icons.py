"""The icons of the plan graph's toolbar: the desktop theme's where it has them, else
small ones drawn here in the palette's ink (offscreen and in dark mode too)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QApplication


def toolbar_icon(kind: str) -> QIcon:
    """A theme icon where the desktop has one, else a small drawn one (offscreen too)."""
    themed = {"zoom_in": "zoom-in", "zoom_out": "zoom-out", "fit": "zoom-fit-best",
              "add": "list-add", "delete": "edit-delete", "collapse": "go-up",
              "expand": "go-down"}
    app = QApplication.instance()
    dark = bool(app is not None and app.property("stepwise_dark"))
    icon = QIcon() if dark else QIcon.fromTheme(themed[kind])  # ours recolour for dark
    return icon if not icon.isNull() else _drawn_icon(kind)


def _drawn_icon(kind: str) -> QIcon:
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    ink = QApplication.palette().color(QPalette.ColorRole.ButtonText)  # dark mode too
    pen = QPen(ink, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    _DRAWERS[kind](painter)
    painter.end()
    return QIcon(pixmap)


def _magnifier(painter: QPainter, plus: bool) -> None:
    painter.drawEllipse(QPointF(13, 13), 8, 8)
    painter.drawLine(QPointF(19, 19), QPointF(28, 28))
    painter.drawLine(QPointF(9, 13), QPointF(17, 13))
    if plus:
        painter.drawLine(QPointF(13, 9), QPointF(13, 17))


def _fit_frame(painter: QPainter) -> None:
    for x, y, dx, dy in ((4, 4, 1, 1), (28, 4, -1, 1), (4, 28, 1, -1), (28, 28, -1, -1)):
        painter.drawPolyline([QPointF(x, y + 7 * dy), QPointF(x, y), QPointF(x + 7 * dx, y)])
    painter.drawRect(QRectF(11, 11, 10, 10))


def _plus(painter: QPainter) -> None:
    painter.drawLine(QPointF(16, 5), QPointF(16, 27))
    painter.drawLine(QPointF(5, 16), QPointF(27, 16))


def _cross(painter: QPainter) -> None:
    painter.setPen(QPen(QColor("#c0392b"), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(7, 7), QPointF(25, 25))
    painter.drawLine(QPointF(7, 25), QPointF(25, 7))


def _chevrons(painter: QPainter, up: bool) -> None:
    for y in (10, 19):
        tip, side = (y, y + 6) if up else (y + 6, y)
        painter.drawPolyline([QPointF(7, side), QPointF(16, tip), QPointF(25, side)])


_DRAWERS: dict[str, Callable[[QPainter], None]] = {
    "zoom_in": lambda p: _magnifier(p, True),
    "zoom_out": lambda p: _magnifier(p, False),
    "fit": _fit_frame,
    "add": _plus,
    "delete": _cross,
    "collapse": lambda p: _chevrons(p, True),
    "expand": lambda p: _chevrons(p, False),
}

