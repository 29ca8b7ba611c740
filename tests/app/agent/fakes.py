"""A scripted model for loop tests: answers each call with the next scripted reply.

A fake, not a mock: it implements the Provider interface and records what it was
asked, so tests can check prompts, purposes and contexts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.llm.base import ChunkSink, Message, ProviderError, Reply

Script = str | ProviderError | Callable[[Mapping[str, Any]], str]


@dataclass
class Call:
    purpose: str
    messages: list[Message]
    context: Mapping[str, Any]


@dataclass
class ScriptedProvider:
    """Replies in order; a ProviderError in the script is raised; a callable gets the context.

    When the script runs out, ``fallback`` (the offline planner by default) answers.
    """

    script: list[Script] = field(default_factory=list)
    fallback: Any = None
    name: str = "scripted"
    model: str = "scripted-model"
    calls: list[Call] = field(default_factory=list)

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        ctx = context or {}
        self.calls.append(Call(str(ctx.get("purpose")), messages, ctx))
        if not self.script:
            if self.fallback is None:
                from app.llm.offline.provider import OfflineProvider

                self.fallback = OfflineProvider()
            return await self.fallback.complete(messages, schema=schema, on_chunk=on_chunk,
                                                context=context)
        item = self.script.pop(0)
        if isinstance(item, ProviderError):
            raise item
        text = item(ctx) if callable(item) else item
        if on_chunk is not None:
            on_chunk(text)
        return Reply(text=text, model=self.model, latency_ms=1.0)

    async def list_models(self) -> list[str]:
        return [self.model]

    async def aclose(self) -> None:
        return None

    def purposes(self) -> list[str]:
        return [c.purpose for c in self.calls]
