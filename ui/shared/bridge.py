"""The core's change notices as Qt signals, and changes made by other processes.

``app.events`` is the Qt-free observer interface; this adapter turns each transaction's
``Changes`` into one ``changed`` signal on the GUI thread (a queued call when it comes
from a worker).
It also polls SQLite's ``PRAGMA data_version`` every second: when the CLI or another
process commits, the number moves and ``external_change`` fires. The number also moves
when this process's own worker threads commit (each has its own connection), so each
change notice, once on the GUI thread, takes the number as it is then as the new
baseline: a change this process made and announced is not reloaded a second time.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from app.events import Changes, events
from models import database


class CoreBridge(QObject):
    changed = Signal(object)  # Changes: one write transaction's
    external_change = Signal()

    def __init__(self, parent: QObject | None = None, poll_ms: int = 1000) -> None:
        super().__init__(parent)
        self._unsubscribe = events.subscribe(self._on_core_change)
        self._before: list[Callable[[], None]] = []
        self._data_version: int | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(poll_ms)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.start()
        self.changed.connect(self._on_changed)  # first: before receivers read the store

    def before_change(self, hook: Callable[[], None]) -> Callable[[], None]:
        """Call ``hook`` in the emitting thread before each change is posted (a worker
        posts the text it streamed first, so the window sees both in order); returns the
        function that removes it."""
        self._before.append(hook)
        return lambda: self._before.remove(hook)

    def _on_core_change(self, changes: Changes) -> None:
        for hook in list(self._before):
            hook()
        # Signals cross threads safely: Qt queues the call to the receivers' thread.
        self.changed.emit(changes)

    @Slot(object)
    def _on_changed(self, _changes: Changes) -> None:
        if self._data_version is not None and not database.is_closed():
            self._data_version = self._version()

    def _version(self) -> int:
        return int(database.execute_sql("PRAGMA data_version").fetchone()[0])

    @Slot()
    def _on_timer_timeout(self) -> None:
        if database.is_closed():
            return
        version = self._version()
        if self._data_version is not None and version != self._data_version:
            self.external_change.emit()
        self._data_version = version

    def close(self) -> None:
        self._timer.stop()
        self._unsubscribe()
