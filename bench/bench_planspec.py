"""Validating large plans in-process with ``app.plan.spec.parse`` (decode + validate).

The data is already-parsed JSON (as ``stepwise plan validate`` has after reading the
file). Each figure is the median of 20 calls after one warm-up call, which also builds
the cached JSON Schema validators. Target: a 2,000-step plan in under 50 ms.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from bench.measure import median, time_calls
from bench.plan_data import realistic_plan
from bench.report import Findings, Result, duration

REPEAT = 20
TARGET_S = 0.050
TARGET_TEXT = "< 50 ms"
MAX_STEPS_SETTING = 10  # the default assistant.max_steps; origin user allows 2,000


def run(work: Path) -> Findings:
    """Time ``parse`` on a 2,000-step and a 500-step plan (``work`` is unused)."""
    findings = Findings()
    for size, target in ((2000, TARGET_S), (500, None)):
        data = realistic_plan(size)
        seconds = median(time_calls(partial(_parse, data), REPEAT))
        findings.results.append(Result(
            f"planspec.parse, {size:,}-step plan (median of {REPEAT})", duration(seconds),
            "" if target is None else TARGET_TEXT,
            None if target is None else seconds < target))
    findings.notes.append(_shape_note(realistic_plan(2000)))
    return findings


def _parse(data: dict[str, Any]) -> None:
    from app.plan.spec import parse

    parse(data, max_steps=MAX_STEPS_SETTING)


def _shape_note(data: dict[str, Any]) -> str:
    """What the 2,000-step plan holds, so the figure can be read against it."""
    steps = data["steps"]
    groups = {s["parent"] for s in steps if s["parent"]}
    edges = sum(len(s["depends_on"]) for s in steps)
    schema_checked = sum(1 for s in steps if s.get("target") not in (None, "user"))
    return (f"the 2,000-step plan has {len(groups)} groups, {edges} dependencies and "
            f"{schema_checked} steps whose inputs go through JSON Schema")
