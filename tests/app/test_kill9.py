"""kill -9 at random points: CLI writes and the assistant loop, then nothing is lost or doubled.

A real ``stepwise`` process runs ``agent run --until-idle --auto-accept`` (offline
provider) over tasks that set reminders and queue messages while another adds a task;
both are SIGKILLed at seeded random moments. Afterwards the database passes
``PRAGMA integrity_check``, no step has two reminders or two outbox messages, and every
``add`` that returned before its kill is there.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, Result, stepwise_env

Cli = Callable[..., Result]
KILLS = 15
SEED = 20261201


def start(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "app", *args], cwd=ROOT, text=True,
                            env=stepwise_env(data_dir), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def kill_at(process: subprocess.Popen[str], delay: float) -> tuple[bool, int, str, str]:
    """SIGKILL ``process`` after ``delay`` s unless it ended: (ended by itself, rc, out, err)."""
    try:
        out, err = process.communicate(timeout=delay)
        return True, process.returncode, out, err
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        out, err = process.communicate(timeout=30)
        return False, process.returncode, out, err


def work(cli: Cli, tmp_path: Path, number: int) -> None:
    """Tasks for the assistant: two reminders and a plan that messages Ann and reminds."""
    cli("add", f"Remind me to call the bank {number}", "--due", "2030-01-02T09:00:00Z")
    cli("add", f"提醒我交周报 {number}", "--due", "2030-01-03T09:00:00Z")
    task = cli("add", f"Tell Ann {number}").out.strip()
    plan = tmp_path / f"plan{number}.json"
    plan.write_text(json.dumps({"schema_version": 1, "steps": [
        {"id": "m", "title": "Message Ann", "target": "message.post", "worker": "assistant",
         "inputs": {"to": "Ann", "text": f"Hello {number}"}},
        {"id": "r", "title": "Remind", "target": "reminder.set", "worker": "assistant",
         "depends_on": ["m"], "inputs": {"at": "2030-01-01T09:00:00Z", "text": "x"}}]}))
    assert cli("plan", "import", task, str(plan)).code == 0


def doubled(db: Path, sql: str) -> list[Any]:
    with contextlib.closing(sqlite3.connect(db)) as con:
        return con.execute(sql).fetchall()


def check_store(db: Path, committed: dict[int, str]) -> None:
    assert doubled(db, "PRAGMA integrity_check") == [("ok",)]
    assert doubled(db, "SELECT step_id, kind, count(*) FROM reminder WHERE step_id IS NOT NULL "
                       "GROUP BY step_id, kind HAVING count(*) > 1") == []
    assert doubled(db, "SELECT step_id, count(*) FROM outbox_message WHERE step_id IS NOT NULL "
                       "GROUP BY step_id HAVING count(*) > 1") == []
    titles = dict(doubled(db, "SELECT id, title FROM task"))
    for task_id, title in committed.items():
        assert titles.get(task_id) == title, f"task {task_id} returned before its kill, then lost"


@pytest.mark.timeout(120)
def test_kill9_during_cli_writes_and_agent_runs_loses_and_doubles_nothing(
        cli: Cli, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from models import close_database

    monkeypatch.setattr("app.agent.outbox.mail_client", lambda *_: True)
    chance = random.Random(SEED)
    cli("contacts", "add", "Ann", "ann@example.com")
    for number in range(4):
        work(cli, tmp_path, number)
    close_database()
    db, committed, killed = data_dir / "stepwise.db", {}, 0
    for kill in range(KILLS):
        agent = start(data_dir, "agent", "run", "--until-idle", "--auto-accept")
        writer = start(data_dir, "add", f"written {kill}", "--tag", "kill9")
        delay = chance.uniform(0.05, 0.8)
        ended, code, out, err = kill_at(writer, delay)
        if ended:
            assert code == 0, err
            committed[int(out.strip())] = f"written {kill}"
        agent_ended, agent_code, _, agent_err = kill_at(agent, chance.uniform(0.0, 0.5))
        assert not agent_ended or agent_code in (0, 1), agent_err
        killed += (not ended) + (not agent_ended)
        if kill % 5 == 4:
            work(cli, tmp_path, 100 + kill)
            close_database()
    assert killed >= KILLS // 2, "too few kills landed mid-run to test anything"
    finish = start(data_dir, "agent", "run", "--until-idle", "--auto-accept")
    done, code, _, err = kill_at(finish, 60)
    assert done and code in (0, 1), err
    check_store(db, committed)
    assert cli("list").code == 0
    print(f"kills {killed}, committed writes {len(committed)}, reminders "
          f"{doubled(db, 'SELECT count(*) FROM reminder')}, outbox "
          f"{doubled(db, 'SELECT count(*) FROM outbox_message')}")
