"""The assistant as the window sees it: runs the loop off the GUI thread, streams text.

F5 with the offline planner (the default) runs in a process of its own
(``app.agent.worker_process``): the planner is pure Python, and in a thread of this
process it would hold the interpreter lock the window needs to paint. Its change
notices are re-emitted here, so the window hears them as from a thread. Everything
else below describes the thread, where a model server's run and Generate happen.

Each run of ``app.agent.loop.Assistant`` (with the provider the settings name) happens
in a worker thread with an event loop of its own (``AssistantWorker``), as calendar sync
does: the model call, the store reads and writes and the picking of candidates never
run on the GUI thread. What comes back is posted as signals — streamed text, the plan
growing on screen (parsed at most every 100 ms, in the worker), each outcome — which
Qt queues to the GUI thread. ``stop`` cancels the worker's run at once
(``call_soon_threadsafe``); nothing half-done is saved.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from app.agent.streaming import StreamWatcher
from app.config.provider_kinds import ProviderKind
from ui.shared.bridge import CoreBridge
from ui.shared.gil import handed_often
from ui.shared.runner import TaskRunner, in_thread

CHUNK_POST_S = 0.05  # streamed text reaches the window at most 20 times a second
OWN_PROCESS = True  # the offline planner's F5 runs in a process of its own (tests: False
# to run a provider they put in place of the settings' one in the thread)

if TYPE_CHECKING:
    from app.agent.loop import Assistant, Outcome
    from app.llm.base import Provider


def provider_from_settings() -> tuple[Provider, str | None]:
    """The configured provider (imported on first use: the model stack is not needed to
    open the window)."""
    from app.agent.setup import provider_from_settings as make

    return make()


def warm_up() -> None:
    """In a worker thread after the window shows: import keyring and the HTTP stack and
    build the TLS context, so the first run does not pause the window.

    The assistant's loop (its planner and pydantic replies, ~14 MiB) is not imported
    here: the first run imports it in its own worker thread, which hands the GIL on
    every ``ui.shared.gil.SWITCH_S``, so the window keeps painting meanwhile (the
    window benchmark's stream: longest stall 20 ms, p99 11.5 ms) and a window that never
    asks for a plan never holds it (141 MB with 100,000 tasks, not 153).

    Not with the offline provider (the default): no model server is configured, and
    the HTTP stack, keyring and TLS context would cost ~19 MiB for nothing; only what
    starting the run's own process needs is imported (~40 ms that F5 would stall for).
    """
    from app.config import settings

    if settings.get("assistant.provider") == ProviderKind.OFFLINE:
        from app.agent import worker_process

        worker_process.warm_up()  # what starting F5's process imports here
        return
    import keyring  # noqa: F401 - loaded for the settings dialog and the first key read

    from app.llm.http import warm_up as warm_http

    warm_http()


def _own_process_for_offline() -> tuple[Path, Path] | None:
    """The database and data folder for a run in a process of its own
    (``app.agent.worker_process``), or None to run in the worker thread.

    The offline planner is pure Python: in a thread it holds the interpreter lock and
    the window waits for it. A model server's run mostly waits for the network, and
    streams a plan onto the screen, so it stays in the thread; so does a run on a
    database only this process can see (in memory, or opened read-only). Deciding
    imports nothing: the planner's import alone would hold the lock for ~100 ms.
    """
    from app import processes
    from app.config import settings

    if not OWN_PROCESS or settings.get("assistant.provider") != ProviderKind.OFFLINE:
        return None
    return processes.shared_store()


class ChunkBatch:
    """Streamed text gathered in the worker and posted at most every ``interval_s``: one
    queued signal for many chunks, so a fast stream cannot flood the GUI thread. Used by
    one worker thread only; ``flush`` from another thread does nothing."""

    def __init__(self, post: Callable[[str], None], interval_s: float = CHUNK_POST_S) -> None:
        self.post = post
        self.interval_s = interval_s
        self.thread = threading.get_ident()
        self._parts: list[str] = []
        self._last = 0.0

    def add(self, text: str) -> None:
        self._parts.append(text)
        now = time.monotonic()
        if now - self._last >= self.interval_s:
            self._last = now
            self.flush()

    def flush(self) -> None:
        """Post what is gathered (before a change notice, so the order holds)."""
        if self._parts and threading.get_ident() == self.thread:
            text, self._parts = "".join(self._parts), []
            self.post(text)


class AssistantWorker:
    """One assistant run in the calling (worker) thread, on an event loop of its own,
    that another thread can cancel at once."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[Any] | None = None
        self._stopped = False

    def run(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``work()`` to its end, or until ``stop``; blocks the calling thread.

        While it runs, the interpreter hands the GIL on every ``ui.shared.gil.SWITCH_S`` instead of
        5 ms: each time the GUI thread enters Python (a timer, a paint, a queued
        signal) it waits for this thread's pure-Python planning at most that long
        (0.5 ms left a p99 stall of ~50 ms on F5 with 10,000 tasks; 0.1 ms, ~10 ms).
        A full garbage collection holds the GIL throughout (65 ms seen during
        ``picking.candidates``): while the run works they come a hundred times less
        often; young objects are still collected as usual."""
        with handed_often():
            try:
                asyncio.run(self._main(work))
            except asyncio.CancelledError:
                pass  # stopped: the run's own finally blocks have cleaned up

    async def _main(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        from app.llm import close_clients

        self._task = asyncio.current_task()
        self._loop = asyncio.get_running_loop()
        try:
            if not self._stopped:  # a stop that came before the loop existed
                await work()
        finally:
            await close_clients()  # this loop's HTTP client dies with the loop

    def stop(self) -> None:
        """Cancel the run from any thread (a no-op once it has ended)."""
        self._stopped = True
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            loop.call_soon_threadsafe(task.cancel)


class AssistantService(QObject):
    started = Signal(str)  # what it is doing ("running", "planning task 3")
    outcome = Signal(int, str, str, str)  # task id, stage, summary, problem ("" if none)
    chunk = Signal(str)  # streamed model text
    plan_growing = Signal(int, list)  # task id, the steps complete so far (dicts)
    idle = Signal()

    def __init__(self, runner: TaskRunner, parent: QObject | None = None,
                 bridge: CoreBridge | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.bridge = bridge  # its change notices wait for the text streamed before them
        self._task: asyncio.Task[Any] | None = None
        self._worker: AssistantWorker | None = None
        self._planning: int | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def run_until_idle(self) -> None:
        """F5: review, plan and do what is due now."""
        self._start(self._run_loop, self.tr("Assistant: running"))

    def regenerate(self, task_id: int) -> None:
        """Write a new plan for this task now, streaming it onto the screen."""
        if self.busy:
            return
        self._planning = task_id
        self._start(lambda: self._replan(task_id), self.tr(
            "Assistant: planning task %1").replace("%1", str(task_id)))

    def stop(self) -> None:
        """Stop at once: the worker's run is cancelled and nothing half-done is saved."""
        if self._worker is not None:
            self._worker.stop()

    def _start(self, work: Callable[[], Coroutine[Any, Any, None]], what: str) -> None:
        if self.busy:
            return
        self.started.emit(what)
        self._worker = AssistantWorker()
        self._task = self.runner.start(self._in_worker(self._worker, work), what)
        self._task.add_done_callback(lambda _t: self._on_task_done())

    @staticmethod
    async def _in_worker(worker: AssistantWorker,
                         work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        try:
            await in_thread(worker.run, work)
        except asyncio.CancelledError:  # the window is closing: the worker's run stops too
            worker.stop()
            raise

    def _on_task_done(self) -> None:
        self._planning = None
        self._worker = None
        self.idle.emit()

    # --- in the worker thread: only signals reach the GUI thread -------------------------

    def _assistant(self, batch: ChunkBatch, watcher: StreamWatcher | None = None
                   ) -> tuple[Assistant, Any]:
        from app.agent.loop import Assistant

        def on_chunk(text: str) -> None:
            batch.add(text)
            if watcher is not None:
                watcher.feed(text)

        provider, key = provider_from_settings()
        return Assistant(provider, on_chunk=on_chunk, secret=key), provider

    async def _run_loop(self) -> None:
        batch = ChunkBatch(self.chunk.emit)
        with self._flushing(batch):
            where = _own_process_for_offline()
            if where is not None:
                from app.agent import worker_process

                await worker_process.run_until_idle(*where, on_chunk=batch.add,
                                                    on_outcome=self._emit)
                return
            assistant, provider = self._assistant(batch)
            try:
                await assistant.run_until_idle(on_outcome=self._emit)
            finally:
                await provider.aclose()

    async def _replan(self, task_id: int) -> None:
        batch = ChunkBatch(self.chunk.emit)
        watcher = StreamWatcher(lambda steps: self.plan_growing.emit(task_id, steps))
        with self._flushing(batch):
            assistant, provider = self._assistant(batch, watcher)
            try:
                self._emit(await assistant.replan(task_id))
                watcher.finish()
            finally:
                await provider.aclose()

    @contextmanager
    def _flushing(self, batch: ChunkBatch) -> Iterator[None]:
        """Gathered text is posted before each change notice of the run, and at its end."""
        remove = self.bridge.before_change(batch.flush) if self.bridge else lambda: None
        try:
            yield
        finally:
            batch.flush()
            remove()

    def _emit(self, result: Outcome) -> None:
        """Post one outcome (from the worker; Qt queues it to the GUI thread)."""
        self.outcome.emit(result.task_id, result.stage, result.summary, result.problem or "")
