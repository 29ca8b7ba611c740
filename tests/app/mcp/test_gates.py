"""What an MCP client may do (``app.mcp.gates``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import settings
from app.errors import NotFound, Refused, StaleEdit
from app.mcp import gates
from app.plan import spec as planspec
from app.plan import store as plans
from app.problems import InvalidPlan, Problem
from app.tasks import store as tasks


def _plan(*targets: str) -> dict[str, object]:
    steps = [{"id": f"s{i}", "title": f"S{i}", "target": t, "done_when": "done",
              "inputs": {"to": "Ann", "text": "hi"} if t == "message.post" else {}}
             for i, t in enumerate(targets)]
    return {"schema_version": 2, "revision": 1, "title": "P", "objective": "o", "steps": steps}


def test_modes(db: Path) -> None:
    gates.check_open(writes=True)  # on by default
    settings.put("mcp.mode", "read-only")
    gates.check_open(writes=False)
    with pytest.raises(gates.ReadOnly):
        gates.check_open(writes=True)
    settings.put("mcp.mode", "off")
    with pytest.raises(gates.Off):
        gates.check_open(writes=False)


def test_codes_are_declared() -> None:
    errors = [gates.Gate("x"), gates.ReadOnly("x"), gates.Off("x"), gates.BadInput("x"),
              NotFound("x"), StaleEdit("x"), Refused("x"),
              InvalidPlan([Problem("cycle", "x")])]
    codes = [gates.code_of(e) for e in errors]
    assert codes == ["gate", "read_only", "off", "bad_input", "not_found", "stale",
                     "refused", "invalid_plan"]
    assert set(codes) <= set(gates.CODES)


def test_step_gates(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    plans.save_plan(task, _plan("user", "message.post"))
    with pytest.raises(gates.Gate, match="acts for the person"):
        gates.check_step(task, "s1")
    with pytest.raises(gates.Gate, match="approval"):
        gates.check_step(task, "s0")
    with pytest.raises(NotFound):
        gates.check_step(task, "nope")


def test_a_checklist_is_open_to_agents(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    plans.save_plan(task, _plan("user", "user"))
    gates.check_step(task, "s0")
    gates.check_reopen(task)


def test_a_proposal_that_acts_must_wait(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    acting = planspec.parse(_plan("message.post"))
    gates.check_proposal(task, acting)
    plans.save_plan(task, _plan("user"))  # a checklist: it runs at once
    with pytest.raises(gates.Gate):
        gates.check_proposal(task, acting)
    other = tasks.add_task(tasks.NewTask(title="u")).id
    settings.put("assistant.auto_accept", True)
    with pytest.raises(gates.Gate):
        gates.check_proposal(other, acting)


def test_a_paused_plan_that_acts_is_the_persons(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="t")).id
    plans.save_plan(task, _plan("user", "message.post"))
    plans.plan_action(task, "approve")
    gates.check_step(task, "s0")  # approved and running: the person's own step is open
    plans.plan_action(task, "pause")
    with pytest.raises(gates.Gate, match="paused"):
        gates.check_step(task, "s0")
    with pytest.raises(gates.Gate):
        gates.check_reopen(task)
