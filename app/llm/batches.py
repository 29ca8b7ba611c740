"""A streamed body read in batches: everything that arrived together, at most every 50 ms.

A model server sends one event per token, each in its own network chunk. Waking up,
reading the socket and parsing for every one of them costs more CPU than the reply is
worth, and a window repainted per token gains nothing. :class:`Batches` reads the body
in a task of its own (the *pump*) and hands the reader all bytes gathered since the last
batch. After a batch is taken both sides hold until :data:`DELIVERY_INTERVAL_S` has
passed: meanwhile the pump does not read, so the kernel gathers what the server sends
and the next read takes it in one piece. Text that comes slowly is handed over as soon
as it arrives once the interval has passed, and the end of the body ends any hold.

Timeouts and errors stay the HTTP stack's: the pump's reads carry the request's read
timeout, and whatever the pump raises is raised again by the reader. Leaving the
``async with`` block (an error, a cancellation, the caller's deadline) cancels the pump
and closes the body.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from contextlib import aclosing, suppress
from types import TracebackType

DELIVERY_INTERVAL_S = 0.05  # streamed text reaches its sink at most 20 times a second
# After a hold, how long the reader waits for the read that takes what the kernel gathered
# (on loopback it is back within a loop pass; a silent server sent nothing to wait for).
_GRACE_S = 0.005


class Batches:
    """``async with Batches(body) as batches: async for data in batches: ...``.

    Args:
        chunks: the body's byte chunks (``response.aiter_bytes()``); closed by the pump.
        interval_s: the shortest time between two batches while the body streams.
    """

    def __init__(self, chunks: AsyncGenerator[bytes, None],
                 interval_s: float = DELIVERY_INTERVAL_S) -> None:
        self._chunks = chunks
        self._interval = interval_s
        self._buffer: list[bytes] = []
        self._arrived = asyncio.Event()
        self._held_until = float("-inf")
        self._loop = asyncio.get_running_loop()
        self._pump: asyncio.Task[None] | None = None
        self.batches = 0

    async def __aenter__(self) -> Batches:
        self._pump = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        pump = self._pump
        if pump is None:
            return
        pump.cancel()
        await asyncio.wait([pump])
        if not pump.cancelled():
            pump.exception()  # retrieved: it was raised to the reader, or is moot now

    def __aiter__(self) -> Batches:
        return self

    async def __anext__(self) -> bytes:
        batch = await self.next_batch()
        if batch is None:
            raise StopAsyncIteration
        return batch

    async def next_batch(self) -> bytes | None:
        """The bytes that arrived since the last batch, or None at the end of the body.

        Raises:
            Exception: what the pump's read raised (a timeout, a broken connection).
        """
        pump = self._running()
        delay = self._held_until - self._loop.time()
        if delay > 0 and not pump.done():
            await asyncio.wait([pump], timeout=delay)
        if not self._arrived.is_set() and not pump.done():
            await self._fresh_read(pump)
        if not self._buffer:
            pump.result()
            return None
        data = b"".join(self._buffer) if len(self._buffer) > 1 else self._buffer[0]
        self._buffer.clear()
        self._arrived.clear()
        self._held_until = self._loop.time() + self._interval
        self.batches += 1
        return data

    async def _fresh_read(self, pump: asyncio.Task[None]) -> None:
        """Wait for the pump's next chunk; when it holds one from the last interval
        already, only long enough for its read after the hold to come back."""
        grace = _GRACE_S if self._buffer else None
        with suppress(TimeoutError):
            async with asyncio.timeout(grace):
                await self._arrived.wait()

    def _running(self) -> asyncio.Task[None]:
        if self._pump is None:
            raise RuntimeError("Batches is read inside `async with` only")
        return self._pump

    async def _read(self) -> None:
        try:
            async with aclosing(self._chunks) as chunks:
                async for chunk in chunks:
                    self._buffer.append(chunk)
                    delay = self._held_until - self._loop.time()
                    if delay <= 0:
                        self._arrived.set()  # the reader runs once this task waits to read
                    else:
                        await asyncio.sleep(delay)  # no reads: the kernel gathers the stream
        finally:
            self._arrived.set()
