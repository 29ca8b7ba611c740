"""``python -m bench``: run every benchmark, print one table, write bench/results/latest.md.

``python -m bench stream window`` runs only the benchmarks whose names contain a word
(the table is printed, bench/results/latest.md is left alone).

Each benchmark runs twice: quiet, then beside a competing CPU-bound process pinned to one
core (``bench/busy.py``); the table shows both columns, and "ok?" says yes only when both
meet the target. ``--quiet`` runs the quiet half only.

Each benchmark works in its own folder of one temporary directory. A benchmark that
breaks (a command exits non-zero, a plan fails validation) gets an ``error`` row, its
traceback goes to stderr, the others still run, and the exit status is 1.
"""

from __future__ import annotations

import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bench import (
    bench_agent,
    bench_big,
    bench_calendar,
    bench_ics_scale,
    bench_import,
    bench_list,
    bench_parse,
    bench_planspec,
    bench_replies,
    bench_schedule,
    bench_steps,
    bench_stream,
    bench_sync,
    bench_window,
    busy,
    report,
    window_sync,
)
from bench.report import Findings, Result, document

RESULTS = Path(__file__).resolve().parent / "results" / "latest.md"

BENCHMARKS: tuple[tuple[str, Callable[[Path], Findings]], ...] = (
    ("list vs Taskwarrior", bench_list.run),
    ("plan validation", bench_planspec.run),
    ("step transitions", bench_steps.run),
    ("import", bench_import.run),
    ("assistant loop", bench_agent.run),
    ("reply parsing", bench_replies.run),
    ("typed-task parsing", bench_parse.run),
    ("streaming", bench_stream.run),
    ("calendar and reminders", bench_calendar.run),
    ("scheduler", bench_schedule.run),
    ("window", bench_window.run),
    ("F5 while the list scrolls", bench_window.run_f5),
    ("window import while the list scrolls", bench_window.run_import),
    ("task sync", bench_sync.run),
    ("sync window", window_sync.run),
    ("100,000 tasks", bench_big.run),
    ("100,000 tasks as iCalendar", bench_ics_scale.run),
)


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark, or those whose names contain one of ``argv``'s words."""
    words = sys.argv[1:] if argv is None else argv
    quiet_only = "--quiet" in words
    wanted = [w.lower() for w in words if w != "--quiet"]
    chosen = [(n, r) for n, r in BENCHMARKS if not wanted or any(w in n.lower() for w in wanted)]
    if not chosen:
        print("bench: no benchmark matches; the names are: "
              + ", ".join(n for n, _ in BENCHMARKS), file=sys.stderr)
        return 2
    started = time.perf_counter()
    results: list[Result] = []
    pairs: list[tuple[Result, Result | None]] = []
    notes: list[str] = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-") as tmp:
        for name, run in chosen:
            work = Path(tmp) / name.replace(" ", "-")
            findings = _run_one(name, run, work)
            failed |= any(r.measured.startswith("error") for r in findings.results)
            results += findings.results
            notes += findings.notes
            if quiet_only:
                continue
            with busy.competitor() as load:
                beside = _run_one(f"{name} (busy)", run, work.with_name(work.name + "-busy"))
            failed |= any(r.measured.startswith("error") for r in beside.results)
            pairs += report.paired(findings.results, beside.results)
            notes += [f"{name}, busy (load {load.load:.1f} at its end): {note}"
                      if load.load is not None else f"{name}, busy: {note}"
                      for note in beside.notes]
    notes.append(f"the whole run took {time.perf_counter() - started:.0f} s")
    text = document(_header(), results, notes, None if quiet_only else pairs)
    print(text, end="")
    if not wanted:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(text, encoding="utf-8")
        print(f"(written to {RESULTS})", file=sys.stderr)
    return 1 if failed else 0


def _run_one(name: str, run: Callable[[Path], Findings], work: Path) -> Findings:
    """Run one benchmark in ``work``; a failure becomes an error row, not an abort."""
    print(f"bench: {name} …", file=sys.stderr, flush=True)
    work.mkdir()
    try:
        return run(work)
    except Exception as exc:  # noqa: BLE001 - reported as a row; the rest still run
        traceback.print_exc()
        return Findings([Result(name, f"error: {type(exc).__name__}: {exc}"[:200], "", False)])


def _header() -> list[str]:
    """Versions and machine, printed above the table."""
    return [
        f"# Stepwise benchmarks, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "",
        f"Python {platform.python_version()} · SQLite {sqlite3.sqlite_version} · "
        f"Taskwarrior {_taskwarrior_version()} · {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores",
    ]


def _taskwarrior_version() -> str:
    try:
        done = subprocess.run(["task", "--version"], capture_output=True, text=True,
                              check=False, env={**os.environ, "TASKRC": os.devnull})
    except FileNotFoundError:
        return "not installed"
    return done.stdout.strip() or "unknown"


if __name__ == "__main__":
    sys.exit(main())
