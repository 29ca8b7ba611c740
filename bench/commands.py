"""The command lines and environment the process benchmarks run.

Every process gets ``TZ=UTC`` and a data folder inside the benchmark's temporary
directory, so no run touches the user's own Stepwise or Taskwarrior data.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# PYTHONDONTWRITEBYTECODE too: a person's install has its modules compiled (pip writes
# a wheel's .pyc files, a checkout's are written on its first run); without them every
# measured start of the editable install compiled Stepwise's modules again (~7 ms of a
# 200 ms window start)
DROPPED_ENV = ("STEPWISE_DB", "STEPWISE_DATA_DIR", "TASKRC", "TASKDATA",
               "PYTHONDONTWRITEBYTECODE")


def bench_env(work: Path) -> dict[str, str]:
    """The environment for every measured process: this one's, pointed at ``work``."""
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    env["TZ"] = "UTC"
    env["STEPWISE_DATA_DIR"] = str(work / "stepwise-data")
    return env


def stepwise_script() -> Path:
    """The ``stepwise`` console script next to this interpreter (what a user runs).

    Raises:
        FileNotFoundError: Stepwise is not installed in this environment.
    """
    beside = Path(sys.executable).parent / "stepwise"
    if beside.exists():
        return beside
    found = shutil.which("stepwise")
    if found is None:
        raise FileNotFoundError("no `stepwise` console script; install Stepwise (make bench)")
    return Path(found)


def stepwise(db: Path, *args: str | Path) -> list[str | Path]:
    return [stepwise_script(), "--db", db, *args]


def python_m_app(db: Path, *args: str | Path) -> list[str | Path]:
    return [sys.executable, "-m", "app", "--db", db, *args]
