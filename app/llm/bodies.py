"""Reading a model server's answer within bounds, whatever the server sends.

A body past its bound stops the read and is refused (``too_large`` builds the error)
before it is all in memory; an error body is cut instead, since only its first words
are shown. Streamed events and lines are bounded in :mod:`app.llm.frames`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from typing import TypeVar, cast

import httpx2

from app.llm.base import MAX_REPLY_CHARS

T = TypeVar("T")
TooLarge = Callable[[], Exception]
# One whole JSON reply or one streamed event or line: JSON escapes make reply text up to
# 6 bytes a character, and a little framing comes with it.
MAX_BODY_BYTES = 8 * MAX_REPLY_CHARS


def closable(items: AsyncIterator[T]) -> AsyncGenerator[T, None]:
    """httpx2 types its body iterators loosely; they are async generators, closed explicitly
    (``contextlib.aclosing``) so nothing is left for the garbage collector to finish."""
    return cast(AsyncGenerator[T, None], items)


async def read_body(response: httpx2.Response, too_large: TooLarge,
                    limit: int = MAX_BODY_BYTES, *, cut: bool = False) -> str:
    """At most ``limit`` bytes of a body as text: past it, reading stops and the rest is
    dropped (``cut``) or ``too_large()`` is raised."""
    body = bytearray()
    async with aclosing(closable(response.aiter_bytes())) as chunks:
        async for chunk in chunks:
            body += chunk
            if len(body) > limit and cut:
                del body[limit:]
                break
            if len(body) > limit:
                raise too_large()
    return body.decode(response.encoding or "utf-8", errors="replace")
