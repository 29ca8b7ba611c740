"""A corpus of model replies, each checked twice: by the pure parsing layer and by a loop stage.

Every file in ``corpus/`` holds one reply: a few ``key: value`` header lines, a line
``--- reply ---``, then the reply's raw text exactly as a model wrote it (to the end of
the file, fences, ``<think>`` blocks, CRLF and all). Header keys:

- ``kind``: review, plan, check or failure_review (the call the reply answers);
- ``verdict``: usable or unusable;
- ``yields`` (usable): ``outcome=NAME`` (a review's decisive action, ``none`` for a plain
  confirm), ``steps=N`` (steps of the plan it makes), ``origin=assistant``,
  ``passed=true|false`` (check), ``decision=NAME`` (failure review);
- ``code`` (unusable): the PlanSpec problem code the error must name;
- ``error`` (unusable): a fragment of the error message;
- ``setup`` (failure_review): ``deep`` when the failed step sits at level 4;
- ``about``: what the reply is.

Whatever the reply, the loop must not crash, must not start or store an invalid plan,
and must leave the task in a clear state: either moved as the reply says, or with a
problem that names the reason, the raw reply journaled as ``unusable``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.agent.failure_review import checked_review
from app.agent.generated_plan import generated_plan
from app.agent.loop import Assistant
from app.agent.outbox import add_contact
from app.agent.replies import CheckReply, FailureReviewReply, ReplyError, parse_reply
from app.agent.review import review_decision
from app.plan import store as plans
from app.plan.spec import PlanSpec, PlanStep
from app.problems import CODES
from app.tasks.store import NewTask, add_task, set_problem, set_status
from app.words.plain import plain_reply_error, plain_text
from models import ModelCall, Plan, Step, Task, atomic, database
from tests.app.agent.fakes import ScriptedProvider

CORPUS = Path(__file__).parent / "corpus"
SEPARATOR = "--- reply ---\n"
FIXED_NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
KINDS = ("review", "plan", "check", "failure_review")
HEADER_KEYS = {"kind", "verdict", "yields", "code", "error", "setup", "about"}
TITLE = "Prepare the quarterly report"
DRAFT = "DRAFT: the quarterly report\n\n1. Figures\n2. Summary"
STAGE = {"review": "review", "plan": "plan", "check": "do", "failure_review": "failure_review"}
REVIEW_STATUS = {"none": "reviewed", "next_check": "waiting", "cancel": "cancelled",
                 "fail": "failed", "execute": "planned", "plan": "reviewed"}


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str
    usable: bool
    yields: dict[str, str]
    code: str | None
    error: str | None
    setup: str
    about: str
    reply: str

    def fragments(self) -> list[str]:
        """What the error message of an unusable reply must contain."""
        found = [f"{self.code}:"] if self.code else []
        return found + ([self.error] if self.error else [])


def load(path: Path) -> Entry:
    text = path.read_bytes().decode("utf-8")
    head, sep, reply = text.partition(SEPARATOR)
    assert sep, f"{path.name}: no {SEPARATOR.strip()!r} line"
    fields: dict[str, str] = {}
    for line in head.splitlines():
        key, colon, value = line.partition(": ")
        assert colon and key in HEADER_KEYS, f"{path.name}: bad header line {line!r}"
        fields[key] = value
    yields = dict(pair.split("=", 1) for pair in fields.get("yields", "").split())
    return Entry(name=path.stem, kind=fields["kind"], usable=fields["verdict"] == "usable",
                 yields=yields, code=fields.get("code"), error=fields.get("error"),
                 setup=fields.get("setup", ""), about=fields["about"], reply=reply)


ENTRIES = [load(p) for p in sorted(CORPUS.glob("*.txt"))]
IDS = [e.name for e in ENTRIES]


# --- the corpus itself ------------------------------------------------------------------


def test_corpus_is_large_and_well_labelled() -> None:
    assert len(ENTRIES) >= 100
    for entry in ENTRIES:
        assert entry.kind in KINDS, entry.name
        assert entry.about, entry.name
        if entry.usable:
            assert entry.yields and entry.code is None and entry.error is None, entry.name
        else:
            assert entry.fragments() and not entry.yields, entry.name
        assert entry.code is None or entry.code in CODES, entry.name
    for kind in KINDS:
        verdicts = {e.usable for e in ENTRIES if e.kind == kind}
        assert verdicts == {True, False}, f"{kind} needs usable and unusable replies"


def test_corpus_covers_the_issue() -> None:
    codes = {e.code for e in ENTRIES if e.code}
    assert {"cycle", "missing_dependency", "unknown_target", "too_deep", "too_many_steps",
            "claimed_progress", "bad_inputs", "invalid_field"} <= codes
    replies = [e.reply for e in ENTRIES]
    assert "" in replies and any(r and not r.strip() for r in replies)
    assert any("```" in r for r in replies) and any("<think>" in r for r in replies)
    assert any("#" in r and "'" in r and ",}" in r.replace(" ", "").replace("\n", "")
               for r in replies)
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in r) for r in replies)
    for path in ("../../x", "/tmp/x", "C:\\\\x", "a/../../x"):
        assert any(f'"path": "{path}"' in r for r in replies), path
    outcomes = {e.yields.get("outcome") for e in ENTRIES if e.kind == "review"}
    assert {"none", "next_check", "cancel", "fail", "execute", "plan"} <= outcomes
    assert any(int(e.yields.get("steps", 0)) == 10 for e in ENTRIES if e.kind == "plan")


# --- shared set-up ----------------------------------------------------------------------


def _step(sid: str, title: str, target: str | None, parent: str | None = None,
          status: str = "pending") -> dict[str, Any]:
    inputs = {"instructions": "a one-page draft"} if target == "assistant.write" else {}
    return {"id": sid, "title": title, "target": target, "inputs": inputs, "parent": parent,
            "done_when": "a draft exists" if target else "", "status": status,
            "worker": "assistant" if target == "assistant.write" else "me"}


def _working_plan(deep: bool) -> dict[str, Any]:
    """A person's plan whose one runnable step the assistant writes (at level 1 or 4)."""
    steps = [_step("s1", "Draft the report", "assistant.write", "g3" if deep else None)]
    if deep:
        steps = [_step("g1", "Level 1", None), _step("g2", "Level 2", None, "g1"),
                 _step("g3", "Level 3", None, "g2"), *steps]
    return {"schema_version": 1, "origin": "user", "title": TITLE, "steps": steps}


