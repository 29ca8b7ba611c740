"""Renaming a step where it is drawn: a line edit laid over its node in the graph.

Enter (or leaving the field) saves, Escape cancels; the editor reports the new title
once and goes away. The view decides what saving means (``ui.plan.step_actions``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget


class InlineRename(QLineEdit):
    """A one-shot title editor over ``rect`` of ``parent`` (a graph's viewport)."""

    def __init__(self, parent: QWidget, rect: QRect, title: str,
                 on_done: Callable[[str | None], None]) -> None:
        super().__init__(title, parent)
        self.setObjectName("inlineRename")
        self.setAccessibleName(self.tr("Step title"))
        self._on_done: Callable[[str | None], None] | None = on_done
        self.setGeometry(rect)
        self.selectAll()
        self.returnPressed.connect(self._save)
        self.show()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            self._finish(None)
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(event)
        if event.reason() != Qt.FocusReason.PopupFocusReason:
            self._save()

    def _save(self) -> None:
        self._finish(self.text())

    def _finish(self, title: str | None) -> None:
        done, self._on_done = self._on_done, None
        if done is None:
            return
        self.hide()
        self.deleteLater()
        done(title)
