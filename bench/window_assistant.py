"""F5 in the real window while the list scrolls: the event loop with the assistant at work.

Issue 10's target: pressing F5 (the offline provider) on 10,000 tasks while the task list
scrolls keeps the GUI thread's event loop free — longest stall < 50 ms, p99 < 16 ms. The
assistant runs in a worker thread with its own loop (``ui.shared.assistant``), so a
stall here means something of its run still reaches the GUI thread.

Two sides in one file:

- the probe (``python bench/window_assistant.py DB``, run beside ``window_probe.py``
  whose helpers it borrows): the window on a copy of the 10,000-task store with the
  offline provider; once the list has loaded, F5 is pressed while a 5 ms timer records
  its gaps and the list scrolls by 1/400 of its length every 50 ms, for ``RUN_S`` or
  until the run ends (then Stop). Prints one line of JSON.
- ``measure``, for ``bench_window.run``: runs the probe and adds its rows.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bench.report import Findings

RUN_S = 8.0  # how long the run is watched (the offline planner has ~10,000 tasks to do)
IMPORT_LINES = 30_000
IMPORT_RUN_S = 30.0  # the import is watched to its end, or this long
TIMER_S = 0.005
TARGET_STALL_S, TARGET_P99_S = 0.050, 0.016
HERE = Path(__file__).resolve()


# --- the bench side ------------------------------------------------------------------------

def measure(db: Path, env: dict[str, str], work: Path, findings: Findings) -> None:
    """Run the probe on a copy of ``db`` (the run changes it) and report its figures."""
    from bench.report import Result, duration

    data = _probe_run(db, env, work, "tasks-f5.db")
    label = f"F5 (offline) on {data['tasks']:,} tasks while the list scrolls"
    stalls = _stall_rows(data, label, findings)
    findings.results.append(Result(
        f"{label}: stages done in the watched time",
        f"{data['outcomes']:,} outcomes in {duration(data['run_s'])}; "
        f"{data['scroll_steps']} scroll steps; the window heard {data['chunks']:,} "
        f"chunks and {data['changes']:,} changes and reloaded the list "
        f"{data['reloads']} times"))
    _notes(data, "F5", stalls, findings)


def measure_import(db: Path, env: dict[str, str], work: Path, findings: Findings,
                   lines: int = IMPORT_LINES, *, thread: bool = False) -> None:
    """File → Import of a ``lines``-line todo.txt in the window while the list scrolls
    (``thread``: in the worker thread, as before big imports had a process)."""
    from bench.report import Result, duration

    todo = work / "import.txt"
    todo.write_text("".join(f"(B) Call supplier {n} +work due:2027-{n % 12 + 1:02d}-15\n"
                            for n in range(lines)), encoding="utf-8")
    data = _probe_run(db, env, work, "tasks-import.db", "import", str(todo),
                      *(["thread"] if thread else []))
    where = "a worker thread" if thread else "its own process"
    label = f"Import of a {lines:,}-line todo.txt ({where}) while the list scrolls"
    stalls = _stall_rows(data, label, findings)
    findings.results.append(Result(
        f"{label}: the import", f"{data['outcomes']:,} tasks in {duration(data['run_s'])}; "
        f"{data['scroll_steps']} scroll steps; the list reloaded {data['reloads']} times"))
    _notes(data, "Import", stalls, findings)


def _probe_run(db: Path, env: dict[str, str], work: Path, name: str,
               *args: str) -> dict[str, Any]:
    from bench.measure import run_command

    copy = work / name
    shutil.copy(db, copy)
    done = run_command([sys.executable, HERE, str(copy), *args], env, work)
    data: dict[str, Any] = json.loads(done.stdout.decode().strip().splitlines()[-1])
    return data


def _stall_rows(data: dict[str, Any], label: str, findings: Findings) -> list[float]:
    from bench.measure import percentile
    from bench.report import Result, duration

    stalls = [max(0.0, gap - TIMER_S) for gap in data["gaps_s"]]
    worst, p99 = max(stalls), percentile(stalls, 0.99)
    findings.results += [
        Result(f"{label}: longest event-loop stall", f"{duration(worst)} ({_when(stalls)})",
               "< 50 ms", worst < TARGET_STALL_S),
        Result(f"{label}: p99 stall ({len(stalls):,} gaps)", duration(p99), "< 16 ms",
               p99 < TARGET_P99_S)]
    return stalls


def _notes(data: dict[str, Any], what: str, stalls: list[float], findings: Findings) -> None:
    from bench.measure import percentile

    passes = data["collections"]
    if passes:
        longest = max(passes, key=lambda p: p[1])
        findings.notes.append(
            f"{what}: {len(passes)} garbage-collector passes during the run, "
            f"{sum(p[1] for p in passes) * 1000:.0f} ms in all; the longest "
            f"{longest[1] * 1000:.1f} ms (generation {longest[2]})")
    if max(stalls) >= TARGET_STALL_S or percentile(stalls, 0.99) >= TARGET_P99_S:
        stacks = "; ".join(f"{stack} ({count * 2} ms)" for stack, count in data["stacks"][:4])
        others = "; ".join(f"{stack} ({count * 2} ms)"
                           for stack, count in data["worker_stacks"][:4])
        findings.notes.append(f"{what} stalls spent their time in: {stacks}; the other "
                              f"threads meanwhile: {others or 'nothing sampled'}")


def _when(stalls: list[float]) -> str:
    """Where in the run the longest stalls were: "at 0.00 s (the press), 3.21 s, …"."""
    at, elapsed = [], 0.0
    for stall in stalls:
        elapsed += stall + TIMER_S
        at.append(elapsed)
    worst = sorted(range(len(stalls)), key=lambda i: -stalls[i])[:3]
    return "the longest at " + ", ".join(f"{at[i]:.2f} s ({stalls[i] * 1000:.0f} ms)"
                                         for i in worst) + " into the run"


# --- the probe side (its own process, on the bench's Xvfb) ---------------------------------

def probe(db: Path, args: list[str]) -> None:
    sys.path.insert(0, str(HERE.parent))
    import window_probe as wp  # beside this file

    _app, loop, window = wp.open_window(db, {"assistant.provider": "offline"})
    if args and args[0] == "import":
        wp.run_main(loop, _watched(window, wp, lambda tick, sampler: _import(
            window, Path(args[1]), "thread" in args, tick, sampler)))
    else:
        wp.run_main(loop, _watched(window, wp, lambda tick, sampler: _press_f5(
            window, tick, sampler)))


async def _watched(window: Any, wp: Any, act: Any) -> dict[str, Any]:
    """The event loop's gaps while ``act(tick, sampler)`` runs and the list scrolls; it
    returns (seconds it ran, outcomes or tasks it made)."""
    count = await wp.signal_once(window.tasks.model.loaded, wp.LOAD_TIMEOUT_S)
    wp._scroll_through(window.tasks.table, count)  # every page read once, as a user would
    ctx, bar = window.ctx, window.tasks.table.verticalScrollBar()
    heard = {"chunks": 0, "changes": 0}
    ctx.assistant.chunk.connect(lambda _t: heard.__setitem__("chunks", heard["chunks"] + 1))
    ctx.bridge.changed.connect(lambda *_: heard.__setitem__("changes", heard["changes"] + 1))
    reloads = window.tasks.reloads
    ticks: list[float] = []
    sampler = wp.StallSampler()
    step, scrolled = max(1, bar.maximum() // 400), [0]

    def tick() -> None:
        ticks.append(time.perf_counter())
        sampler.tick(ticks[-1])

    def scroll() -> None:
        value = bar.value() - step
        bar.setValue(value if value >= 0 else bar.maximum())
        scrolled[0] += 1

    collections = _watch_collections()
    timers = _timers(tick, scroll)
    run_s, made = await act(tick, sampler)
    for timer in timers:
        timer.stop()
    sampler.stop()
    gaps = [later - earlier for earlier, later in zip(ticks, ticks[1:], strict=False)]
    return {"tasks": count, "gaps_s": gaps, "outcomes": made, "run_s": run_s,
            "scroll_steps": scrolled[0], "stacks": sampler.top(),
            "worker_stacks": sampler.top(workers=True), "collections": collections, **heard,
            "reloads": window.tasks.reloads - reloads}


def _watch_collections() -> list[tuple[float, float, int]]:
    """The garbage collector's passes from now on: (start, seconds, generation); a pass
    holds the GIL throughout, whichever thread it runs in."""
    import gc

    found: list[tuple[float, float, int]] = []
    began: list[float] = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            found.append((began[0], time.perf_counter() - began[0], info["generation"]))

    gc.callbacks.append(watch)
    return found


def _timers(tick: Any, scroll: Any) -> list[Any]:
    from PySide6.QtCore import Qt, QTimer

    ticker, scroller = QTimer(), QTimer()
    ticker.setTimerType(Qt.TimerType.PreciseTimer)
    ticker.setInterval(round(TIMER_S * 1000))
    ticker.timeout.connect(tick)
    scroller.setInterval(50)
    scroller.timeout.connect(scroll)
    ticker.start()
    scroller.start()
    return [ticker, scroller]


async def _press_f5(window: Any, tick: Any, sampler: Any) -> tuple[float, int]:
    """F5 as a user presses it; watched for RUN_S or until the run ends, then Stop."""
    import asyncio

    assistant = window.ctx.assistant
    outcomes: list[int] = []
    assistant.outcome.connect(lambda task_id, *_: outcomes.append(task_id))
    tick()  # the key press's own stall counts too
    sampler.start()
    started = time.perf_counter()
    _f5_action(window).trigger()  # what the F5 key does (no window manager to focus it)
    while time.perf_counter() - started < RUN_S and (assistant.busy
                                                     or time.perf_counter() - started < 1):
        await asyncio.sleep(0.02)
    run_s = time.perf_counter() - started
    assistant.stop()
    while assistant.busy:
        await asyncio.sleep(0.02)
    return run_s, len(outcomes)


async def _import(window: Any, todo: Path, thread: bool, tick: Any, sampler: Any
                  ) -> tuple[float, int]:
    """File → Import's dialog (shown, not modal) importing ``todo``, as a user clicks
    Import; watched to its end or IMPORT_RUN_S, then closed (which cancels it)."""
    import asyncio

    from app.config import paths
    from ui.window import import_dialog

    import_dialog.OWN_PROCESS = not thread
    dialog = import_dialog.ImportDialog(window.ctx, str(paths.db_path()), window)
    added: list[int] = []
    dialog.imported.connect(lambda ids: (added.extend(ids), window.tasks.reload()))
    dialog.show()
    dialog.format.setCurrentIndex(dialog.format.findData("todotxt"))
    dialog.path.setText(str(todo))
    tick()
    sampler.start()
    started = time.perf_counter()
    dialog.import_button.click()
    await asyncio.sleep(0.1)
    while time.perf_counter() - started < IMPORT_RUN_S and not dialog.import_button.isEnabled():
        await asyncio.sleep(0.02)
    run_s = time.perf_counter() - started
    dialog.close()
    return run_s, len(added)


def _f5_action(window: Any) -> Any:
    from PySide6.QtGui import QAction, QKeySequence

    return next(action for action in window.findChildren(QAction)
                if QKeySequence("F5") in action.shortcuts())


if __name__ == "__main__":
    probe(Path(sys.argv[1]), sys.argv[2:])
