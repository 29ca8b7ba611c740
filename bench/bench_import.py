"""Importing a 10,000-task database export into a fresh database.

Timed two ways: ``stepwise import FILE`` as a whole process (start to exit, including
opening and creating the database), median of 3, each into a new file; and
``app.io.transfer.import_file`` in-process on an opened fresh database (the call alone),
median of 3. Target: the process in under 2 s.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from bench import commands, dataset
from bench.measure import median, time_call, time_command
from bench.report import Findings, Result, duration

REPEAT = 3
TARGET_S = 2.0
TARGET_TEXT = "< 2 s"


def run(work: Path) -> Findings:
    """Write the export under ``work`` and import it ``REPEAT`` times each way."""
    tasks = dataset.sample_tasks()
    export = work / "stepwise-export.json"
    dataset.write_stepwise_export(tasks, export, work)
    env = commands.bench_env(work)
    process = [time_command(commands.stepwise(work / f"process-{n}.db", "import", export),
                            env, work) for n in range(REPEAT)]
    in_process = [_import_in_process(work / f"in-process-{n}.db", export)
                  for n in range(REPEAT)]
    size = export.stat().st_size / 2**20
    return Findings([
        Result(f"import {len(tasks):,}: `stepwise import` process (median of {REPEAT})",
               duration(median(process)), TARGET_TEXT,
               median(process) < TARGET_S),
        Result(f"import {len(tasks):,}: `import_file` in-process (median of {REPEAT})",
               duration(median(in_process))),
    ], [f"the export file of {len(tasks):,} tasks is {size:.1f} MiB"])


def _import_in_process(db: Path, export: Path) -> float:
    from app.io.transfer import import_file
    from models import close_database, open_database

    open_database(db)
    try:
        return time_call(partial(import_file, export))
    finally:
        close_database()
