"""How the plan graph looks: measures, colours and pens from the palette, text fitted to
a card, the card's shapes and the status glyph.

Everything here is made once (a plan of 2,000 steps paints thousands of times): the pens
in ``Look``, the card paths, and the Qt enum values read into module constants, since
each Qt enum look-up costs a Python call. Texts from a plan are always plain text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
)

from app.plan.layout import NODE_H, NODE_W
from app.states import StepStatus
from ui.words.labels import STATUS_COLOURS

RADIUS = 8.0
BAR_W = 6.0
HANDLE_R = 6.0
GLYPH_R = 8.0
TEXT_X = BAR_W + 9
GLYPH_AT = QPointF(NODE_W - GLYPH_R - 7, NODE_H - GLYPH_R - 7)
TITLE_STRIP = 24.0
LOD_TEXT = 0.2  # below this zoom a node is a coloured card without text
Z_GROUP, Z_EDGE, Z_NODE, Z_LINK = 0.0, 5.0, 10.0, 20.0
# Read once: Qt enum look-ups cost a Python call each, and paint runs thousands of times.
NO_PEN, NO_BRUSH = Qt.PenStyle.NoPen, Qt.BrushStyle.NoBrush
ANTIALIAS = QPainter.RenderHint.Antialiasing
MOVABLE = QGraphicsItem.GraphicsItemFlag.ItemIsMovable
SELECTABLE = QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
ELIDE_RIGHT = Qt.TextElideMode.ElideRight
PLAIN_TEXT = Qt.TextFormat.PlainText
CACHING = QStaticText.PerformanceHint.AggressiveCaching
DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
CROSS_CURSOR, HAND_CURSOR = Qt.CursorShape.CrossCursor, Qt.CursorShape.PointingHandCursor


@dataclass(frozen=True)
class Look:
    """Colours and fonts of the graph, taken from the application palette."""

    canvas: QColor
    card: QColor
    border: QColor
    text: QColor
    subtle: QColor
    highlight: QColor
    edge: QColor
    title_font: QFont
    small_font: QFont
    pens: dict[str, QPen]
    title_metrics: QFontMetricsF = field(compare=False)  # made once a plan, not a node
    small_metrics: QFontMetricsF = field(compare=False)
    scale: float = 1.0  # the zoom at which the card's text is the interface font

    @classmethod
    def from_palette(cls) -> Look:
        palette = QApplication.palette()
        base = palette.color(QPalette.ColorRole.Base)
        dark = base.lightness() < 128
        title = QFont(QApplication.font())
        title.setWeight(QFont.Weight.DemiBold)
        small = QFont(QApplication.font())
        if title.pointSizeF() > 0:
            small.setPointSizeF(max(7.0, title.pointSizeF() * 0.86))
        scale = _fitted(title, small)
        border = QColor("#4a4f57" if dark else "#c3c8cf")
        subtle = QColor("#9aa0a8" if dark else "#5f6670")
        highlight = palette.color(QPalette.ColorRole.Highlight)
        edge = QColor("#8a9099" if dark else "#7b838d")
        return cls(
            canvas=palette.color(QPalette.ColorRole.Window), card=base, border=border,
            text=palette.color(QPalette.ColorRole.Text), subtle=subtle,
            highlight=highlight, edge=edge, title_font=title, small_font=small,
            title_metrics=QFontMetricsF(title), small_metrics=QFontMetricsF(small),
            pens=_pens(border, subtle, highlight, edge), scale=scale,
        )


def _fitted(title: QFont, small: QFont) -> float:
    """Shrink the card's fonts (in place) until two title lines and the subtitle fit a
    card; returns how much, which the view zooms by to show them at the interface font's
    size again (a large interface font makes every card larger, never its text cut)."""
    needed = 6 + 2 * QFontMetricsF(title).lineSpacing() + QFontMetricsF(small).height() + 9
    scale = needed / NODE_H
    if scale <= 1.0:
        return 1.0
    for font in (title, small):
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() / scale)
        elif font.pixelSize() > 0:
            font.setPixelSize(max(1, round(font.pixelSize() / scale)))
    return scale


def _pens(border: QColor, subtle: QColor, highlight: QColor, edge: QColor) -> dict[str, QPen]:
    """Every pen the items use, made once (a QPen per paint call adds up)."""
    dash = Qt.PenStyle.DashLine
    return {
        "border": QPen(border, 1.0), "selected": QPen(highlight, 2.5),
        "focus": QPen(highlight, 2.0),
        "target": QPen(highlight, 2.5, dash), "draft": QPen(subtle, 1.2, dash),
        "edge": QPen(edge, 1.4), "edge_hover": QPen(edge, 2.2),
        "edge_selected": QPen(highlight, 3.0), "edge_draft": QPen(edge, 1.4, dash),
    }


def status_colour(status: str) -> QColor:
    return QColor(STATUS_COLOURS.get(status, STATUS_COLOURS["pending"]))


def plain(text: str) -> QStaticText:
    """A prepared plain-text label (model text is never interpreted as markup)."""
    static = QStaticText(text)
    static.setTextFormat(PLAIN_TEXT)
    static.setPerformanceHint(CACHING)
    return static


def elided(text: str, metrics: QFontMetricsF, width: float) -> str:
    one_line = " ".join(text.split())
    return metrics.elidedText(one_line, ELIDE_RIGHT, width)


def two_lines(text: str, metrics: QFontMetricsF, width: float) -> tuple[str, str]:
    """The text wrapped onto at most two lines of ``width``; the second one elided.

    Breaks after a space where there is one (so Chinese text, without spaces, breaks
    between characters).
    """
    text = " ".join(text.split())
    if metrics.horizontalAdvance(text) <= width:
        return text, ""
    low, high = 1, len(text)
    while low < high:  # the longest prefix that fits
        middle = (low + high + 1) // 2
        if metrics.horizontalAdvance(text[:middle]) <= width:
            low = middle
        else:
            high = middle - 1
    space = text.rfind(" ", 0, low + 1)
    cut = space if space > low // 2 else low
    rest = text[cut:].strip()
    return text[:cut].rstrip(), metrics.elidedText(rest, ELIDE_RIGHT, width)


def escaped_tooltip(*lines: str) -> str:
    """A tooltip that shows plan text literally (tooltips would guess at rich text)."""
    return "<p style='white-space:pre-wrap'>" + "<br>".join(html.escape(x) for x in lines) + "</p>"


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


CARD = _rounded(QRectF(0.5, 0.5, NODE_W - 1, NODE_H - 1), RADIUS)
_BAR_RECT = QPainterPath()
_BAR_RECT.addRect(QRectF(0, 0, BAR_W + 0.5, NODE_H))
BAR = CARD.intersected(_BAR_RECT)
CARD_BOX = QRectF(0.5, 0.5, NODE_W - 1, NODE_H - 1)  # the card far out: square corners
FOCUS_RING = _rounded(QRectF(3.5, 3.5, NODE_W - 7, NODE_H - 7), RADIUS - 3)  # inside
BAR_BOX = QRectF(0.5, 0.5, BAR_W, NODE_H - 1)


def paint_glyph(painter: QPainter, centre: QPointF, radius: float, status: str) -> None:
    """The status as a shape, not only a colour: ✓ ✗ ▶ ⏭, an open ring when pending."""
    colour = status_colour(status)
    if status == StepStatus.PENDING:
        painter.setPen(QPen(colour, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius - 1.5, radius - 1.5)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(centre, radius, radius)
    pen = QPen(QColor("white"), 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    x, y, r = centre.x(), centre.y(), radius * 0.45
    if status == StepStatus.COMPLETED:
        painter.setPen(pen)
        painter.drawPolyline([QPointF(x - r, y), QPointF(x - r * 0.25, y + r * 0.75),
                              QPointF(x + r, y - r * 0.7)])
    elif status == StepStatus.FAILED:
        painter.setPen(pen)
        painter.drawLine(QLineF(x - r, y - r, x + r, y + r))
        painter.drawLine(QLineF(x - r, y + r, x + r, y - r))
    elif status == StepStatus.IN_PROGRESS:
        painter.setBrush(QColor("white"))
        painter.drawPolygon(QPolygonF([QPointF(x - r * 0.6, y - r), QPointF(x + r, y),
                                       QPointF(x - r * 0.6, y + r)]))
    else:  # skipped
        painter.setBrush(QColor("white"))
        painter.drawPolygon(QPolygonF([QPointF(x - r, y - r), QPointF(x + r * 0.3, y),
                                       QPointF(x - r, y + r)]))
        painter.drawRect(QRectF(x + r * 0.45, y - r, r * 0.45, 2 * r))
