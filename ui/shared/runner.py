"""Background work for the window: one runner that keeps a reference to every task.

The GUI thread only paints and reacts. Slow work is an ``Op`` (the shape of Anki's
``CollectionOp``): a coroutine (network calls are awaited; store writes and big queries
go to a worker thread with ``in_thread``), what it is called, what follows on success
and on failure (by default the status line's ``failed``), and the view that started it.
The runner keeps a reference to each (so asyncio does not collect a running task) and
cancels them in the staged shutdown.

A view that starts work and shows its outcome in the success path passes itself as the
initiator: every change the work makes carries its token (``app.events.initiated_by``),
and the view skips those notices (``started_by``) — one change, one reload.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import weakref
from collections.abc import Callable, Coroutine
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, Signal
from shiboken6 import isValid

from app.errors import KnownError
from app.events import initiated_by
from models import StoreError
from ui.words.retexts import told_error

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
        """Run ``coro`` on the event loop; ``done`` gets its result on the GUI thread (an
        ``Op`` with only a success path and no initiator)."""
        return Op(self, coro, what).success(done).run()

    def _launch(self, coro: Coroutine[Any, Any, T], op: Op[T]) -> asyncio.Task[T]:
        task = asyncio.get_event_loop().create_task(coro, name=op.what)
        self._tasks[task] = op.what
        self.busy_changed.emit(True)
        task.add_done_callback(lambda t: self._finished(t, op))
        return task

    def _finished(self, task: asyncio.Task[Any], op: Op[Any]) -> None:
        self._tasks.pop(task, None)
        if not self._tasks:
            self.busy_changed.emit(False)
        if task.cancelled():
            return
        what, exc = op.what, task.exception()
        if exc is None:
            if op.on_success is not None and _alive(op.on_success):
                op.on_success(task.result())
            return
        if isinstance(exc, KnownError | StoreError):
            if op.on_failure is not None and not _alive(op.on_failure):
                return  # the view that would tell it is gone (a closed dialog)
            if op.on_failure is not None:
                op.on_failure(told_error(exc))
            else:
                self.failed.emit(what, told_error(exc))
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


class Op(Generic[T]):
    """One background operation: its work, what it is called, what follows on success and
    on a refusal (a known error, told in the interface language; a bug always goes to the
    crash dialog), and who started it. ``Op(runner, work, what).success(fn).run(self)``."""

    def __init__(self, runner: TaskRunner, work: Coroutine[Any, Any, T], what: str) -> None:
        self.runner, self.work, self.what = runner, work, what
        self.on_success: Callable[[T], None] | None = None
        self.on_failure: Callable[[str], None] | None = None

    def success(self, fn: Callable[[T], None] | None) -> Op[T]:
        """What to do with the result, on the GUI thread."""
        self.on_success = fn
        return self

    def failure(self, fn: Callable[[str], None] | None) -> Op[T]:
        """Where a refusal's message goes instead of the status line (None: there)."""
        self.on_failure = fn
        return self

    def run(self, initiator: QObject | None = None) -> asyncio.Task[T]:
        """Start the work; the changes it makes carry ``initiator``'s token."""
        if initiator is None:
            return self.runner._launch(self.work, self)
        return self.runner._launch(_initiated(self.work, token_of(initiator)), self)


def _alive(callback: Callable[..., Any]) -> bool:
    """Whether a callback can still run: a method of a Qt object closed (and deleted)
    while the work ran is dropped, never called on a deleted C++ object."""
    owner = getattr(callback, "__self__", None)
    return not isinstance(owner, QObject) or isValid(owner)


async def _initiated(work: Coroutine[Any, Any, T], token: int) -> T:
    with initiated_by(token):  # the task's own context, copied into its worker threads
        return await work


_tokens: weakref.WeakKeyDictionary[QObject, int] = weakref.WeakKeyDictionary()
_next_token = itertools.count(1)


def token_of(initiator: QObject) -> int:
    """The token a view's changes carry: a small number of its own, never reused."""
    if initiator not in _tokens:
        _tokens[initiator] = next(_next_token)
    return _tokens[initiator]


def started_by(view: QObject, initiator: int) -> bool:
    """Whether a change notice comes from work ``view`` started (and showed itself)."""
    return initiator != 0 and initiator == _tokens.get(view)


async def in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking function (a store write, a big query) in a worker thread.

    It must return plain data, never widgets; ORM rows are fine to read but not to
    keep across threads.
    """
    return await asyncio.to_thread(fn, *args, **kwargs)


class InOrder:
    """Background writes that run one after another, in the order they were started: an
    undo and the redo right after it would otherwise race in the worker pool (the redo
    of a delete must delete the id its undo's restore gave back)."""

    def __init__(self, runner: TaskRunner) -> None:
        self.runner = runner
        self._last: asyncio.Task[Any] | None = None

    def start(self, make: Callable[[], Coroutine[Any, Any, T]], what: str,
              done: Callable[[T], None] | None = None,
              failed: Callable[[str], None] | None = None) -> None:
        """Run the coroutine ``make`` gives once the write started before it is over
        (``make`` is called then, so it reads what that write left); ``done`` and
        ``failed`` are the ``Op``'s success and failure paths."""
        before = self._last

        async def after() -> T:
            if before is not None:
                await asyncio.wait([before])  # its outcome is the runner's to tell
            return await make()

        self._last = Op(self.runner, after(), what).success(done).failure(failed).run()
