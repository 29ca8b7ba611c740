"""Background work for the window: one runner that keeps a reference to every task.

The GUI thread only paints and reacts. Slow work is a coroutine started here (network
calls are awaited; store writes and big queries go to a worker thread with
``in_thread``), reports failure through ``failed``, and is cancelled in the staged
shutdown. Keeping the references stops asyncio from collecting a running task.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from app.errors import KnownError
from models import StoreError
from ui.words.retexts import told

T = TypeVar("T")
log = logging.getLogger(__name__)


class TaskRunner(QObject):
    """Starts, tracks and cancels the window's background coroutines."""

    busy_changed = Signal(bool)
    failed = Signal(str, str)  # what was being done, the message in the interface language
    crashed = Signal(str, str)  # what was being done, the traceback (a bug)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[asyncio.Task[Any], str] = {}

    @property
    def running(self) -> list[str]:
        return list(self._tasks.values())

    def start(self, coro: Coroutine[Any, Any, T], what: str,
              done: Callable[[T], None] | None = None) -> asyncio.Task[T]:
        """Run ``coro`` on the event loop; ``done`` gets its result on the GUI thread."""
        task = asyncio.get_event_loop().create_task(coro, name=what)
        self._tasks[task] = what
        self.busy_changed.emit(True)
        task.add_done_callback(lambda t: self._finished(t, what, done))
        return task

    def _finished(self, task: asyncio.Task[Any], what: str,
                  done: Callable[[Any], None] | None) -> None:
        self._tasks.pop(task, None)
        if not self._tasks:
            self.busy_changed.emit(False)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            if done is not None:
                done(task.result())
            return
        if isinstance(exc, KnownError | StoreError):
            self.failed.emit(what, told(str(exc)))
            return
        import traceback

        text = "".join(traceback.format_exception(exc))
        log.error("%s failed with a bug:\n%s", what, text)
        self.crashed.emit(what, text)

    async def cancel_all(self) -> None:
        """Cancel every running task and wait until each has stopped."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)


async def in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking function (a store write, a big query) in a worker thread.

    It must return plain data, never widgets; ORM rows are fine to read but not to
    keep across threads.
    """
    return await asyncio.to_thread(fn, *args, **kwargs)
