"""The CPU a streamed reply costs: 4,000 tokens at 200 tokens a second through the provider.

A paced server (``sse_server.py``) runs as a separate process, so its CPU is not
counted, and streams an OpenAI-style reply, one server-sent event per token. This
process calls ``make_provider(ProviderConfig(kind="openai", …)).complete(messages,
on_chunk=…)`` and measures its own CPU time (``time.process_time``: user + system, every
thread) over the wall time of the call. A 5-token call first warms up the shared HTTP
client and its connection, as in a running app. Target: under 5 % of one core.

``on_chunk`` notes when each delivery came and hands it to the window's own gatherer
(``ui.shared.assistant.ChunkBatch``, whose posts become queued signals to the GUI
thread), so the run also shows how often text reaches the provider's sink and the
window (at most every 50 ms: 20 a second) and how long any text waited on the way.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench import sse_server
from bench.report import Findings, Result, duration

TOKENS = 4000
RATE = 200.0  # tokens a second
TARGET = 0.05
TARGET_TEXT = "< 5 % of one core"
SERVER = Path(sse_server.__file__).resolve()


@dataclass(frozen=True)
class Stream:
    wall_s: float
    cpu_s: float
    text: str
    deliveries: list[float]  # when each reached on_chunk (perf_counter)
    posts: list[tuple[float, int]]  # when the window's gatherer posted, how many deliveries


def run(work: Path) -> Findings:
    """Start the server process, stream one reply from it, stop the server."""
    server = subprocess.Popen([sys.executable, str(SERVER), str(TOKENS), str(RATE)],
                              stdout=subprocess.PIPE, text=True, cwd=work)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        stream = asyncio.run(_stream(f"http://127.0.0.1:{port}/v1"))
    finally:
        server.terminate()
        server.wait(timeout=10)
    expected = "".join(sse_server.tokens(TOKENS))
    if stream.text != expected:
        raise RuntimeError(f"the streamed text differs from what the server sent "
                           f"({len(stream.text)} vs {len(expected)} characters)")
    share = stream.cpu_s / stream.wall_s
    label = f"stream {TOKENS:,} tokens at {RATE:.0f}/s via `complete(on_chunk=…)`"
    count = len(stream.deliveries)
    return Findings([
        Result(f"{label}: CPU of this process / wall", f"{share * 100:.2f} % of one core",
               TARGET_TEXT, share < TARGET),
        Result(f"{label}: wall, CPU, deliveries to on_chunk",
               f"{duration(stream.wall_s)} wall, {duration(stream.cpu_s)} CPU, "
               f"{count:,} deliveries ({stream.cpu_s / TOKENS * 1e6:.0f} µs a token)"),
        _sink_row(stream), _window_row(stream),
    ])


def _sink_row(stream: Stream) -> Result:
    times = stream.deliveries
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)] or [0.0]
    rate = len(times) / stream.wall_s
    return Result("streaming: deliveries to the provider's on_chunk (a second; shortest and "
                  "longest gap)", f"{rate:.1f}/s; {min(gaps) * 1e3:.1f}–{max(gaps) * 1e3:.1f} ms",
                  "≤ 20/s, ≥ 50 ms apart", rate <= 21 and min(gaps) >= 0.045)


def _window_row(stream: Stream) -> Result:
    rate = len(stream.posts) / stream.wall_s
    waits, taken = [], 0
    for at, upto in stream.posts:  # the oldest delivery in each post waited longest
        waits.append(at - stream.deliveries[taken])
        taken = upto
    longest = max(waits, default=0.0)
    return Result("streaming: window posts (ChunkBatch → queued signal; a second; longest "
                  "any text waited in the worker)", f"{rate:.1f}/s; {longest * 1e3:.1f} ms",
                  "≤ 20/s, ≤ 100 ms", rate <= 21 and longest <= 0.1)


async def _stream(base_url: str) -> Stream:
    from app.llm import Message, ProviderConfig, close_clients, make_provider

    messages = [Message("system", "You plan tasks."),
                Message("user", "Plan the team offsite, step by step.")]
    warm = make_provider(ProviderConfig(kind="openai", base_url=base_url, model="m",
                                        max_tokens=5))
    await warm.complete(messages, on_chunk=lambda _text: None)
    from ui.shared.assistant import ChunkBatch

    provider = make_provider(ProviderConfig(kind="openai", base_url=base_url, model="m"))
    deliveries: list[float] = []
    posts: list[tuple[float, int]] = []
    batch = ChunkBatch(lambda _text: posts.append((time.perf_counter(), len(deliveries))))

    def on_chunk(text: str) -> None:
        deliveries.append(time.perf_counter())
        batch.add(text)

    wall, cpu = time.perf_counter(), time.process_time()
    reply = await provider.complete(messages, on_chunk=on_chunk)
    batch.flush()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    await close_clients()
    return Stream(wall, cpu, reply.text, deliveries, posts)
