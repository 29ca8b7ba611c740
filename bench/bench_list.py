"""``stepwise list`` against Taskwarrior's ``task list`` on the same 10,000 open tasks.

Both are timed as whole processes (start to exit, output read from a pipe), interleaved
round by round, after one warm-up run each. The main figure is the ``stepwise`` console
script of the editable development install; the same script from a wheel installed into
a venv of its own (``bench.wheel_env``, as a user installs it) and ``python -m app`` are
shown beside it, and the full path (``app.cli.main.full``: the parser, Peewee and the
store's queries, which every other command takes) on the same listing: the figure that
says whether the lean path (``app.cli.lean``) is still needed. Target (issue 15):
Stepwise's median is at most half Taskwarrior's (ratio ≤ 0.5), for both installs. When
it is not, the notes list the imports that cost the most (``python -X importtime``) and
the functions (cProfile) of one listing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench import commands, dataset, wheel_env
from bench.measure import interleaved, median, run_command
from bench.report import Findings, Result, duration

ROUNDS = 11
# ``stepwise list`` without the lean path: what every command but list and show takes
FULL_PATH = "import sys; from app.cli.main import full; sys.exit(full(sys.argv[1:]))"
TARGET_RATIO = 0.5
TASKWARRIOR_RC = """\
data.location={data}
confirmation=off
verbose=label
news.version=2.6.2
"""


def run(work: Path) -> Findings:
    """Build both databases under ``work``, then time the three listings."""
    tasks = dataset.sample_tasks()
    env = commands.bench_env(work)
    db = _stepwise_db(work, tasks, env)
    env.update(_taskwarrior(work, tasks, env))
    argvs: dict[str, list[str | Path]] = {
        "stepwise": commands.stepwise(db, "list"),
        "python -m app": commands.python_m_app(db, "list"),
        "full path": [sys.executable, "-c", FULL_PATH, "--db", db, "list"],
        "task": ["task", "list"],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    notes = []
    try:
        argvs["wheel"] = [wheel_env.installed_stepwise(work), "--db", db, "list"]
    except wheel_env.WheelUnavailable as exc:
        notes.append(f"the wheel install was not measured: {exc}")
    notes.append(_line_counts(argvs, env, work))
    times = {name: median(t) for name, t in interleaved(argvs, env, ROUNDS, work).items()}
    findings = Findings(_rows(times, len(tasks)), notes)
    if max(times["stepwise"], times.get("wheel", 0.0)) > TARGET_RATIO * times["task"]:
        findings.notes.append(_import_note(db, env, work))
        findings.notes.append(_profile_note(db, env, work))
    return findings


def _stepwise_db(work: Path, tasks: list[dataset.SampleTask], env: dict[str, str]) -> Path:
    export = work / "stepwise-export.json"
    dataset.write_stepwise_export(tasks, export, work)
    db = work / "list.db"
    run_command(commands.stepwise(db, "import", export), env, work)
    return db


def _taskwarrior(work: Path, tasks: list[dataset.SampleTask],
                 env: dict[str, str]) -> dict[str, str]:
    """Import the tasks into a fresh Taskwarrior; returns the variables that select it."""
    data = work / "taskwarrior"
    data.mkdir()
    rc = work / "taskrc"
    rc.write_text(TASKWARRIOR_RC.format(data=data), encoding="utf-8")
    chosen = {"TASKRC": str(rc), "TASKDATA": str(data)}
    source = work / "taskwarrior-import.json"
    dataset.write_taskwarrior_json(tasks, source)
    run_command(["task", "import", source], {**env, **chosen}, work)
    return chosen


def _line_counts(argvs: dict[str, list[str | Path]], env: dict[str, str], work: Path) -> str:
    """Warm both up once (Taskwarrior's first run does its gc) and count what they print."""
    counts = {name: run_command(argvs[name], env, work).stdout.count(b"\n")
              for name in ("stepwise", "wheel", "python -m app", "full path", "task")
              if name in argvs}
    return ("warm-up output lines: " + ", ".join(f"{n} {c:,}" for n, c in counts.items())
            + f" (the sample has {dataset.TASK_COUNT:,} tasks)")


def _rows(times: dict[str, float], count: int) -> list[Result]:
    ratio = times["stepwise"] / times["task"]
    each = f"median of {ROUNDS}"
    rows = [
        Result(f"list {count:,}: `stepwise list`, editable install ({each})",
               duration(times["stepwise"])),
        Result(f"list {count:,}: `python -m app list` ({each})",
               duration(times["python -m app"])),
        Result(f"list {count:,}: the full path, parser and Peewee, no lean reads ({each})",
               duration(times["full path"])),
        Result(f"list {count:,}: Taskwarrior `task list` ({each})", duration(times["task"])),
        Result("list: python start-up alone (`python -c pass`)", duration(times["python -c pass"])),
        Result(f"list {count:,}: ratio stepwise / task, editable install", f"{ratio:.2f}",
               f"≤ {TARGET_RATIO:.1f}", ratio <= TARGET_RATIO),
        Result(f"list {count:,}: ratio full path / task (the lean path is kept while this "
               "misses)", f"{times['full path'] / times['task']:.2f}"),
    ]
    if "wheel" in times:
        wheel = times["wheel"] / times["task"]
        rows[1:1] = [Result(f"list {count:,}: `stepwise list`, wheel in a fresh venv ({each})",
                            duration(times["wheel"]))]
        rows.append(Result(f"list {count:,}: ratio stepwise / task, wheel in a fresh venv",
                           f"{wheel:.2f}", f"≤ {TARGET_RATIO:.1f}", wheel <= TARGET_RATIO))
    return rows


def _import_note(db: Path, env: dict[str, str], work: Path) -> str:
    """The top-level imports of ``stepwise list`` that cost the most, from -X importtime."""
    argv = [sys.executable, "-X", "importtime", *commands.python_m_app(db, "list")[1:]]
    stderr = run_command(argv, env, work).stderr.decode("utf-8", "replace")
    heaviest = sorted(_top_level_imports(stderr), key=lambda item: -item[1])[:6]
    shown = ", ".join(f"{name} {us / 1000:.0f} ms" for name, us in heaviest)
    return f"ratio above {TARGET_RATIO}: heaviest top-level imports of `list` (one run): {shown}"


def _profile_note(db: Path, env: dict[str, str], work: Path) -> str:
    """Where one ``stepwise list`` spends its time in-process, by cProfile's own time."""
    import pstats

    out = work / "list.prof"
    argv = [sys.executable, "-m", "cProfile", "-o", out, *commands.python_m_app(db, "list")[1:]]
    run_command(argv, env, work)
    stats = pstats.Stats(str(out))
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:6]  # type: ignore[attr-defined]
    shown = ", ".join(f"{Path(file).name}:{name} {own * 1000:.0f} ms"
                      for (file, _, name), (_, _, own, _, _) in rows)
    return (f"cProfile of one `python -m app list` ({total * 1000:.0f} ms under the profiler), "
            f"by own time: {shown}")


def _top_level_imports(stderr: str) -> list[tuple[str, int]]:
    """(module, cumulative µs) for each import not nested in another one."""
    found = []
    for line in stderr.splitlines():
        parts = line.split("|")
        if not line.startswith("import time:") or len(parts) != 3:
            continue
        cumulative, name = parts[1].strip(), parts[2]
        if cumulative.isdigit() and not name[1:].startswith(" "):
            found.append((name.strip(), int(cumulative)))
    return found
