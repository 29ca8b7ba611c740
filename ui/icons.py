"""Stepwise's own icons, read from ``resources/icons`` (they ship inside the package)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QSize
from PySide6.QtGui import QIcon, QImage, QPixmap


@cache
def app_icon() -> QIcon:
    """The application icon, rendered from its SVG at the usual sizes."""
    data = resources.files("resources").joinpath("icons", "stepwise.svg").read_bytes()
    icon = QIcon()
    for size in (16, 22, 24, 32, 48, 64, 128, 256):
        image = QImage.fromData(QByteArray(data))  # the format is read from the content
        if not image.isNull():
            icon.addPixmap(QPixmap.fromImage(image).scaled(QSize(size, size)))
    return icon
