"""A provider wrapper that meters a run: calls, time and prompt size per task and stage,
the run's own time bound on each call, and the stream framed by task and stage.

``stepwise agent run`` wraps its provider in one so that it can say, as it happens and
at the end, what each task cost; the loop sees an ordinary :class:`Provider`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.agent.tokens import prompt_tokens
from app.llm.base import ChunkSink, Failure, Message, Provider, ProviderError, Reply

CallStarted = Callable[[int | None, str, str], None]  # task id, task title, purpose


@dataclass
class Use:
    """What one task's calls of one purpose took."""

    calls: int = 0
    seconds: float = 0.0
    prompt_tokens: int = 0  # of the first prompt sent (reported by the server, or estimated)
    completion_tokens: int = 0


@dataclass
class Metered:
    """Wraps ``inner``; ``time_left()`` (seconds, None: no bound) caps each call."""

    inner: Provider
    on_call: CallStarted | None = None
    time_left: Callable[[], float | None] = lambda: None
    uses: dict[tuple[int | None, str], Use] = field(default_factory=dict)

    name: str = field(init=False)
    model: str = field(init=False)

    def __post_init__(self) -> None:
        self.name, self.model = self.inner.name, self.inner.model

    @property
    def calls(self) -> int:
        return sum(use.calls for use in self.uses.values())

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        """The inner provider's reply, counted; see :class:`app.llm.base.Provider`."""
        task = (context or {}).get("task") or {}
        task_id, purpose = task.get("id"), str((context or {}).get("purpose", ""))
        if self.on_call is not None:
            self.on_call(task_id, str(task.get("title", "")), purpose)
        use = self.uses.setdefault((task_id, purpose), Use())
        use.calls += 1
        started = time.monotonic()
        try:
            reply = await self._bounded(messages, schema, on_chunk, context)
        finally:
            use.seconds += time.monotonic() - started
        if not use.prompt_tokens:  # the stage's own prompt, not a re-ask's longer one
            use.prompt_tokens = reply.prompt_tokens or prompt_tokens(messages)
        use.completion_tokens += reply.completion_tokens or 0
        return reply

    async def _bounded(self, messages: list[Message], schema: dict[str, Any] | None,
                       on_chunk: ChunkSink | None, context: Mapping[str, Any] | None) -> Reply:
        left = self.time_left()
        if left is not None and left <= 0:
            raise ProviderError(Failure.TIMEOUT, "The run's time limit (--max-time) was reached "
                                                 "before this call; a later run continues.")
        scope = asyncio.timeout(left)
        try:
            async with scope:
                return await self.inner.complete(messages, schema=schema, on_chunk=on_chunk,
                                                 context=context)
        except TimeoutError:
            if not scope.expired():
                raise
            raise ProviderError(Failure.TIMEOUT,
                                "The run's time limit (--max-time) was reached "
                                "during this call; a later run continues.") from None

    async def list_models(self) -> list[str]:
        """The inner provider's models."""
        return await self.inner.list_models()

    async def aclose(self) -> None:
        """Close the inner provider."""
        await self.inner.aclose()

    def by_task(self) -> dict[int | None, dict[str, Use]]:
        """The uses grouped by task, then purpose."""
        grouped: dict[int | None, dict[str, Use]] = {}
        for (task_id, purpose), use in self.uses.items():
            grouped.setdefault(task_id, {})[purpose] = use
        return grouped
