"""The assistant's commands: agent run / log / retry, outbox, contacts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.cli.test_cli_tasks import write
from tests.conftest import ROOT, Result

Cli = Callable[..., Result]


def test_agent_run_with_the_offline_planner_prints_what_it_did(cli: Cli) -> None:
    cli("add", "Renew passport", "--due", "in 3 weeks")
    cli("add", "每周五提醒我交周报", "--due", "周五", "--recur", "FREQ=WEEKLY;BYDAY=FR")
    result = cli("agent", "run", "--until-idle")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert any(line.startswith("#1 Renew passport: review: plan: 4 step(s)") for line in lines)
    assert any(line.startswith("#2 交周报: review: execute") for line in lines)
    assert cli("agent", "run").out.strip() == "nothing is due now"
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["plan_status"] == "pending" and shown["task"]["status"] == "planned"


def test_agent_run_once_advances_one_stage(cli: Cli) -> None:
    cli("add", "Write a summary of the Q4 report")
    cli("add", "Buy milk")
    assert len(cli("agent", "run", "--once").out.splitlines()) == 1


def test_offline_run_loads_no_http(tmp_path: Path) -> None:
    """The offline planner needs no HTTP stack: httpx2 costs ~65 ms of every run."""
    code = ("import sys; from app.cli.start import main; "
            f"code = main(['--db', {str(tmp_path / 'a.db')!r}, 'agent', 'run', '--once']); "
            "print(code, 'httpx2' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True,
                          env={**os.environ, "STEPWISE_DATA_DIR": str(tmp_path / "data")})
    assert done.stdout.split()[-2:] == ["0", "False"], done.stderr


def test_agent_log_shows_worklog_and_model_calls(cli: Cli) -> None:
    cli("add", "Write a summary of the Q4 report", "--detail", "Revenue up 12%, costs flat")
    cli("agent", "run", "--auto-accept")
    log = cli("agent", "log", "1")
    assert log.code == 0 and "model calls:" in log.out and "offline-planner" in log.out
    data = json.loads(cli("agent", "log", "1", "--json").out)
    assert [c["purpose"] for c in data["model_calls"]] == ["review", "write", "check"]
    assert all(c["outcome"] == "ok" for c in data["model_calls"])


def test_agent_retry_clears_a_problem(cli: Cli, tmp_path: Path) -> None:
    cli("add", "x")
    cli("plan", "import", "1", str(write(tmp_path / "p.json", {
        "schema_version": 1, "steps": [{"id": "a", "title": "A"}]})))
    cli("plan", "approve", "1")
    cli("step", "fail", "1", "a", "--error", "broken")
    assert json.loads(cli("show", "1", "--json").out)["task"]["problem"]
    assert cli("agent", "retry", "1").code == 0
    assert json.loads(cli("show", "1", "--json").out)["task"]["problem"] is None


def test_contacts_and_the_outbox(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                 ) -> None:
    handed: list[tuple[str, str, str]] = []

    def fake_mail_client(address: str, subject: str, body: str) -> bool:
        handed.append((address, subject, body))
        return True

    monkeypatch.setattr("app.agent.outbox.mail_client", fake_mail_client)
    assert cli("contacts", "add", "Ann", "not-an-address").code == 1
    assert cli("contacts", "add", "Ann", "ann@example.com").code == 0
    assert "Ann <ann@example.com>" in cli("contacts").out
    cli("add", "Tell Ann about the offsite")
    cli("plan", "import", "1", str(write(tmp_path / "p.json", {
        "schema_version": 1, "steps": [{"id": "m", "title": "Message Ann",
                                        "target": "message.post", "worker": "assistant",
                                        "inputs": {"to": "Ann", "text": "Offsite on the 10th"}},
                                       {"id": "m2", "title": "Again", "target": "message.post",
                                        "worker": "assistant", "depends_on": ["m"],
                                        "inputs": {"to": "Ann", "text": "Reminder!"}}]})))
    cli("plan", "approve", "1")
    cli("agent", "run")
    listing = cli("outbox").out
    assert "pending" in listing and "Offsite on the 10th" in listing and handed == []
    assert cli("outbox", "approve", "1").out.strip() == "message 1 to Ann: sent"
    assert handed == [("ann@example.com", "Tell Ann about the offsite", "Offsite on the 10th")]
    assert cli("outbox", "approve", "1").code == 1  # already decided
    cli("agent", "run")
    assert cli("outbox", "reject", "2").out.strip() == "message 2 to Ann: rejected"
    shown = json.loads(cli("show", "1", "--json").out)
    assert [s["status"] for s in shown["plan"]["steps"]] == ["completed", "failed"]
    assert shown["plan_status"] == "paused" and "rejected" in shown["task"]["problem"]
    assert len(handed) == 1


def _plan_with_message(cli: Cli, tmp_path: Path) -> None:
    cli("contacts", "add", "Ann", "ann@example.com")
    cli("add", "Tell Ann")
    cli("plan", "import", "1", str(write(tmp_path / "p.json", {
        "schema_version": 1, "steps": [{"id": "m", "title": "Message Ann",
                                        "target": "message.post", "worker": "assistant",
                                        "inputs": {"to": "Ann", "text": "Hello"}}]})))
    cli("plan", "approve", "1")
    cli("agent", "run")
    assert "pending" in cli("outbox").out


def test_defect_16_approve_after_step_done_sends_and_exits_0(
        cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.agent.outbox.mail_client", lambda *_: True)
    _plan_with_message(cli, tmp_path)
    assert cli("step", "done", "1", "m", "--result", "told her in person").code == 0
    result = cli("outbox", "approve", "1")
    assert result.code == 0, result.err
    assert "message 1 to Ann: sent" in result.out and "already finished" in result.out


def test_defect_16_reject_after_plan_abort_exits_0(cli: Cli, tmp_path: Path) -> None:
    _plan_with_message(cli, tmp_path)
    assert cli("plan", "abort", "1").code == 0
    result = cli("outbox", "reject", "1")
    assert result.code == 0, result.err
    assert "rejected" in result.out and "already finished" in result.out


def test_defect_17_the_agent_skips_a_task_that_changed_under_it_and_goes_on(
        cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.agent.loop import Assistant
    from app.states import IllegalTransition

    known = ("--detail", "Revenue up 12%, costs flat")  # something to draft it from
    cli("add", "Write a summary of the Q4 report", *known)
    cli("add", "Write a summary of the Q3 report", *known)
    original = Assistant._review

    async def review_changed_under_it(self: Assistant, task: Any, now: Any) -> str:
        if task.id == 1:
            raise IllegalTransition("task", "cancelled", "reviewed", frozenset({"new"}))
        return await original(self, task, now)

    monkeypatch.setattr(Assistant, "_review", review_changed_under_it)
    result = cli("agent", "run", "--until-idle", "--auto-accept")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert sum("#1 " in line for line in lines) == 1  # skipped once, not retried in a loop
    assert any(line.startswith("#1 ") and "it changed while the assistant worked on it" in line
               for line in lines)
    assert any(line.startswith("#2 ") and ": do:" in line for line in lines)
    assert "skipped" in cli("agent", "log", "1").out


def test_defect_19_agent_run_exits_1_when_every_stage_failed(
        cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.agent.loop import Assistant, StageFailed

    cli("add", "Write a summary of the Q4 report")

    async def server_down(self: Assistant, task: Any, now: Any) -> str:
        raise StageFailed("the model server failed: connection refused")

    monkeypatch.setattr(Assistant, "_review", server_down)
    result = cli("agent", "run", "--until-idle")
    assert result.code == 1 and "every stage failed" in result.err
    assert "failed" in result.out


def test_defect_19_agent_run_exits_0_when_nothing_is_due_or_something_worked(cli: Cli) -> None:
    assert cli("agent", "run").code == 0
    cli("add", "Write a summary of the Q4 report")
    assert cli("agent", "run", "--once").code == 0


def test_defect_14_a_duplicate_contact_is_refused(cli: Cli) -> None:
    assert cli("contacts", "add", "Ann", "ann@example.com").code == 0
    again = cli("contacts", "add", "Ann", "other@example.com")
    assert again.code == 1 and "already a contact" in again.err
    assert cli("contacts", "add", "ann", "x@example.com").code == 1  # names match in any case
