"""iCalendar at scale: 100,000 tasks exported and imported, and a 20,000-item chain.

The 100,000-task database is the 10,000 sample tasks (``bench.dataset``) imported once
and copied nine times over in SQL (new ids and UIDs), so it takes seconds to make.
Each figure is one ``stepwise`` process, start to exit, with its peak memory (the
child's maximum resident set). The import of the 100,000-task file is stopped after
``IMPORT_LIMIT_S`` (it took 15 minutes before this work, about 5 before plain VTODOs were
read from their lines and written with executemany). The chain is 20,000 VTODOs, each
``RELATED-TO;RELTYPE=PARENT`` the one before (248 s and 14.4 GB before).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import time
from pathlib import Path

from bench import commands, dataset
from bench.report import Findings, Result, duration

COPIES = 10  # the 10,000 sample tasks, ten times
TARGET_S = 20.0
TARGET_TEXT = "< 20 s"
CHAIN = 20_000
CHAIN_TARGET_S = 10.0
IMPORT_LIMIT_S = 120.0


def run(work: Path) -> Findings:
    """Make the databases and files under ``work``, then time each command once."""
    env = commands.bench_env(work)
    big = _big_database(work, env)
    ics = work / "tasks.ics"
    export_s, export_mb, _ = _timed(commands.stepwise(big, "export", "--format", "ics", ics),
                                    env, work)
    import_s, import_mb, finished = _timed(
        commands.stepwise(work / "imported.db", "import", "--from", "ics", ics), env, work,
        IMPORT_LIMIT_S)
    chain = _chain_file(work / "chain.ics", CHAIN)
    chain_s, chain_mb, _ = _timed(
        commands.stepwise(work / "chain.db", "import", "--from", "ics", chain), env, work)
    tasks = dataset.TASK_COUNT * COPIES
    return Findings([
        Result(f"`export --format ics` of {tasks:,} tasks", duration(export_s), TARGET_TEXT,
               export_s < TARGET_S),
        Result(f"`export --format ics` of {tasks:,} tasks: peak memory",
               f"{export_mb:,.0f} MB"),
        Result(f"`import --from ics` of that file ({tasks:,} tasks)",
               duration(import_s) if finished else f"> {duration(IMPORT_LIMIT_S)} (stopped)",
               TARGET_TEXT, finished and import_s < TARGET_S),
        Result(f"`import --from ics` of {tasks:,} tasks: peak memory",
               f"{import_mb:,.0f} MB" + ("" if finished else " (when stopped)")),
        Result(f"`import --from ics` of a {CHAIN:,}-VTODO RELATED-TO chain",
               duration(chain_s), f"< {duration(CHAIN_TARGET_S)}", chain_s < CHAIN_TARGET_S),
        Result(f"`import --from ics` of a {CHAIN:,}-VTODO chain: peak memory",
               f"{chain_mb:,.0f} MB"),
    ], [f"the iCalendar file of {tasks:,} tasks is {ics.stat().st_size / 2**20:.1f} MiB",
        "before this work: export 224 s; import 15 min and 1.08 GB; chain 248 s and 14.4 GB",
        "before the plain VTODO reader and the bulk insert: import about 5 min (stopped at "
        "120 s), of which icalendar's parse 78 s"])


def _timed(argv: list[str | Path], env: dict[str, str], cwd: Path,
           limit: float | None = None) -> tuple[float, float, bool]:
    """Seconds, peak MB of the process, and whether it finished within ``limit``.

    The peak is the child's own high-water mark (``VmHWM``, read as it runs): the
    ``ru_maxrss`` that ``wait4`` reports counts the bench's own memory at the fork."""
    errors = cwd / "stderr.txt"
    start = time.perf_counter()
    with errors.open("wb") as err:
        proc = subprocess.Popen([str(a) for a in argv], env=env, cwd=cwd,
                                stdout=subprocess.DEVNULL, stderr=err)
    finished = True
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, _high_water_kb(proc.pid))
        pid, status, _usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if limit is not None and time.perf_counter() - start > limit:
            proc.kill()
            finished = False
        time.sleep(0.05)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)  # Popen must not wait for it again
    if finished and proc.returncode != 0:
        raise RuntimeError(f"{argv[2:]} exited {proc.returncode}: {errors.read_text()}")
    return seconds, peak_kb / 1024, finished


def _high_water_kb(pid: int) -> int:
    """The process's peak resident set so far (0 once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _big_database(work: Path, env: dict[str, str]) -> Path:
    """The sample tasks imported, then copied in SQL to ``COPIES`` times as many."""
    export = work / "stepwise-export.json"
    dataset.write_stepwise_export(dataset.sample_tasks(), export, work)
    db = work / "big.db"
    subprocess.run([str(a) for a in commands.stepwise(db, "import", export)], env=env,
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    with sqlite3.connect(db) as con:
        step = con.execute("SELECT max(id) FROM task").fetchone()[0]
        tables = [name for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")]
        for copy in range(1, COPIES):
            for table in tables:
                _copy_rows(con, table, copy, step)
    return db


def _copy_rows(con: sqlite3.Connection, table: str, copy: int, step: int) -> None:
    """Copy ``copy`` of the task table and of the tables whose rows belong to a task."""
    columns = [row[1] for row in con.execute(f'PRAGMA table_info("{table}")')]
    if table == "task":
        values = {"id": f"id + {copy * step}",
                  "uid": f"printf('%08d', {copy}) || substr(uid, 9)"}
    elif "task_id" in columns and table in ("reminder", "work_log"):
        top = con.execute(f'SELECT coalesce(max(id), 0) FROM "{table}"').fetchone()[0]
        values = {"id": f"id + {top}", "task_id": f"task_id + {copy * step}"}
    else:
        return
    picked = ", ".join(values.get(c, f'"{c}"') for c in columns)
    names = ", ".join(f'"{c}"' for c in columns)
    where = f" WHERE id <= {step}" if table == "task" else f" WHERE task_id <= {step}"
    con.execute(f'INSERT INTO "{table}" ({names}) SELECT {picked} FROM "{table}"{where}')


def _chain_file(path: Path, count: int) -> Path:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//chain//EN"]
    for n in range(count):
        lines += ["BEGIN:VTODO", f"UID:item-{n}", "DTSTAMP:20260101T000000Z",
                  f"SUMMARY:Item {n}"]
        lines += [f"RELATED-TO;RELTYPE=PARENT:item-{n - 1}"] if n else []
        lines.append("END:VTODO")
    path.write_text("\r\n".join([*lines, "END:VCALENDAR", ""]), encoding="utf-8")
    return path
