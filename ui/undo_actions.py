"""The window's Undo and Redo commands: their text names what they undo
("Undo Add step in “Team offsite”"), follows the language, and their keys are shown."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoStack


class UndoActions(QObject):
    """``undo`` and ``redo`` actions over one undo stack."""

    def __init__(self, stack: QUndoStack, parent: QObject) -> None:
        super().__init__(parent)
        self.stack = stack
        self.undo = QAction(parent)
        self.undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.undo.triggered.connect(stack.undo)
        self.redo = QAction(parent)
        self.redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo.triggered.connect(stack.redo)
        stack.indexChanged.connect(self.retranslate)
        stack.cleanChanged.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        """Texts and enabled state for the stack as it is now."""
        undo, redo = self.stack.undoText(), self.stack.redoText()
        self.undo.setText(self.tr("Undo %1").replace("%1", undo) if undo else self.tr("Undo"))
        self.redo.setText(self.tr("Redo %1").replace("%1", redo) if redo else self.tr("Redo"))
        self.undo.setEnabled(self.stack.canUndo())
        self.redo.setEnabled(self.stack.canRedo())
