"""app.agent.metered: a run's calls counted per task and stage, and its time bound."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest

from app.agent.metered import Metered
from app.llm.base import ChunkSink, Message, ProviderError, Reply
from tests.app.agent.fakes import ScriptedProvider

PROMPT = [Message("user", "a" * 42)]


def ctx(task_id: int, purpose: str) -> dict[str, Any]:
    return {"purpose": purpose, "task": {"id": task_id, "title": f"task {task_id}"}}


class Slow(ScriptedProvider):
    """A provider that never answers in time."""

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


def test_calls_are_counted_by_task_and_purpose_with_the_first_prompt_size() -> None:
    started: list[tuple[int | None, str, str]] = []
    metered = Metered(ScriptedProvider(["{}", "{}", "{}"]),
                      on_call=lambda *args: started.append(args))

    async def run() -> None:
        await metered.complete(PROMPT, context=ctx(1, "review"))
        await metered.complete(PROMPT * 3, context=ctx(1, "review"))  # a longer re-ask
        await metered.complete(PROMPT, context=ctx(2, "plan"))

    asyncio.run(run())
    assert metered.calls == 3 and (metered.name, metered.model) == ("scripted", "scripted-model")
    assert started[0] == (1, "task 1", "review")
    review = metered.by_task()[1]["review"]
    assert review.calls == 2 and review.prompt_tokens == 14  # estimated, of the first prompt
    assert set(metered.by_task()[2]) == {"plan"}


def test_no_time_left_refuses_the_call_before_it_is_sent() -> None:
    inner = ScriptedProvider(["{}"])
    metered = Metered(inner, time_left=lambda: 0.0)
    with pytest.raises(ProviderError, match="reached before this call"):
        asyncio.run(metered.complete(PROMPT, context=ctx(1, "review")))
    assert inner.calls == []


@pytest.mark.timeout(30)
def test_the_time_left_bounds_a_call_that_hangs() -> None:
    metered = Metered(Slow(), time_left=lambda: 0.05)
    with pytest.raises(ProviderError, match="reached during this call") as caught:
        asyncio.run(metered.complete(PROMPT, context=ctx(1, "plan")))
    assert caught.value.kind == "timeout"
    assert metered.by_task()[1]["plan"].seconds > 0