def _failed_spec(deep: bool) -> tuple[PlanSpec, PlanStep]:
    data = _working_plan(deep)
    steps = [PlanStep(**{**s, "status": "failed" if s["id"] == "s1" else s["status"],
                         "error": "the draft was empty" if s["id"] == "s1" else None})
             for s in data["steps"]]
    spec = PlanSpec(steps=steps, title=TITLE, origin="user")
    return spec, spec.step("s1")


def _task_for(entry: Entry) -> Task:
    """A task at the stage that asks for this kind of reply; 'Ann' is a contact."""
    add_contact("Ann", "ann@example.com")
    task = add_task(NewTask(title=TITLE))
    if entry.kind == "plan":
        with atomic():
            set_status(task, "reviewed", why="test set-up", actor="assistant")
    elif entry.kind in ("check", "failure_review"):
        plans.save_plan(task.id, _working_plan(entry.setup == "deep"))
        plans.approve_all()
        if entry.kind == "failure_review":
            plans.step_action(task.id, "s1", "fail", error="the draft was empty",
                              actor="assistant")
            with atomic():
                set_problem(Task.get_by_id(task.id), None)  # the loop's own hand-over
    return Task.get_by_id(task.id)


def _integrity_ok() -> None:
    assert database.execute_sql("PRAGMA integrity_check").fetchone()[0] == "ok"


# --- the pure parsing layer -------------------------------------------------------------


def _parse(entry: Entry, task: Task) -> Any:
    if entry.kind == "review":
        return review_decision(entry.reply, task, FIXED_NOW)
    if entry.kind == "plan":
        return generated_plan(entry.reply, task.id)
    if entry.kind == "check":
        return parse_reply("check", entry.reply)
    spec, step = _failed_spec(entry.setup == "deep")
    return checked_review(entry.reply, spec, step).reply


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_verdict_of_the_parsing_layer(entry: Entry, db: Path) -> None:
    add_contact("Ann", "ann@example.com")
    task = add_task(NewTask(title=TITLE))
    if not entry.usable:
        with pytest.raises(ReplyError) as info:
            _parse(entry, task)
        for fragment in entry.fragments():
            assert fragment in str(info.value)
        return
    value = _parse(entry, task)
    expected = entry.yields
    if entry.kind == "review":
        outcome = value.reply.outcome()
        assert (outcome.name if outcome else "none") == expected["outcome"]
        if "steps" in expected:
            assert len(value.plan["steps"]) == int(expected["steps"])
            assert value.plan["origin"] == "assistant"
        else:
            assert value.plan is None
    elif entry.kind == "plan":
        assert len(value["steps"]) == int(expected["steps"])
        assert value["origin"] == "assistant" and value["revision"] == 1
    elif entry.kind == "check":
        assert isinstance(value, CheckReply)
        assert value.passed is (expected["passed"] == "true")
    else:
        assert isinstance(value, FailureReviewReply)
        assert value.decision == expected["decision"]
        if "steps" in expected:
            assert len(value.steps) == int(expected["steps"])


# --- a whole loop stage -----------------------------------------------------------------


def _plan_rows(task_id: int) -> list[tuple[int, str]]:
    return [(p.revision, p.status) for p in
            Plan.select().where(Plan.task == task_id).order_by(Plan.revision)]


