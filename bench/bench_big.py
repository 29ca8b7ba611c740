"""100,000 tasks: `import --from todotxt` of 100,000 lines, and `next`, `list --json` and
`agent run --once` on a database of 100,000 tasks (issue 29).

The database is built the fast way, by `stepwise import` of a generated export
(``bench.dataset``); the todo.txt holds the same titles, priorities and tags. While the
todo.txt import runs, a second connection takes the write lock (``BEGIN IMMEDIATE``)
every 0.3 s, as another Stepwise writing would: its longest wait is what the import's
transactions make other writers wait. The three reads are whole processes, median of
``REPEAT``; `agent run --once` (offline provider) changes the task it runs, so each run
gets a fresh copy of the database.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

from bench import commands, dataset
from bench.measure import median, run_command, time_command
from bench.report import Findings, Result, duration

TASKS = 100_000
REPEAT = 3
READ_TARGET_S = 1.0
WAIT_TARGET_S = 1.0
PROBE_EVERY_S = 0.3
PRIORITY_LETTER = {1: "A", 2: "B", 3: "C", 4: "D"}


def run(folder: Path, tasks: int = TASKS) -> Findings:
    """Build the database and the todo.txt under ``folder``, then time each command."""
    sample = dataset.sample_tasks(tasks)
    env = commands.bench_env(folder)
    db = _database(folder, sample, env)
    todo = _todo_txt(folder / "todo.txt", sample)
    seconds, waits = _import_with_probe(commands.stepwise(folder / "import.db", "import",
                                                          "--from", "todotxt", todo), env,
                                        folder / "import.db", folder)
    reads = {name: [time_command(commands.stepwise(db, *argv), env, folder)
                    for _ in range(REPEAT)]
             for name, argv in (("next", ["next"]), ("list --json", ["list", "--json"]))}
    reads["agent run --once"] = [_agent_once(db, folder / f"agent-{n}.db", env, folder)
                                 for n in range(REPEAT)]
    longest = max(waits, default=0.0)
    rows = [Result(f"import --from todotxt, {tasks:,} lines (one run)", duration(seconds),
                   "state the figure"),
            Result(f"another writer's longest wait for the lock during it ({len(waits)} tries)",
                   duration(longest), f"< {WAIT_TARGET_S:g} s", longest < WAIT_TARGET_S)]
    rows += [Result(f"`{name}` on {tasks:,} tasks (median of {REPEAT})", duration(median(t)),
                    f"< {READ_TARGET_S:g} s", median(t) < READ_TARGET_S)
             for name, t in reads.items()]
    return Findings(rows, [f"the import's pace: {tasks / seconds:,.0f} tasks/s"])


def _database(folder: Path, sample: list[dataset.SampleTask], env: dict[str, str]) -> Path:
    export = folder / "big-export.json"
    dataset.write_stepwise_export(sample, export, folder)
    db = folder / "big.db"
    run_command(commands.stepwise(db, "import", export), env, folder)
    return db


def _todo_txt(path: Path, sample: list[dataset.SampleTask]) -> Path:
    lines = []
    for task in sample:
        tags = "".join(f" +{tag}" for tag in task.tags)
        due = f" due:{task.due:%Y-%m-%d}" if task.due is not None else ""
        lines.append(f"({PRIORITY_LETTER[task.priority]}) {task.title}{tags}{due}\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _import_with_probe(argv: list[str | Path], env: dict[str, str], db: Path,
                       folder: Path) -> tuple[float, list[float]]:
    """The import's wall-clock seconds, and each wait of a writer beside it."""
    waits: list[float] = []
    done = threading.Event()
    probe = threading.Thread(target=_probe, args=(db, done, waits), daemon=True)
    started = time.perf_counter()
    process = subprocess.Popen([str(a) for a in argv], env=env, cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    probe.start()
    _, err = process.communicate()
    seconds = time.perf_counter() - started
    done.set()
    probe.join()
    if process.returncode != 0:
        raise RuntimeError(f"the import exited {process.returncode}: {err.decode()[-500:]}")
    return seconds, waits


def _probe(db: Path, done: threading.Event, waits: list[float]) -> None:
    while not done.is_set() and not _has_tasks(db):
        time.sleep(0.05)
    with sqlite3.connect(db, timeout=60, isolation_level=None) as con:
        while not done.is_set():
            started = time.perf_counter()
            con.execute("BEGIN IMMEDIATE")
            waits.append(time.perf_counter() - started)
            con.execute("COMMIT")
            time.sleep(PROBE_EVERY_S)


def _has_tasks(db: Path) -> bool:
    if not db.exists():
        return False
    try:
        with sqlite3.connect(db, timeout=1) as con:
            return bool(con.execute("SELECT EXISTS (SELECT 1 FROM task)").fetchone()[0])
    except sqlite3.Error:  # the schema is not there yet
        return False


def _agent_once(db: Path, copy: Path, env: dict[str, str], folder: Path) -> float:
    shutil.copyfile(db, copy)
    return time_command(commands.stepwise(copy, "agent", "run", "--once"), env, folder)
