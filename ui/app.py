"""The GUI entry: start QApplication and show the main window.

Until the window issue lands this is a plain placeholder window that names the
commands that already work.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


class PlaceholderWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Stepwise")
        label = QLabel(
            "Stepwise\n\nThe window is on its way. Meanwhile every operation works from the "
            "command line:\n  stepwise add \"Renew passport\" --due \"next friday\"\n"
            "  stepwise list\n  stepwise --help")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setMargin(24)
        self.setCentralWidget(label)
        self.resize(640, 360)


def run_window() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = PlaceholderWindow()
    window.show()
    return app.exec()
