"""Partial plans while a reply streams, parsed at most every 100 ms."""

from __future__ import annotations

import json
from typing import Any

from app.agent.streaming import StreamWatcher, complete_steps

PLAN = json.dumps({"schema_version": 1, "title": "T", "steps": [
    {"id": "a", "title": "First {braces} and \"quotes\"", "inputs": {"x": {"y": 1}}},
    {"id": "b", "title": "第二步", "depends_on": ["a"]},
    {"id": "c", "title": "Third"}]}, ensure_ascii=False)


def test_only_closed_steps_are_reported() -> None:
    cut = PLAN.index('{"id": "c"') + 12
    assert [s["id"] for s in complete_steps(PLAN[:cut])] == ["a", "b"]
    assert [s["id"] for s in complete_steps(PLAN)] == ["a", "b", "c"]
    assert complete_steps('{"title": "no steps yet"') == []


def test_fenced_and_thinking_replies_work_too() -> None:
    text = "<think>plan {a}</think>Here:\n```json\n" + PLAN[:-2]  # still streaming
    assert [s["id"] for s in complete_steps(text)] == ["a", "b", "c"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_parses_at_most_every_interval_and_once_at_the_end() -> None:
    seen: list[list[str]] = []
    clock = FakeClock()

    def on_steps(steps: list[dict[str, Any]]) -> None:
        seen.append([s["id"] for s in steps])

    watcher = StreamWatcher(on_steps, interval_s=0.1, clock=clock)
    for i, ch in enumerate(PLAN):  # one character per chunk, 1 ms apart
        clock.now = i / 1000
        watcher.feed(ch)
    watcher.finish()
    assert watcher.parses <= len(PLAN) / 100 + 2
    assert seen[-1] == ["a", "b", "c"]
    assert all(len(x) < len(y) for x, y in zip(seen, seen[1:], strict=False))
