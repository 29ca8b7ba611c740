"""A one-line label that elides its text to the width it is given, with the whole
text as its tooltip: a long title never clips and never pushes its neighbours out."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """Shows ``full_text`` elided to its current width; the tooltip holds all of it."""

    def __init__(self, parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(parent)
        self.full_text = ""
        self._mode = mode
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full_text(self, text: str) -> None:
        """Show ``text`` (elided where it does not fit) with the whole of it as tooltip."""
        self.full_text = text
        self.setToolTip(text)
        self._elide()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(40, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        width = self.fontMetrics().horizontalAdvance(self.full_text) + 8
        return QSize(width, super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(20, self.contentsRect().width())
        self.setText(self.fontMetrics().elidedText(self.full_text, self._mode, width))
