"""What every part of the window shares: the runner, the core bridge, the assistant,
the undo stack and the status line. Passed to each widget at construction."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from ui.shared.assistant import AssistantService
from ui.shared.bridge import CoreBridge
from ui.shared.runner import InOrder, TaskRunner
from ui.shared.selection import Selection
from ui.shared.undo import TaskUndo


class StatusLine(QObject):
    """Messages for the status bar: ``info`` fades, ``error`` stays until the next one."""

    info = Signal(str)
    error = Signal(str)


@dataclass
class WindowContext:
    runner: TaskRunner
    bridge: CoreBridge
    assistant: AssistantService
    undo: TaskUndo  # one undo stack per task; the task in view's is active
    selection: Selection
    status: StatusLine
    # the window's undoable writes, run one after another in the order asked: two Ctrl+Z
    # in a row, or an undo and its redo, never race in the worker pool
    writes: InOrder = field(init=False)

    def __post_init__(self) -> None:
        self.writes = InOrder(self.runner)

    @classmethod
    def create(cls, parent: QObject) -> WindowContext:
        runner, bridge, selection = TaskRunner(parent), CoreBridge(parent), Selection()
        return cls(runner=runner, bridge=bridge,
                   assistant=AssistantService(runner, parent, bridge),
                   undo=TaskUndo(selection, parent), selection=selection, status=StatusLine())
