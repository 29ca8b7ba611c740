"""Stepwise's own icons, read from ``resources/icons`` (they ship inside the package)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer


@cache
def app_icon() -> QIcon:
    """The application icon, rendered from its SVG at the usual sizes."""
    data = resources.files("resources").joinpath("icons", "stepwise.svg").read_bytes()
    renderer = QSvgRenderer(QByteArray(data))
    icon = QIcon()
    for size in (16, 22, 24, 32, 48, 64, 128, 256):
        image = QImage(QSize(size, size), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)  # drawn at each size: sharp at 256 px too
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon
