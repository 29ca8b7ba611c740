"""Reading a model server's answer within bounds, whatever the server sends.

A body past its bound stops the read and is refused (``too_large`` builds the error)
before it is all in memory; an error body is cut instead, since only its first words
are shown (``error_text``, with when to try again: ``retry_after_s``). Streamed events
and lines are bounded in :mod:`app.llm.frames`.
"""

from __future__ import annotations

import email.utils
import json
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing, suppress
from typing import Any, TypeVar, cast

import httpx2

from app.llm.base import MAX_REPLY_CHARS

T = TypeVar("T")
TooLarge = Callable[[], Exception]
# One whole JSON reply or one streamed event or line: JSON escapes make reply text up to
# 6 bytes a character, and a little framing comes with it.
MAX_BODY_BYTES = 8 * MAX_REPLY_CHARS
_SNIPPET_CHARS = 300  # how much of a server's error text goes into a message


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


def retry_after_s(value: str | None) -> float | None:
    """Retry-After as seconds from now; it may be a number or an HTTP date."""
    if not value:
        return None
    with suppress(ValueError):
        return max(0.0, float(value))
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def error_text(body: str) -> str:
    """The human part of an error body (OpenAI, Ollama and FastAPI shapes), shortened."""
    try:
        data: Any = json.loads(body)
    except ValueError:
        data = body
    if isinstance(data, dict):
        data = data.get("error") or data.get("message") or data.get("detail") or data
    if isinstance(data, dict):
        data = data.get("message") or data
    text = " ".join(str(data).split())
    return text if len(text) <= _SNIPPET_CHARS else text[:_SNIPPET_CHARS] + "…"
