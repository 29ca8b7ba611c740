"""The assistant as the window sees it: runs the loop in the background, streams text.

Starts ``app.agent.loop.Assistant`` with the provider the settings name, on the
window's task runner; the streamed text and the plan growing on screen come out as
signals (the partial plan parsed at most every 100 ms). ``stop`` cancels at once.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from app.agent.streaming import StreamWatcher
from ui.runner import TaskRunner, in_thread

if TYPE_CHECKING:
    from app.agent.loop import Assistant, Outcome
    from app.llm.base import Provider


def provider_from_settings() -> tuple[Provider, str | None]:
    """The configured provider (imported on first use: the model stack is not needed to
    open the window)."""
    from app.agent.setup import provider_from_settings as make

    return make()


def warm_up() -> None:
    """In a worker thread after the window shows: import the assistant and HTTP stack and
    build the TLS context, so the first run does not pause the window."""
    import keyring  # noqa: F401 - loaded for the settings dialog and the first key read

    import app.agent.loop  # noqa: F401
    from app.llm.http import warm_up as warm_http

    warm_http()


class AssistantService(QObject):
    started = Signal(str)  # what it is doing ("running", "planning task 3")
    outcome = Signal(int, str, str, str)  # task id, stage, summary, problem ("" if none)
    chunk = Signal(str)  # streamed model text
    plan_growing = Signal(int, list)  # task id, the steps complete so far (dicts)
    idle = Signal()

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._task: asyncio.Task[Any] | None = None
        self._planning: int | None = None
        self._watcher: StreamWatcher | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def run_until_idle(self) -> None:
        """F5: review, plan and do what is due now."""
        self._start(self._run_loop(), self.tr("Assistant: running"))

    def regenerate(self, task_id: int) -> None:
        """Write a new plan for this task now, streaming it onto the screen."""
        self._planning = task_id
        self._watcher = StreamWatcher(lambda steps: self.plan_growing.emit(task_id, steps))
        self._start(self._replan(task_id), self.tr("Assistant: planning task %1").replace(
            "%1", str(task_id)))

    def stop(self) -> None:
        """Stop at once: the request is cancelled and nothing half-done is saved."""
        if self._task is not None:
            self._task.cancel()

    def _start(self, coro: Any, what: str) -> None:
        if self.busy:
            coro.close()
            return
        self.started.emit(what)
        self._task = self.runner.start(coro, what)
        self._task.add_done_callback(lambda _t: self._on_task_done())

    def _on_task_done(self) -> None:
        self._planning = None
        self._watcher = None
        self.idle.emit()

    def _on_chunk(self, text: str) -> None:
        self.chunk.emit(text)
        if self._watcher is not None:
            self._watcher.feed(text)

    def _assistant(self) -> tuple[Assistant, Any]:
        from app.agent.loop import Assistant

        provider, key = provider_from_settings()
        return Assistant(provider, on_chunk=self._on_chunk, secret=key), provider

    async def _run_loop(self) -> None:
        assistant, provider = await in_thread(self._assistant)
        try:
            for result in await assistant.run_until_idle():
                self._emit(result)
        finally:
            await provider.aclose()

    async def _replan(self, task_id: int) -> None:
        assistant, provider = await in_thread(self._assistant)
        try:
            self._emit(await assistant.replan(task_id))
            if self._watcher is not None:
                self._watcher.finish()
        finally:
            await provider.aclose()

    def _emit(self, result: Outcome) -> None:
        self.outcome.emit(result.task_id, result.stage, result.summary, result.problem or "")
