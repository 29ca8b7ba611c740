"""Watching a reply while it streams: the plan's steps so far, parsed at most every 100 ms.

The window shows a plan growing while the model writes it. Parsing the partial text on
every chunk would cost more than the stream itself, so ``StreamWatcher`` parses at
most once per interval (and once more at the end), and only reports when the list of
complete steps has grown.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from app.agent.relaxed_json import strip_wrapping

Clock = Callable[[], float]
StepsSink = Callable[[list[dict[str, Any]]], None]


def complete_steps(text: str) -> list[dict[str, Any]]:
    """The step objects already closed in a partial plan reply (strict JSON pieces only)."""
    body = strip_wrapping(text)
    anchor = body.find('"steps"')
    if anchor < 0:
        return []
    start = body.find("[", anchor)
    if start < 0:
        return []
    steps, depth, quote, escape, opened = [], 0, False, False, -1
    for i in range(start + 1, len(body)):
        ch = body[i]
        if quote:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch == "{":
            if depth == 0:
                opened = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0 and opened >= 0:
                try:
                    piece = json.loads(body[opened:i + 1])
                except json.JSONDecodeError:
                    continue
                if isinstance(piece, dict) and "id" in piece:
                    steps.append(piece)
        elif ch == "]" and depth == 0:
            break
    return steps


class StreamWatcher:
    """Feed it chunks; it calls ``on_steps`` with the complete steps when they change."""

    def __init__(self, on_steps: StepsSink, interval_s: float = 0.1,
                 clock: Clock = time.monotonic) -> None:
        self.on_steps = on_steps
        self.interval_s = interval_s
        self.clock = clock
        self.text: list[str] = []
        self.parses = 0
        self._last_parse = float("-inf")
        self._known = 0

    def feed(self, chunk: str) -> None:
        self.text.append(chunk)
        now = self.clock()
        if now - self._last_parse >= self.interval_s:
            self._last_parse = now
            self._parse()

    def finish(self) -> None:
        """Parse once more at the end so the last steps are never missed."""
        self._parse()

    def _parse(self) -> None:
        self.parses += 1
        steps = complete_steps("".join(self.text))
        if len(steps) > self._known:
            self._known = len(steps)
            self.on_steps(steps)
