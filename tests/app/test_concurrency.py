"""The assistant and a CLI writer at once, in two processes, for a bounded time.

One process runs ``agent run --until-idle --auto-accept`` again and again; another adds
tasks, imports plans over the tasks the assistant works on and aborts some. Neither may
hit a bug (exit 70) or a busy database; the assistant skips a task that changed under it
(issue 12 defect 17) instead of ending its run; the database stays sound.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, stepwise_env

SECONDS = 8.0
PLAN = {"schema_version": 1, "steps": [
    {"id": "a", "title": "Draft", "target": "assistant.write", "worker": "assistant",
     "inputs": {"instructions": "a short note"}},
    {"id": "r", "title": "Remind", "target": "reminder.set", "worker": "assistant",
     "depends_on": ["a"], "inputs": {"at": "2030-01-01T09:00:00Z", "text": "x"}}]}

# The writer: many CLI commands in one process (main() each time), codes printed as JSON.
WRITER = """
import contextlib, io, json, pathlib, sys, time
from app.cli.start import main
from models import close_database

plan, until, codes = json.loads(sys.argv[1]), time.monotonic() + float(sys.argv[2]), []
folder = pathlib.Path(sys.argv[3])

def run(*args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
    close_database()
    codes.append([list(args), code])
    return out.getvalue()

def edit(task):
    shown = json.loads(run("show", str(task), "--json") or "null")
    revision = shown["plan"]["revision"] if shown and shown["plan"] else 1
    path = folder / f"edit{task}.json"
    path.write_text(json.dumps({**plan, "revision": revision}))
    run("plan", "import", str(task), str(path))

number = 0
while time.monotonic() < until:
    number += 1
    run("add", f"Write a summary of report {number}")
    for task in (1, 2, 3, number % 7 + 1):
        edit(task)
    if number % 4 == 0:
        run("plan", "abort", str(number % 5 + 1))
print(json.dumps(codes))
"""


def launch(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, text=True,
                            env=stepwise_env(data_dir), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


@pytest.mark.timeout(120)
def test_the_agent_and_a_cli_writer_at_once_finish_without_a_bug(
        data_dir: Path, tmp_path: Path) -> None:
    for number in range(3):
        subprocess.run([sys.executable, "-m", "app", "add", f"Write a summary of Q{number}"],
                       cwd=ROOT, env=stepwise_env(data_dir), check=True, capture_output=True)
    writer = launch(data_dir, "-c", WRITER, json.dumps(PLAN), str(SECONDS), str(tmp_path))
    runs, changed, until = [], 0, time.monotonic() + SECONDS
    while time.monotonic() < until or len(runs) < 2:  # overlap even on a loaded machine
        agent = launch(data_dir, "-m", "app", "agent", "run", "--until-idle", "--auto-accept")
        out, err = agent.communicate(timeout=60)
        runs.append(agent.returncode)
        assert agent.returncode in (0, 1), err
        changed += out.count("it changed while the assistant worked on it")
    out, err = writer.communicate(timeout=60)
    assert writer.returncode == 0, err
    codes = json.loads(out.strip().splitlines()[-1])  # the CLI printed its own lines first
    bad = [(args, code) for args, code in codes if code not in (0, 1)]
    assert bad == [], f"writer commands that failed: {bad[:5]}\n{err[-2000:]}"
    assert len(runs) >= 2 and len(codes) >= 20, "the two did not overlap enough to test"
    with contextlib.closing(sqlite3.connect(data_dir / "stepwise.db")) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("SELECT step_id, kind FROM reminder WHERE step_id IS NOT NULL "
                           "GROUP BY step_id, kind HAVING count(*) > 1").fetchall() == []
    print(f"agent runs {len(runs)} (exit 1: {runs.count(1)}), writer commands {len(codes)}, "
          f"refused {sum(code == 1 for _, code in codes)}, stages skipped as changed {changed}")
