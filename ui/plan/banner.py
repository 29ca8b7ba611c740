"""The banner above the plan graph: why an edit was refused (red, hides by itself after
``BANNER_MS``), or a notice such as "the assistant is writing this plan" (blue, stays)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget

BANNER_MS = 6000
ERROR_COLOUR, NOTICE_COLOUR = "#c0392b", "#2e86c1"


class PlanBanner(QLabel):
    """One line of plain text above the graph, hidden until there is something to say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("planBanner")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.hide()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(BANNER_MS)
        self.timer.timeout.connect(self.hide)

    def say(self, text: str, *, error: bool = True, hide_after: bool = True) -> None:
        """Show ``text``: a refusal (red) or a notice (blue), hiding after a while or not."""
        colour = ERROR_COLOUR if error else NOTICE_COLOUR
        tint = QColor(colour)
        tint.setAlpha(38)
        self.setStyleSheet(
            f"QLabel#planBanner {{ background: rgba({tint.red()},{tint.green()},"
            f"{tint.blue()},{tint.alpha()}); border-left: 4px solid {colour}; "
            "padding: 6px 10px; }")
        self.setText(text)
        self.show()
        if hide_after:
            self.timer.start()
        else:
            self.timer.stop()

    def dismiss(self) -> None:
        """Hide a banner that would hide by itself anyway (a new edit starts)."""
        if self.timer.isActive():
            self.hide()
