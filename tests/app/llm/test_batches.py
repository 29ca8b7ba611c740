"""Streamed replies read in batches (issue 15, item 3), against the real loopback fake server.

Events that arrive together are delivered together, at most every 50 ms, and slow text is
never held back; events and lines split anywhere across network chunks (a multi-byte
character too) and CRLF endings read the same; a call cancelled in the middle of a batch
leaves no task and no connection behind; a reply ends as soon as its body does.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from app.llm.batches import DELIVERY_INTERVAL_S
from tests.app.llm.test_http import (
    KINDS,
    MESSAGES,
    complete,
    provider,
    run,
    setter,
    wait_until,
)
from tests.fakeserver import DEFAULT_TEXT, FakeModelServer, drip, raw


def frame(kind: str, content: str, *, crlf: bool = False) -> bytes:
    """One streamed piece of text in ``kind``'s wire format."""
    if kind == "openai":
        data = {"model": "fake-small", "choices": [{"index": 0, "delta": {"content": content}}]}
        out = b"data: " + json.dumps(data, ensure_ascii=False).encode() + b"\n\n"
    else:
        data = {"model": "fake-small", "message": {"role": "assistant", "content": content},
                "done": False}
        out = json.dumps(data, ensure_ascii=False).encode() + b"\n"
    return out.replace(b"\n", b"\r\n") if crlf else out


def end(kind: str, *, crlf: bool = False) -> bytes:
    """The stream's end: ``[DONE]`` after a usage event, or Ollama's ``done`` line."""
    if kind == "openai":
        usage = {"prompt_tokens": 3, "completion_tokens": 4}
        out = (b"data: " + json.dumps({"choices": [], "usage": usage}).encode()
               + b"\n\ndata: [DONE]\n\n")
    else:
        out = json.dumps({"model": "fake-small", "message": {"content": ""}, "done": True,
                          "prompt_eval_count": 3, "eval_count": 4}).encode() + b"\n"
    return out.replace(b"\n", b"\r\n") if crlf else out


def split_every(data: bytes, size: int) -> tuple[bytes, ...]:
    return tuple(data[i:i + size] for i in range(0, len(data), size))


@pytest.mark.parametrize("kind", KINDS)
def test_batching_several_events_in_one_chunk_arrive_as_one_delivery(
        server: FakeModelServer, kind: str) -> None:
    pieces = ["Renew ", "the ", "passport ", "before ", "May"]
    server.script(raw(b"".join(frame(kind, p) for p in pieces), end(kind), delay_s=0.1))
    chunks: list[str] = []
    result = complete(provider(server, kind), chunks)
    assert chunks == ["".join(pieces)]
    assert result.text == "".join(pieces)
    assert (result.prompt_tokens, result.completion_tokens) == (3, 4)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", KINDS)
def test_batching_slow_text_is_delivered_at_once_each_piece_alone(
        server: FakeModelServer, kind: str) -> None:
    # Pieces 150 ms apart: a delivery that waited 100 ms past its piece would take the
    # next piece with it.
    server.script(drip(tokens=6, per_s=1 / 0.15))
    chunks: list[str] = []
    result = complete(provider(server, kind), chunks)
    assert chunks == ["tok "] * 6
    assert result.text == "tok " * 6


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", KINDS)
def test_batching_a_fast_stream_is_delivered_at_most_every_50_ms(
        server: FakeModelServer, kind: str) -> None:
    server.script(drip(tokens=150, per_s=300))
    seen: list[tuple[float, str]] = []
    p = provider(server, kind)
    reply = run(p.complete(MESSAGES, on_chunk=lambda t: seen.append((time.monotonic(), t))))
    assert "".join(text for _, text in seen) == reply.text == "tok " * 150
    gaps = [b - a for (a, _), (b, _) in zip(seen, seen[1:], strict=False)]
    assert gaps and min(gaps) >= DELIVERY_INTERVAL_S * 0.9
    assert len(seen) < 150 / 3  # about 15 tokens a delivery, not one


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", KINDS)
def test_batching_cancellation_mid_batch_leaves_no_task_or_connection(
        server: FakeModelServer, kind: str) -> None:
    server.script(drip(tokens=400, per_s=200))
    p = provider(server, kind)

    async def scenario() -> None:
        first = asyncio.Event()
        call = asyncio.create_task(p.complete(MESSAGES, on_chunk=setter(first)))
        await wait_until(first.is_set, "the first delivery")
        await asyncio.sleep(DELIVERY_INTERVAL_S / 2)  # inside the hold, a batch half read
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        assert asyncio.all_tasks() == {asyncio.current_task()}  # the pump is gone too
        assert await asyncio.to_thread(server.wait_open_connections, 0, 5.0)

    run(scenario())


@pytest.mark.parametrize("size", [1, 3, 7, 64])
def test_ndjson_split_across_chunks_reads_whole_lines(server: FakeModelServer,
                                                      size: int) -> None:
    body = frame("ollama", "先买菜，") + frame("ollama", "然后做饭") + end("ollama")
    server.script(raw(*split_every(body, size)))
    result = complete(provider(server, "ollama"), [])
    assert result.text == "先买菜，然后做饭"
    assert (result.prompt_tokens, result.completion_tokens) == (3, 4)


@pytest.mark.parametrize("size", [1, 2, 5, 64])
def test_sse_event_split_across_chunk_boundaries_reads_whole_events(
        server: FakeModelServer, size: int) -> None:
    body = frame("openai", "Book ") + frame("openai", "the 会议室") + end("openai")
    server.script(raw(*split_every(body, size)))
    chunks: list[str] = []
    result = complete(provider(server, "openai"), chunks)
    assert result.text == "".join(chunks) == "Book the 会议室"
    assert (result.prompt_tokens, result.completion_tokens) == (3, 4)


@pytest.mark.parametrize("kind", KINDS)
def test_crlf_line_endings_read_like_lf(server: FakeModelServer, kind: str) -> None:
    body = frame(kind, "one ", crlf=True) + frame(kind, "two", crlf=True) + end(kind, crlf=True)
    # The CR and the LF of one ending in different network chunks, a delay apart.
    cut_at = body.index(b"\r\n") + 1
    server.script(raw(body[:cut_at], body[cut_at:], delay_s=0.06))
    result = complete(provider(server, kind), [])
    assert result.text == "one two"
    assert (result.prompt_tokens, result.completion_tokens) == (3, 4)


@pytest.mark.parametrize("kind", KINDS)
def test_a_reply_ends_as_soon_as_its_body_does(server: FakeModelServer, kind: str) -> None:
    # Regression: waiting for the body's end after the end marker once took the whole
    # drain time (1 s) when the body ended while the reader was holding.
    p = provider(server, kind)

    async def timed() -> float:
        await p.complete(MESSAGES)  # opens the connection
        started = time.monotonic()
        reply = await p.complete(MESSAGES, on_chunk=lambda _: None)
        assert reply.text == DEFAULT_TEXT
        return time.monotonic() - started

    assert run(timed()) < 0.5
