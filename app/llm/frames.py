"""Framing a streamed body: server-sent events (OpenAI-compatible) and JSON lines (Ollama).

Both are fed byte batches as they arrive (:mod:`app.llm.batches`) and give back what
those bytes completed, so one batch of many events is parsed in one pass. Lines may end
in LF, CRLF or CR (server-sent events) and may be split anywhere across batches, a
multi-byte character too. An event or a line past ``limit`` bytes raises
``too_large()`` before it is all in memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable

TooLarge = Callable[[], Exception]
_ENDINGS = re.compile(rb"\r\n|\r|\n")


class SSEFrames:
    """The ``data`` of each complete server-sent event (events without data are skipped;
    ``event``, ``id``, ``retry`` and comments are read past)."""

    def __init__(self, limit: int, too_large: TooLarge) -> None:
        self._limit = limit
        self._too_large = too_large
        self._pending = _Pending(limit, too_large)
        self._data: list[bytes] = []
        self._size = 0

    def feed(self, chunk: bytes) -> list[str]:
        """The events ``chunk`` completed, in order."""
        if b"\n" not in chunk and b"\r" not in chunk:
            self._pending.add(chunk, self._size)
            return []
        text = self._pending.take() + chunk
        # A CR at the very end may be the first half of a CRLF: decide with the next batch.
        cut = len(text) - 1 if text.endswith(b"\r") else len(text)
        lines = _ENDINGS.split(text[:cut]) if b"\r" in text else text.split(b"\n")
        if cut < len(text):
            lines[-1] += b"\r"
        rest = lines.pop()
        events = [event for line in lines if (event := self._line(line)) is not None]
        self._pending.add(rest, self._size)
        return events

    def _line(self, line: bytes) -> str | None:
        if not line:
            return self._dispatch()
        name, colon, value = line.partition(b":")
        if name == b"data":
            value = value[1:] if value.startswith(b" ") else value
            self._data.append(value)
            self._size += len(value) + 1
            if self._size > self._limit:
                raise self._too_large()
        return None  # a comment (empty name), or a field the providers do not use

    def _dispatch(self) -> str | None:
        if not self._data:
            return None
        data = b"\n".join(self._data).decode("utf-8", errors="replace")
        self._data, self._size = [], 0
        return data


class LineFrames:
    """The complete lines of a JSON-lines body, without their line endings."""

    def __init__(self, limit: int, too_large: TooLarge) -> None:
        self._pending = _Pending(limit, too_large)

    def feed(self, chunk: bytes) -> list[str]:
        """The lines ``chunk`` completed, in order."""
        if b"\n" not in chunk:
            self._pending.add(chunk)
            return []
        *done, rest = (self._pending.take() + chunk).split(b"\n")
        self._pending.add(rest)
        return [line.decode("utf-8", errors="replace") for line in done]

    def end(self) -> list[str]:
        """The last line when the body did not end with a line break."""
        rest = self._pending.take()
        return [rest.decode("utf-8", errors="replace")] if rest.strip() else []


class _Pending:
    """The bytes of an unfinished line, kept in pieces (a long line comes in many)."""

    def __init__(self, limit: int, too_large: TooLarge) -> None:
        self._limit = limit
        self._too_large = too_large
        self._parts: list[bytes] = []
        self._size = 0

    def add(self, part: bytes, held_elsewhere: int = 0) -> None:
        """Keep ``part``; past the limit (with ``held_elsewhere`` bytes of the same event)
        raise ``too_large()``."""
        if part:
            self._parts.append(part)
            self._size += len(part)
        if self._size + held_elsewhere > self._limit:
            raise self._too_large()

    def take(self) -> bytes:
        text = b"".join(self._parts)
        self._parts, self._size = [], 0
        return text
