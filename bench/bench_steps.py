"""Committing one step state transition in-process with ``app.plan.store.step_action``.

A task gets a plan of independent ``user`` steps (all ready at once), saved with
``save_plan`` and approved; then every step is started, and every step is finished,
each call timed on its own (one IMMEDIATE transaction, WAL with synchronous=NORMAL,
in a fresh database file in a temporary folder). Target: median under 2 ms. The
larger plan shows how the cost grows with the plan's size.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from bench.measure import median, percentile, time_call
from bench.plan_data import flat_plan
from bench.report import Findings, Result, duration

TARGET_S = 0.002
TARGET_TEXT = "median < 2 ms"
CASES = ((300, 300), (2000, 100))  # (steps in the plan, steps moved and timed)


def run(work: Path) -> Findings:
    """Time ``start`` and ``done`` on each case's plan, one database per case."""
    findings = Findings()
    for size, moved in CASES:
        timings = _timings(work / f"steps-{size}.db", size, moved)
        for action, seconds in timings.items():
            findings.results.append(_row(action, size, seconds))
    return findings


def _timings(db: Path, size: int, moved: int) -> dict[str, list[float]]:
    """Seconds per ``start`` and per ``done`` for the first ``moved`` steps of the plan."""
    from app.plan.store import step_action
    from models import close_database, open_database

    open_database(db)
    try:
        task_id = _task_with_approved_plan(size)
        ids = [f"s{n}" for n in range(1, moved + 1)]
        return {action: [time_call(partial(step_action, task_id, sid, action)) for sid in ids]
                for action in ("start", "done")}
    finally:
        close_database()


def _task_with_approved_plan(size: int) -> int:
    from app.plan.store import approve_all, save_plan
    from app.tasks.store import NewTask, add_task

    task = add_task(NewTask(title=f"Benchmark plan of {size} steps"))
    save_plan(task.id, flat_plan(size))
    approve_all()  # a plan of the person's own steps runs at once: nothing waits
    return int(task.id)


def _row(action: str, size: int, seconds: list[float]) -> Result:
    middle = median(seconds)
    return Result(
        f"step `{action}` in a {size:,}-step plan ({len(seconds)} calls)",
        f"median {duration(middle)}, p95 {duration(percentile(seconds, 0.95))}",
        TARGET_TEXT, middle < TARGET_S)
