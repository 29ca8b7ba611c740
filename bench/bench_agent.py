"""The assistant loop's own overhead: reviewing and planning 1,000 tasks with the offline planner.

A fresh database file gets 1,000 varied tasks (``agent_data.agent_tasks``) through
``add_task``; then ``Assistant(OfflineProvider(), auto_accept=False).run_until_idle()``
runs, in one ``asyncio.run``, until no task has work due: each task is reviewed (and a
task sent on to the ``plan`` stage is planned). The offline planner answers at once, so
the time is the loop's: picking, prompts, the call journal, parsing and validating the
reply, saving the plan. Targets: under 20 s in all, under 20 ms a task.

``run_until_idle`` is called with ``limit=CHUNK`` until it returns fewer outcomes (the
same runs as one call, timed by chunk), so a slow loop can stop at ``BUDGET_S`` and keep
the whole bench short; the row then says how far it got, and the per-task figure is a
lower bound (later stages cost more when picking scans every open task). On a miss, a
note lists the heaviest Stepwise functions (cumulative time) in a cProfile of the next
``PROFILED`` stages, or of one idle pass when none are left.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.agent_data import TASK_COUNT, agent_tasks
from bench.report import Findings, Result, duration

CHUNK = 25
BUDGET_S = 60.0
PROFILED = 5
TOP = 8
TARGET_TOTAL_S = 20.0
TARGET_TASK_S = 0.020
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    chunks: list[tuple[int, float]]  # (stages run, seconds) per run_until_idle call
    outcomes: list[Any]
    finished: bool

    @property
    def seconds(self) -> float:
        return sum(s for _, s in self.chunks)


def run(work: Path) -> Findings:
    """Fill a database with the tasks, run the loop until idle (or the budget), count."""
    from models import close_database, open_database

    open_database(work / "loop.db")
    try:
        _add_tasks()
        loop_run = asyncio.run(_run_loop())
        findings = _findings(loop_run)
        if not (findings.results[0].ok and findings.results[1].ok):
            findings.notes.append(_profile(loop_run.finished))
        return findings
    finally:
        close_database()


def _add_tasks() -> None:
    from app.tasks.store import NewTask, add_task

    for task in agent_tasks(datetime.now(UTC)):
        add_task(NewTask(title=task.title, detail=task.detail, due_at=task.due_at,
                         priority=task.priority, recurrence=task.recurrence))


def _assistant() -> Any:
    from app.agent.loop import Assistant
    from app.llm.offline.provider import OfflineProvider

    return Assistant(OfflineProvider(), auto_accept=False)


async def _run_loop() -> Run:
    assistant = _assistant()
    done = Run([], [], False)
    started = time.perf_counter()
    while time.perf_counter() - started < BUDGET_S:
        begun = time.perf_counter()
        outcomes = await assistant.run_until_idle(limit=CHUNK)
        done.chunks.append((len(outcomes), time.perf_counter() - begun))
        done.outcomes += outcomes
        if len(outcomes) < CHUNK:
            done.finished = True
            break
    return done


def _findings(loop_run: Run) -> Findings:
    from models import Plan, Task

    reviewed = sum(o.stage == "review" for o in loop_run.outcomes)
    total = loop_run.seconds
    per_task = total / max(1, reviewed)
    label = f"assistant loop, offline planner, {TASK_COUNT:,} tasks"
    if loop_run.finished:
        measured, per_text = duration(total), duration(per_task)
    else:
        measured = (f"stopped after the {BUDGET_S:.0f} s budget: {reviewed:,} of {TASK_COUNT:,} "
                    f"tasks reviewed in {duration(total)}")
        per_text = f"≥ {duration(per_task)} (first {reviewed:,} tasks)"
    stages = Counter(o.stage for o in loop_run.outcomes)
    failed = sum(o.summary == "failed" for o in loop_run.outcomes)
    planned = Plan.select(Plan.task).distinct().count()
    statuses = Counter(t.status for t in Task.select(Task.status))
    first, last = loop_run.chunks[0], loop_run.chunks[-1]
    return Findings([
        Result(f"{label}: `run_until_idle` total", measured, f"< {TARGET_TOTAL_S:.0f} s",
               loop_run.finished and total < TARGET_TOTAL_S),
        Result(f"{label}: per task", per_text, f"< {TARGET_TASK_S * 1000:.0f} ms a task",
               loop_run.finished and per_task < TARGET_TASK_S),
        Result(f"{label}: cost of a stage, first vs last {CHUNK} runs",
               f"{_each(first)} → {_each(last)}"),
        Result(f"{label}: outcomes (sanity check)",
               f"{len(loop_run.outcomes):,} outcomes ("
               + ", ".join(f"{n:,} {stage}" for stage, n in stages.most_common())
               + f"; {failed} failed); {planned:,} tasks with a plan; status: "
               + ", ".join(f"{n:,} {status}" for status, n in statuses.most_common())),
    ])


def _each(chunk: tuple[int, float]) -> str:
    count, seconds = chunk
    return f"{duration(seconds / max(1, count))} each"


def _profile(finished: bool) -> str:
    """The heaviest Stepwise functions in a profile of the next stages (or an idle pass)."""
    assistant = _assistant()
    profiler = cProfile.Profile()
    profiler.enable()
    outcomes = asyncio.run(assistant.run_until_idle(limit=PROFILED))
    profiler.disable()
    rows = []
    for (filename, line, name), (_, calls, _, cumulative, _) in (
            pstats.Stats(profiler).stats.items()):  # type: ignore[attr-defined]
        path = Path(filename)
        if path.is_relative_to(ROOT) and path.parts[len(ROOT.parts)] in ("app", "models"):
            rows.append((cumulative, calls, f"{path.relative_to(ROOT)}:{line}({name})"))
    rows.sort(reverse=True)
    what = f"{len(outcomes)} more stages" if outcomes else "one idle pass (nothing left to do)"
    top = "; ".join(f"{where} {duration(cum)} in {calls:,} calls"
                    for cum, calls, where in rows[:TOP])
    return (f"the loop missed its target; cProfile of {what} (all {TASK_COUNT:,} tasks in the "
            f"database{'' if finished else ', the run cut off'}), heaviest by cumulative "
            f"time: {top}")
