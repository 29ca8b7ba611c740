"""``python -m bench.small_model [PORT]``: the loop with a small local model (issue 23).

Serves SmolLM2-135M with ``scripts/llama-server PORT`` (or uses one already on PORT),
adds 7 everyday tasks to a fresh data folder, runs ``stepwise agent run --until-idle``
against it, and prints the wall time and the share of planned tasks whose plan the
model wrote, whole (its name as the source) or worded (the offline planner's steps in
its words). Not part of ``python -m bench``: it needs the built server.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TASKS = ("Call the dentist at 3pm tomorrow", "Team offsite", "Buy milk",
         "Write a summary of the Q4 report", "Renew passport", "每周五提醒我交周报", "组织团队团建")
ROOT = Path(__file__).resolve().parent.parent


def _model(port: int) -> str | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2) as answer:
            return str(json.load(answer)["data"][0]["id"])
    except OSError:
        return None


def _serve(port: int) -> subprocess.Popen[bytes] | None:
    if _model(port) is not None:
        return None
    server = subprocess.Popen(["bash", str(ROOT / "scripts" / "llama-server"), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(480):
        if _model(port) is not None:
            return server
        time.sleep(0.25)  # a starting process: nothing to wait on but its port
    server.terminate()
    raise SystemExit("the llama.cpp server did not start (scripts/llama-server --build?)")


def _stepwise(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STEPWISE_DATA_DIR": str(folder), "TZ": "Asia/Shanghai"}
    env.pop("STEPWISE_DB", None)
    return subprocess.run([sys.executable, "-m", "app", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)


def sources(database: Path) -> list[tuple[str, str, list[str]]]:
    """Each planned task's title, its latest plan's source and that plan's step titles
    (printed, so a reader sees what was counted as the model's)."""
    with sqlite3.connect(database) as db:
        plans = db.execute("SELECT t.title, p.source, p.id FROM plan p JOIN task t ON "
                           "t.id = p.task_id WHERE p.revision = (SELECT max(revision) FROM "
                           "plan WHERE task_id = p.task_id) ORDER BY t.id").fetchall()
        return [(title, source, [row[0] for row in db.execute(
                    "SELECT title FROM step WHERE plan_id = ? ORDER BY id", (plan,))])
                for title, source, plan in plans]


def main(port: int = 18080) -> None:
    server = _serve(port)
    try:
        model = _model(port) or ""
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            for title in TASKS:
                _stepwise(folder, "add", title)
            started = time.monotonic()
            _stepwise(folder, "agent", "run", "--until-idle", "--provider", "openai",
                      "--base-url", f"http://127.0.0.1:{port}/v1", "--model", model)
            wall = time.monotonic() - started
            found = sources(folder / "stepwise.db")
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    for title, source, steps in found:
        print(f"{title} — {source}: {' / '.join(steps)}")
    whole = sum(source == model for _t, source, _s in found)
    worded = sum(source.startswith("offline planner's steps, worded by")
                 for _t, source, _s in found)
    print(f"{len(TASKS)} tasks in {wall:.0f} s; {len(found)} planned: {whole} by the model, "
          f"{worded} worded by it, {len(found) - whole - worded} the offline planner's "
          f"(model share {(whole + worded) / max(1, len(found)):.0%})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 18080)
