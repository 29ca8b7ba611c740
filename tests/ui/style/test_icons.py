"""Stepwise's icon (ui.style.icons): rendered from the shipped SVG at every usual size, drawn
(not blank) at each, and made once."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from ui.style.icons import app_icon


def test_the_icon_has_every_size_and_is_drawn_at_each(qapp: QApplication) -> None:
    icon = app_icon()
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert sizes == {(n, n) for n in (16, 22, 24, 32, 48, 64, 128, 256)}
    for n in (16, 256):
        image = icon.pixmap(QSize(n, n)).toImage().convertToFormat(QImage.Format.Format_ARGB32)
        opaque = sum(image.pixelColor(x, y).alpha() > 0
                     for x in range(0, n, max(1, n // 16)) for y in range(0, n, max(1, n // 16)))
        assert opaque > 0, n
    assert app_icon() is icon  # read and rendered once
