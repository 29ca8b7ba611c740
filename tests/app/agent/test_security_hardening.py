"""What a reply or a step can do to the real loop when it is hostile or unlucky (issue 12,
defects 2, 4, 5 and 6), with a scripted model.

A step whose file cannot be written fails with its reason and the loop goes on to other
tasks; a capability done before a crash is not done twice; an API key the server echoes
is redacted in everything a reply writes; a reply past the cap is refused, journaled in
part, and never sent back whole.
"""

from __future__ import annotations

import asyncio
import base64
import json
from datetime import timedelta
from pathlib import Path

import pytest

from app.agent.journal import MAX_JOURNAL_CHARS
from app.agent.loop import Assistant, Outcome
from app.agent.outbox import add_contact, decide
from app.config import settings
from app.llm.base import MAX_REPLY_CHARS
from app.plan import store as plans
from app.tasks import folders
from app.tasks.store import NewTask, add_task
from models import ModelCall, OutboxMessage, Reminder, Step, Task, WorkLog
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_security import (
    FIXED_NOW,
    REVIEW_PLAN,
    _latest_step,
    _plan_reply,
    _run,
    _step,
    _worklog,
)

KEY = "sk-live-SECRET-abcdef0123456789"


# --- defect 2: a file that cannot be written fails its step, never the loop ------------------

def test_enametoolong_step_fails_and_later_runs_reach_other_tasks(db: Path) -> None:
    settings.put("assistant.review_budget", 0)  # a failed step waits for the user
    stuck = add_task(NewTask(title="Save the notes"))
    _run(ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("f", "file.write", {"path": "文" * 200, "content": "x"}))]))
    step = _latest_step(stuck.id, "f")
    assert step.status == "failed" and "600 bytes" in (step.error or "")
    assert "600 bytes" in (Task.get_by_id(stuck.id).problem or "")

    other = add_task(NewTask(title="Write a short note", detail="thanks for the flowers"))
    outcomes = _run(ScriptedProvider())  # the offline planner does the rest
    assert {o.task_id for o in outcomes} == {other.id}
    assert Task.get_by_id(other.id).status == "done"


def test_file_write_without_a_path_fails_its_step(db: Path) -> None:
    settings.put("assistant.review_budget", 0)
    task = add_task(NewTask(title="Save the notes"))
    _run(ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("f", "file.write", {"path": "notes.md", "content": "x"}))]), auto_accept=False)
    Step.update(inputs={"content": "x"}).where(Step.step_id == "f").execute()  # as imported

    _run(ScriptedProvider())

    step = _latest_step(task.id, "f")
    assert step.status == "failed" and "needs a path" in (step.error or "")


def test_symlinked_task_folder_fails_the_step_and_writes_nothing_outside(
        db: Path, tmp_path: Path) -> None:
    settings.put("assistant.review_budget", 0)
    task = add_task(NewTask(title="Save the notes"))
    outside = tmp_path / "outside"
    outside.mkdir()
    folders.folder(task.id).parent.mkdir(parents=True)
    folders.folder(task.id).symlink_to(outside, target_is_directory=True)

    _run(ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("f", "file.write", {"path": "notes.md", "content": "stolen"}))]))

    step = _latest_step(task.id, "f")
    assert step.status == "failed" and "symbolic link" in (step.error or "")
    assert list(outside.iterdir()) == []


# --- defect 4: capabilities done once per step, whatever crashes in between -------------------

class Killed(BaseException):
    """The process dies: nothing after this point runs (kill -9 between two transactions)."""


def test_reminder_idempotent_after_a_crash_before_the_step_is_done(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    task = add_task(NewTask(title="Call the bank"))
    at = (FIXED_NOW + timedelta(days=1)).isoformat()
    provider = ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("r", "reminder.set", {"at": at, "text": "call the bank"}))])

    def crash(*args: object) -> str:
        raise Killed

    monkeypatch.setattr(Assistant, "_finish_step", crash)
    assistant = Assistant(provider, auto_accept=True, clock=lambda: FIXED_NOW)
    with pytest.raises(Killed):
        asyncio.run(assistant.run_until_idle(limit=10))
    assert _latest_step(task.id, "r").status == "in_progress"
    assert Reminder.select().where(Reminder.kind == "step").count() == 1
    monkeypatch.undo()

    _run(ScriptedProvider())  # the next run does the step again

    assert _latest_step(task.id, "r").status == "completed"
    assert Reminder.select().where(Reminder.kind == "step").count() == 1


def _message_waiting() -> Task:
    add_contact("Ann", "ann@example.com")
    task = add_task(NewTask(title="Tell Ann"))
    settings.put("assistant.review_budget", 0)  # a failed step waits for the user
    _run(ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("tell", "message.post", {"to": "Ann", "text": "Ready."}))]))
    assert OutboxMessage.select().count() == 1
    return task


def test_message_idempotent_when_it_was_sent_before_the_step_moved(db: Path) -> None:
    task = _message_waiting()
    OutboxMessage.update(status="sent").execute()  # sent; the process died before the step

    _run(ScriptedProvider())

    assert _latest_step(task.id, "tell").status == "completed"
    assert OutboxMessage.select().count() == 1


def test_message_idempotent_when_it_was_rejected_before_the_step_moved(db: Path) -> None:
    task = _message_waiting()
    OutboxMessage.update(status="rejected").execute()  # the process died before the step

    _run(ScriptedProvider())

    step = _latest_step(task.id, "tell")
    assert step.status == "failed" and "rejected" in (step.error or "")
    assert OutboxMessage.select().count() == 1


