"""``stepwise mcp`` through a real MCP client session (the SDK's stdio client)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.config import settings
from app.mcp import changes
from app.tasks import store as tasks
from models import Plan, Task, WorkLog
from tests.app.mcp.mcp_session import CLIENT, ROOT, Session, fingerprint, run
from tests.conftest import stepwise_env

pytestmark = pytest.mark.timeout(120)

TOOLS = {"list_tasks", "show_task", "add_task", "edit_task", "done_task", "reopen_task",
         "propose_plan", "step", "next", "calendar_events", "free_time", "schedule"}


def _plan(*steps: dict[str, Any], revision: int = 1) -> dict[str, Any]:
    return {"schema_version": 2, "revision": revision, "title": "Plan", "objective": "done",
            "steps": list(steps)}


def _step(step_id: str, target: str = "user", **inputs: Any) -> dict[str, Any]:
    return {"id": step_id, "title": step_id.title(), "target": target, "inputs": inputs,
            "done_when": "done"}


MESSAGE = _step("tell", "message.post", to="Ann", text="It is booked")


def _run(db: Path, data_dir: Path, scenario: Any, name: str = CLIENT) -> Session:
    return run(db, stepwise_env(data_dir), scenario, name)


def test_tools_and_resources(db: Path, data_dir: Path) -> None:
    async def scenario(s: Session) -> None:
        listed = await s.client.list_tools()
        assert {t.name for t in listed.tools} == TOOLS
        reads = {t.name for t in listed.tools if t.annotations and t.annotations.read_only_hint}
        assert reads == {"list_tasks", "show_task", "next", "calendar_events", "free_time"}
        schema = await s.resource("stepwise://planspec-schema")
        assert "steps" in schema["properties"]
        caps = {c["name"]: c["acts_for_person"] for c in await s.resource("stepwise://capabilities")}
        assert caps["user"] is False and caps["message.post"] is True
        assert "gate" in await s.resource("stepwise://error-codes")

    _run(db, data_dir, scenario)


def test_every_tool(db: Path, data_dir: Path) -> None:
    async def scenario(s: Session) -> None:
        added = await s.call("add_task", text="Book the venue #work !1", due="friday 3pm")
        assert not added.is_error, added
        assert added.data["understood"]["tags"] == ["work"]
        task = added.data["task"]["id"]
        found = await s.call("list_tasks", view="all", text="venue")
        assert [t["id"] for t in found.data["tasks"]] == [task]
        edited = await s.call("edit_task", task_id=task, title="Book the hall",
                              add_tags=["offsite"], due="none")
        assert edited.data["changed"] == ["due_at", "tags", "title"]
        plan = _plan(_step("call"), _step("pay", **{}))
        proposed = await s.call("propose_plan", task_id=task, plan=plan)
        assert proposed.data == {"task": task, "revision": 1, "status": "in_progress",
                                 "waits_for_approval": False}
        moved = await s.call("step", task_id=task, step_id="call", action="done",
                             result="booked")
        assert moved.data["status"] == "completed"
        shown = await s.call("show_task", task_id=task)
        assert shown.data["revisions"][0]["source"] == f"mcp:{CLIENT}"
        assert (await s.call("next")).is_error is False
        for tool in ("calendar_events", "free_time", "schedule"):
            reply = await s.call(tool, start="2030-01-07")
            assert not reply.is_error, reply
        assert (await s.call("done_task", task_id=task)).data["task"]["status"] == "done"
        assert (await s.call("reopen_task", task_id=task)).data["task"]["status"] != "done"

    _run(db, data_dir, scenario)
    assert WorkLog.select().where(WorkLog.message.endswith(f"(by {CLIENT})")).count() == 6
    assert {c.client for c in changes.recent()} == {CLIENT}


def test_gates_refuse_with_codes(db: Path, data_dir: Path) -> None:
    pending = tasks.add_task(tasks.NewTask(title="Tell Ann")).id
    running = tasks.add_task(tasks.NewTask(title="Checklist")).id

    async def scenario(s: Session) -> None:
        proposed = await s.call("propose_plan", task_id=pending, plan=_plan(_step("book"),
                                                                             MESSAGE))
        assert proposed.data["waits_for_approval"] is True
        await s.call("propose_plan", task_id=running, plan=_plan(_step("a")))
        before = fingerprint(db)
        refused = [
            await s.call("step", task_id=pending, step_id="book", action="start"),
            await s.call("step", task_id=pending, step_id="tell", action="done"),
            await s.call("propose_plan", task_id=running,
                         plan=_plan(_step("a"), MESSAGE, revision=1)),
            await s.call("schedule", start="2030-01-07", save=True),  # not allowed by the person
        ]
        assert [r.code for r in refused] == ["gate", "gate", "gate", "gate"], refused
        claimed = {**_step("b"), "status": "completed", "result": "done already"}
        bad = await s.call("propose_plan", task_id=running, plan=_plan(claimed, revision=1))
        assert bad.code == "invalid_plan"
        for tool in ("approve_plan", "outbox_approve", "add_contact", "set_setting"):
            assert (await s.call(tool, task_id=pending)).code == "unknown_tool"
        assert fingerprint(db) == before

    _run(db, data_dir, scenario)
    plan = Plan.get(Plan.task == pending)
    assert (plan.status, plan.origin) == ("pending", "assistant")


def test_auto_accept_and_reopen_gates(db: Path, data_dir: Path) -> None:
    settings.put("assistant.auto_accept", True)
    task = tasks.add_task(tasks.NewTask(title="Tell Ann")).id
    done = tasks.add_task(tasks.NewTask(title="Told Bob")).id

    async def scenario(s: Session) -> None:
        refused = await s.call("propose_plan", task_id=task, plan=_plan(MESSAGE))
        assert refused.code == "gate" and "approval" in refused.data["error"]["message"]

    _run(db, data_dir, scenario)
    settings.put("assistant.auto_accept", False)
    from app.plan import store as plans
    from app.plan import ticks

    plans.save_plan(done, _plan(MESSAGE))
    ticks.finish_task(done)

    async def reopen(s: Session) -> None:
        assert (await s.call("reopen_task", task_id=done)).code == "gate"

    _run(db, data_dir, reopen)
    assert Task.get_by_id(done).status == "done"


def test_read_only_then_off(db: Path, data_dir: Path) -> None:
    tasks.add_task(tasks.NewTask(title="Read me"))
    settings.put("mcp.mode", "read-only")

    async def scenario(s: Session) -> None:
        before = fingerprint(db)
        assert [t["title"] for t in (await s.call("list_tasks")).data["tasks"]] == ["Read me"]
        for tool, args in (("add_task", {"text": "x"}), ("done_task", {"task_id": 1}),
                           ("propose_plan", {"task_id": 1, "plan": _plan(_step("a"))})):
            assert (await s.call(tool, **args)).code == "read_only"
        assert fingerprint(db) == before
        settings.put("mcp.mode", "off")  # the person turns it off while the agent runs
        assert (await s.call("list_tasks")).code == "off"

    _run(db, data_dir, scenario)


def test_off_exits_with_a_message(db: Path, data_dir: Path) -> None:
    settings.put("mcp.mode", "off")
    done = subprocess.run([sys.executable, "-m", "app", "--db", str(db), "mcp"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env=stepwise_env(data_dir), stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "mcp.mode" in done.stderr and done.stdout == ""


def test_bad_inputs_change_nothing(db: Path, data_dir: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Keep me")).id
    huge = "x" * 1_000_000

    async def scenario(s: Session) -> None:
        before = fingerprint(db)
        calls: list[tuple[str, dict[str, Any], str]] = [
            ("show_task", {"task_id": "abc"}, "bad_input"),
            ("edit_task", {"task_id": task, "priority": 9}, "bad_input"),
            ("add_task", {"text": ["not", "text"]}, "bad_input"),
            ("add_task", {"text": huge}, "bad_input"),
            ("edit_task", {"task_id": task, "detail": huge}, "bad_input"),
            ("propose_plan", {"task_id": task, "plan": {"steps": [{"id": huge}]}}, "bad_input"),
            ("add_task", {"text": "On time", "due": "the day after never"}, "bad_input"),
            ("list_tasks", {"view": "everything"}, "bad_input"),
            ("show_task", {"task_id": 2**63}, "bad_input"),
            ("show_task", {"task_id": 99999}, "not_found"),
            ("done_task", {"task_id": 99999}, "not_found"),
            ("edit_task", {"task_id": 99999, "title": "x"}, "not_found"),
            ("step", {"task_id": task, "step_id": "nope", "action": "done"}, "not_found"),
            ("step", {"task_id": task, "step_id": "a", "action": "explode"}, "bad_input"),
            ("edit_task", {"task_id": task, "title": "   "}, "refused"),
            ("propose_plan", {"task_id": task, "plan": {"steps": []}}, "invalid_plan"),
            ("free_time", {"start": "2030-01-02", "end": "2030-01-01"}, "bad_input"),
        ]
        for tool, args, code in calls:
            reply = await s.call(tool, **args)
            assert (reply.is_error, reply.code) == (True, code), (tool, reply)
            assert len(reply.data["error"]["message"]) <= 2000
        assert fingerprint(db) == before

    _run(db, data_dir, scenario)


def test_a_cli_writer_at_the_same_time(db: Path, data_dir: Path) -> None:
    loop = "\n".join(f"subprocess.run([sys.executable, '-m', 'app', '--db', {str(db)!r}, "
                     f"'add', 'cli {i}'], check=True)" for i in range(10))
    added: list[str] = []
    overlapped: list[bool] = []

    async def scenario(s: Session) -> None:
        writer = subprocess.Popen([sys.executable, "-c", f"import subprocess, sys\n{loop}"],
                                  env=stepwise_env(data_dir), cwd=ROOT)
        while writer.poll() is None or len(added) < 20:
            overlapped.append(writer.poll() is None)
            reply = await s.call("add_task", text=f"agent {len(added)}")
            assert not reply.is_error, reply
            added.append(reply.data["task"]["title"])
        assert writer.wait() == 0

    _run(db, data_dir, scenario)
    assert sum(overlapped) >= 5  # the two wrote at the same time
    cli = [f"cli {i}" for i in range(10)]
    assert sorted(t.title for t in Task.select()) == sorted([*added, *cli])


def test_an_agents_edit_undoes_from_the_window(db: Path, data_dir: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Mine")).id

    async def scenario(s: Session) -> None:
        assert not (await s.call("edit_task", task_id=task, title="Theirs")).is_error

    _run(db, data_dir, scenario, name="Claude Desktop")
    (change,) = changes.recent()
    assert (change.client, change.undoable) == ("Claude Desktop", True)
    changes.undo(change.id)
    assert tasks.get_task(task).title == "Mine"


def test_the_clients_name() -> None:
    from types import SimpleNamespace

    from app.mcp.server import FALLBACK_CLIENT, client_name

    def ctx(name: str | None) -> Any:
        info = None if name is None else SimpleNamespace(name=name)
        return SimpleNamespace(session=SimpleNamespace(
            client_params=SimpleNamespace(client_info=info)))

    assert client_name(ctx("Claude\nDesktop  " + "x" * 200)).startswith("Claude Desktop x")
    assert len(client_name(ctx("y" * 500))) == 80
    assert client_name(ctx("   ")) == client_name(ctx(None)) == FALLBACK_CLIENT
