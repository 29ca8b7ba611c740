"""The window's Undo and Redo commands: their text names what they undo
("Undo Add step in “Team offsite”"), follows the language, and their keys are shown.
They act on the task in view (``ui.shared.undo``: one undo stack per task)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence

from ui.shared.undo import TaskUndo, task_of


class UndoActions(QObject):
    """``undo`` and ``redo`` actions over the window's undo; ``applied`` tells which task an
    undo or redo changed (from the menu, a key in the graph or anywhere else), so the
    window can show that task instead of changing another one silently."""

    applied = Signal(int, str, bool)  # task id (0: none), the command's text, was undo

    def __init__(self, stack: TaskUndo, parent: QObject) -> None:
        super().__init__(parent)
        self.stack = stack
        self._seen = stack.stack()
        self._index, self._count = stack.index(), stack.count()
        stack.indexChanged.connect(self._on_stack_index_changed)
        stack.activeStackChanged.connect(self.retranslate)
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

    def _on_stack_index_changed(self, index: int) -> None:
        before, self._index = self._index, index
        count, counted = self.stack.count(), self._count
        self._count = count
        seen, self._seen = self._seen, self.stack.stack()
        if seen is not self._seen:  # another task came into view: nothing was undone
            return
        if index == before or count != counted:  # a push (or a clear), not undo or redo
            return
        undid = index < before
        command = self.stack.command(index if undid else before)
        if command is not None and (undid or getattr(command, "show_on_redo", True)):
            self.applied.emit(task_of(command), command.text(), undid)


__all__ = ["UndoActions", "task_of"]