def test_message_keyed_by_attempt_a_retry_after_a_rejection_asks_again(db: Path) -> None:
    task = _message_waiting()
    [first] = OutboxMessage.select()
    decide(first.id, approve=False, transport=lambda *message: True)
    plans.plan_action(task.id, "resume")  # the user tries the step again

    _run(ScriptedProvider())

    statuses = [m.status for m in OutboxMessage.select().order_by(OutboxMessage.id)]
    assert statuses == ["rejected", "pending"]
    assert _latest_step(task.id, "tell").status == "in_progress"


# --- defect 5: the key is redacted in everything a reply writes -------------------------------

@pytest.mark.parametrize("form", [
    pytest.param(KEY, id="as-is"), pytest.param(f" {KEY}\n", id="padded"),
    pytest.param(base64.b64encode(KEY.encode()).decode(), id="base64")])
def test_api_key_echoed_in_a_reply_is_redacted_everywhere(db: Path, form: str) -> None:
    failing = add_task(NewTask(title="Renew my passport"))
    cancelled = add_task(NewTask(title="Book the hall"))
    replies = {failing.id: {"think": f"the key is {form}", "tags": [form.strip()[:40]],
                            "actions": [{"name": "fail", "reason": f"no access {form}"}]},
               cancelled.id: {"think": "no", "tags": ["ok"],
                              "actions": [{"name": "cancel", "reason": f"key {form}"}]}}
    provider = ScriptedProvider(script=[
        lambda ctx: json.dumps(replies[ctx["task"]["id"]])] * 2)
    chunks: list[str] = []
    assistant = Assistant(provider, auto_accept=True, clock=lambda: FIXED_NOW,
                          on_chunk=chunks.append, secret=KEY)

    outcomes: list[Outcome] = asyncio.run(assistant.run_until_idle(limit=10))

    written = [o.line() for o in outcomes] + ["".join(chunks)]
    for task in Task.select():
        written += [task.problem or "", task.result or "", json.dumps(task.tags)]
    written += [w.message for w in WorkLog.select()]
    written += [f"{c.prompt}{c.reply}{c.error}" for c in ModelCall.select()]
    leaked = [text for text in written if form.strip() in text or KEY in text]
    assert leaked == []
    assert "[redacted]" in (Task.get_by_id(failing.id).problem or "")
    assert Task.get_by_id(cancelled.id).status == "cancelled"


# --- defect 6: a reply has a size cap ---------------------------------------------------------

def test_reply_size_cap_a_10_mb_reply_is_refused_and_journaled_in_part(db: Path) -> None:
    task = add_task(NewTask(title="Plan the offsite"))
    huge = json.dumps({"think": "x" * 10_000_000, "actions": [{"name": "plan"}]})
    provider = ScriptedProvider(script=[huge])

    _run(provider)

    assert provider.purposes()[0] == "review" and provider.purposes().count("review") == 1
    problem = Task.get_by_id(task.id).problem or ""
    assert f"the limit is {MAX_REPLY_CHARS:,}" in problem and len(problem) < 1000
    call = ModelCall.select().order_by(ModelCall.id).first()
    assert call.outcome == "too_large"
    assert len(call.reply) < MAX_JOURNAL_CHARS + 100
    assert "x" * 1000 not in _worklog(task.id)
    assert db.stat().st_size < 5 * 2**20


def test_reply_size_cap_a_reask_quotes_the_error_and_a_fragment_only(db: Path) -> None:
    task = add_task(NewTask(title="Plan the offsite"))
    garbage = "not json " * 100_000  # 900,000 characters, under the cap, unusable
    provider = ScriptedProvider(script=[garbage, garbage])

    _run(provider)

    first, second = provider.calls[:2]
    assert first.purpose == second.purpose == "review"
    added = second.messages[len(first.messages):]
    # issue 16: the error and the offending fragment in one message, never the reply itself
    assert [m.role for m in added] == ["user"]
    assert len(added[0].content) < 800 and "The part at fault: not json" in added[0].content
    assert len(Task.get_by_id(task.id).problem or "") < 1000


# --- found by the path fuzzer: a reply's text that no store can hold -------------------------

def test_lone_surrogate_in_a_reply_is_stored_as_a_replacement_character(db: Path) -> None:
    settings.put("assistant.review_budget", 0)
    task = add_task(NewTask(title="Save the notes"))
    plan = _plan_reply(_step("f", "file.write", {"path": "a\ud800.md", "content": "\udfff"}))
    provider = ScriptedProvider(script=[REVIEW_PLAN, plan, "raw \ud800 text"])

    _run(provider)  # once exit 70: UnicodeEncodeError writing the plan to SQLite

    step = _latest_step(task.id, "f")
    assert step.status == "completed" and step.inputs["path"] == "a\ufffd.md"
    assert (folders.folder(task.id) / "a\ufffd.md").read_text(encoding="utf-8") == "\ufffd"


def test_a_reply_nested_past_the_recursion_limit_is_unusable_not_a_crash(db: Path) -> None:
    task = add_task(NewTask(title="Plan the offsite"))
    deep = '{"think": ' + "[" * 100_000 + "]" * 100_000 + "}"
    provider = ScriptedProvider(script=[deep, deep])

    _run(provider)

    assert "nests too deeply" in (Task.get_by_id(task.id).problem or "")


def test_reply_size_cap_a_long_reason_is_stored_short(db: Path) -> None:
    task = add_task(NewTask(title="Renew my passport"))
    provider = ScriptedProvider(script=[json.dumps(
        {"think": "t", "actions": [{"name": "fail", "reason": "why " * 50_000}]})])

    _run(provider)

    fresh = Task.get_by_id(task.id)
    assert fresh.status == "failed" and len(fresh.problem or "") < 1200
    assert max(len(w.message) for w in WorkLog.select()) < 1200
