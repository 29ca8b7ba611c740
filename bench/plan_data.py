"""Sample PlanSpec data: a realistic large plan, and a flat plan of independent steps.

The realistic plan (origin ``user``) mixes chains, fan-outs and fan-ins, nests groups
up to the contract's depth of 4, and targets ``user``, ``assistant.write``,
``reminder.set``, ``message.post``, ``calendar.read`` and ``file.write`` with valid
inputs. It has no cycles by construction: a step may only depend on steps whose whole
subtree was finished before the step's own subtree began, so every edge the graph
checks (dependencies, inherited dependencies, group → children) points backwards.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

MAX_DEPTH = 4
GROUP_CHANCE = {1: 0.35, 2: 0.3, 3: 0.25}  # by level; level 4 steps are always leaves
TARGET_WEIGHTS = {"user": 45, "assistant.write": 25, "reminder.set": 10, "message.post": 8,
                  "calendar.read": 7, "file.write": 5}
TOPICS = ("the offsite", "the passport renewal", "the move", "Q3 budget", "the launch",
          "the wedding", "the kitchen renovation", "the conference talk")


class _PlanBuilder:
    """Grows the plan depth first; ``finished`` lists steps whose subtree is complete."""

    def __init__(self, size: int, seed: int) -> None:
        self.size = size
        self.rng = random.Random(seed)
        self.steps: list[dict[str, Any]] = []
        self.finished: list[str] = []
        self.hub: str | None = None
        self.base = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)

    def build(self) -> list[dict[str, Any]]:
        while len(self.steps) < self.size:
            self._node(None, 1)
        return self.steps

    def _node(self, parent: str | None, level: int) -> None:
        number = len(self.steps) + 1
        sid = f"s{number}"
        topic = self.rng.choice(TOPICS)
        step: dict[str, Any] = {"id": sid, "title": f"Step {number} of {topic}",
                                "depends_on": self._dependencies(), "parent": parent}
        self.steps.append(step)
        room = self.size - len(self.steps)
        if level < MAX_DEPTH and room >= 2 and self.rng.random() < GROUP_CHANCE[level]:
            step.update(target=None, inputs={}, objective=f"Everything for {topic}")
            for _ in range(min(self.rng.randint(2, 6), room)):
                if len(self.steps) < self.size:
                    self._node(sid, level + 1)
        else:
            self._leaf(step, number, topic)
        self.finished.append(sid)
        if len(self.finished) % 40 == 1:
            self.hub = sid  # later steps fan out from it

    def _dependencies(self) -> list[str]:
        roll = self.rng.random()
        if not self.finished or roll >= 0.8:
            return []
        if roll < 0.5:
            return [self.finished[-1]]  # a chain
        if roll < 0.65 and self.hub is not None:
            return [self.hub]  # a fan-out
        recent = self.finished[-20:]
        return sorted(set(self.rng.sample(recent, min(len(recent), self.rng.randint(2, 3)))))

    def _leaf(self, step: dict[str, Any], number: int, topic: str) -> None:
        target = self.rng.choices(list(TARGET_WEIGHTS), weights=list(TARGET_WEIGHTS.values()))[0]
        when = self.base + timedelta(hours=number)
        step.update(target=target, inputs=_inputs(target, topic, when, number))
        if self.rng.random() < 0.3:
            step["done_when"] = f"{topic} is confirmed"
        if self.rng.random() < 0.2:
            step["due"] = _iso(when)


def _inputs(target: str, topic: str, when: datetime, number: int) -> dict[str, Any]:
    if target == "assistant.write":
        return {"instructions": f"Draft a short checklist for {topic}, in plain words."}
    if target == "reminder.set":
        return {"at": _iso(when), "text": f"Follow up on {topic}"}
    if target == "message.post":
        return {"to": "Alex", "text": f"Can you confirm the dates for {topic}?"}
    if target == "calendar.read":
        return {"from": _iso(when), "to": _iso(when + timedelta(days=7))}
    if target == "file.write":
        return {"path": f"notes/step-{number}.md", "content": f"# {topic}\n"}
    return {}


def _iso(when: datetime) -> str:
    return when.isoformat().replace("+00:00", "Z")


def realistic_plan(size: int, seed: int = 7) -> dict[str, Any]:
    """PlanSpec v1 data with ``size`` steps, origin ``user``."""
    return {"schema_version": 1, "revision": 1, "origin": "user",
            "title": f"A {size}-step plan", "objective": "Benchmark data",
            "steps": _PlanBuilder(size, seed).build()}


def flat_plan(size: int) -> dict[str, Any]:
    """PlanSpec v1 data with ``size`` independent ``user`` steps (all ready at once)."""
    steps = [{"id": f"s{n}", "title": f"Step {n}", "target": "user"} for n in range(1, size + 1)]
    return {"schema_version": 1, "revision": 1, "origin": "user", "title": "Flat",
            "steps": steps}
