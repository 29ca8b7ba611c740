"""The CPU a streamed reply costs: 4,000 tokens at 200 tokens a second through the provider.

A paced server (``sse_server.py``) runs as a separate process, so its CPU is not
counted, and streams an OpenAI-style reply, one server-sent event per token. This
process calls ``make_provider(ProviderConfig(kind="openai", …)).complete(messages,
on_chunk=…)`` with an ``on_chunk`` that appends to a list, and measures its own CPU time
(``time.process_time``: user + system, every thread) over the wall time of the call.
A 5-token call first warms up the shared HTTP client and its connection, as in a
running app. Target: under 5 % of one core.
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
    chunks: int
    text: str


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
    return Findings([
        Result(f"{label}: CPU of this process / wall", f"{share * 100:.2f} % of one core",
               TARGET_TEXT, share < TARGET),
        Result(f"{label}: wall, CPU, chunks received",
               f"{duration(stream.wall_s)} wall, {duration(stream.cpu_s)} CPU, "
               f"{stream.chunks:,} chunks ({stream.cpu_s / stream.chunks * 1e6:.0f} µs each)"),
    ])


async def _stream(base_url: str) -> Stream:
    from app.llm import Message, ProviderConfig, close_clients, make_provider

    messages = [Message("system", "You plan tasks."),
                Message("user", "Plan the team offsite, step by step.")]
    warm = make_provider(ProviderConfig(kind="openai", base_url=base_url, model="m",
                                        max_tokens=5))
    await warm.complete(messages, on_chunk=lambda _text: None)
    provider = make_provider(ProviderConfig(kind="openai", base_url=base_url, model="m"))
    chunks: list[str] = []
    wall, cpu = time.perf_counter(), time.process_time()
    reply = await provider.complete(messages, on_chunk=chunks.append)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    await close_clients()
    return Stream(wall, cpu, len(chunks), reply.text)
