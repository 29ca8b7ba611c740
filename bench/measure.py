"""Timing helpers: in-process calls, whole processes, and the statistics we report.

In-process timings use ``time.perf_counter``; a process is timed from before it is
started until its output pipes are drained and it has exited (wall clock).
"""

from __future__ import annotations

import math
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path


class CommandFailed(RuntimeError):
    """A command under measurement exited non-zero; its stderr says why."""


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` 0.95 gives p95)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def time_call(fn: Callable[[], object]) -> float:
    """Seconds one call of ``fn`` takes."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def time_calls(fn: Callable[[], object], repeat: int, warmup: int = 1) -> list[float]:
    """Seconds each of ``repeat`` calls takes, after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    return [time_call(fn) for _ in range(repeat)]


def run_command(argv: Sequence[str | Path], env: Mapping[str, str],
                cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run a command with its output captured (read from pipes).

    Raises:
        CommandFailed: the command exited non-zero.
    """
    done = subprocess.run([str(a) for a in argv], env=dict(env), cwd=cwd,
                          capture_output=True, check=False)
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
        raise CommandFailed(f"`{' '.join(str(a) for a in argv)}` exited {done.returncode}: "
                            + " / ".join(tail))
    return done


def time_command(argv: Sequence[str | Path], env: Mapping[str, str],
                 cwd: Path | None = None) -> float:
    """Wall-clock seconds of one run of a command, output read and discarded."""
    start = time.perf_counter()
    run_command(argv, env, cwd)
    return time.perf_counter() - start


def interleaved(commands: Mapping[str, Sequence[str | Path]], env: Mapping[str, str],
                rounds: int, cwd: Path | None = None) -> dict[str, list[float]]:
    """Time each command once per round, rotating which goes first, so drift hits all alike."""
    names = list(commands)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_number in range(rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(time_command(commands[name], env, cwd))
    return times