def _step_row(task_id: int, step_id: str) -> Step:
    plan = plans.latest_plan(task_id)
    assert plan is not None
    return Step.get((Step.plan == plan.id) & (Step.step_id == step_id))


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_loop_stage_with_the_reply(entry: Entry, db: Path) -> None:
    task = _task_for(entry)
    plans_before = _plan_rows(task.id)
    prefix = [DRAFT] if entry.kind == "check" else []
    provider = ScriptedProvider(script=[*prefix, entry.reply, entry.reply])
    assistant = Assistant(provider, clock=lambda: FIXED_NOW)

    outcome = asyncio.run(assistant.run_once())

    _integrity_ok()
    assert outcome is not None and outcome.stage == STAGE[entry.kind]
    assert provider.fallback is None, "the scripted replies ran out"
    calls = list(ModelCall.select().where((ModelCall.task == task.id)
                                          & (ModelCall.purpose == entry.kind))
                 .order_by(ModelCall.id))
    assert all(call.reply == entry.reply for call in calls)
    fresh = Task.get_by_id(task.id)
    if entry.usable:
        _check_usable(entry, fresh, plans_before)
        assert [c.outcome for c in calls] == ["ok"]
        assert len(provider.script) == 1  # the re-ask was not needed
    else:
        _check_unusable(entry, fresh, plans_before)
        assert [c.outcome for c in calls] == ["unusable", "unusable"]
        for call in calls:
            for fragment in entry.fragments():
                assert fragment in (call.error or "")
        # as the user reads it: no jargon, times local (issue 16 item 7)
        assert plain_text(calls[-1].error or "", FIXED_NOW) in (fresh.problem or "")
        assert provider.script == []


def _check_unusable(entry: Entry, task: Task, plans_before: list[tuple[int, str]]) -> None:
    """Nothing applied; the task says why and when it is tried again."""
    assert task.problem is not None
    assert "the assistant's reply could not be used" in task.problem
    # issue 16: the raw error (with the entry's fragments) is in the journal, checked by
    # the caller; the task says the same in plain words, without the library's jargon
    assert plain_reply_error(task.problem) == task.problem
    assert task.retry_count == 1 and task.next_check_at is not None
    assert task.next_check_at > FIXED_NOW
    assert _plan_rows(task.id) == plans_before
    if entry.kind in ("review", "plan"):
        assert plans_before == []
        assert Plan.select().where(Plan.task == task.id).count() == 0
        assert task.status == ("new" if entry.kind == "review" else "reviewed")
        assert task.tags == [] and task.due_at is None and task.start_at is None
    elif entry.kind == "check":
        step = _step_row(task.id, "s1")
        assert (step.status, step.result) == ("in_progress", None)
    else:
        step = _step_row(task.id, "s1")
        assert (step.status, step.target) == ("failed", "assistant.write")
        assert task.advice is None


def _check_plan_came(task: Task, steps: int) -> None:
    """A plan that came with a reply: one step for the person is no plan (a simple task);
    a plan of the person's steps and reminders runs at once; any other awaits approval
    (auto-accept is off)."""
    plan = plans.latest_plan(task.id)
    if plan is None:
        assert steps == 1 and task.status == "reviewed"  # a simple task, kept simple
        return
    rows = list(Step.select().where(Step.plan == plan.id))
    assert plan.origin == "assistant" and len(rows) == steps
    acts = any(r.target not in (None, "user", "reminder.set") for r in rows)
    assert (plan.status, task.status) == (("pending", "planned") if acts
                                          else ("in_progress", "in_progress"))


def _check_usable(entry: Entry, task: Task, plans_before: list[tuple[int, str]]) -> None:
    expected = entry.yields
    if entry.kind == "review":
        if expected["outcome"] == "fail":
            assert task.problem and "the assistant cannot do this" in task.problem
        else:
            assert task.problem is None
        if "steps" in expected:
            _check_plan_came(task, int(expected["steps"]))
        else:
            assert task.status == REVIEW_STATUS[expected["outcome"]]
            assert Plan.select().where(Plan.task == task.id).count() == 0
        return
    assert task.problem is None
    if entry.kind == "plan":
        _check_plan_came(task, int(expected["steps"]))
    elif entry.kind == "check":
        step = _step_row(task.id, "s1")
        if expected["passed"] == "true":
            assert (step.status, step.result) == ("completed", DRAFT)
            assert task.status == "done"
        else:
            assert step.status == "pending" and "check failed" in (step.error or "")
    else:
        decision = expected["decision"]
        if decision == "advice":
            assert _plan_rows(task.id) == [(1, "in_progress")]
            assert _step_row(task.id, "s1").status == "pending"
            assert task.advice
        else:
            assert _plan_rows(task.id) == [(1, "superseded"), (2, "in_progress")]
            step = _step_row(task.id, "s1")
            assert step.status == "pending"
            if decision == "change_worker":
                assert step.target == "user"
            else:
                children = Step.select().where(Step.parent == step.id).count()
                assert step.target is None and children == int(expected["steps"])
