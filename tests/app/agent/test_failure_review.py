"""The failure review (``app.agent.failure_review``): advice, another worker, or a split."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.agent.failure_review import checked_review, split_plan
from app.agent.loop import Assistant
from app.agent.replies import ReplyError
from app.config import settings
from app.plan import store as plans
from app.tasks import folders
from models import Task, WorkLog
from tests.app.agent.test_loop import (
    Clock,
    fresh,
    run,
    spec,
    task,
    write_plan_then,
)

DUE = datetime(2027, 1, 10, 17, tzinfo=UTC)  # a reminder after it cannot be kept


def test_a_failing_step_is_retried_then_reviewed_and_handed_to_you(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    t = task("Save notes", due_at=DUE)
    late = {"at": "2027-01-30T00:00:00Z", "text": "too late"}  # after the due: it fails
    provider = write_plan_then([{"id": "think", "title": "Think", "target": "user"},
                                {"id": "remind", "title": "Remind", "target": "reminder.set",
                                 "inputs": late}])
    run(Assistant(provider, clock=Clock()))
    steps = {s.id: s for s in spec(fresh(t)).steps}
    assert steps["remind"].target == "user" and steps["remind"].status == "pending"
    worklog = [w.message for w in WorkLog.select().where(WorkLog.kind == "retry")]
    assert len(worklog) == 2 and all("window closes" in m for m in worklog)
    assert provider.purposes()[-1] == "failure_review"
    assert plans.latest_plan(t.id).status == "in_progress"  # type: ignore[union-attr]


def test_a_failure_review_can_split_the_step(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    t = task("Save notes", due_at=DUE)
    split = json.dumps({"decision": "split", "steps": [
        {"id": "a", "title": "Write it", "target": "assistant.write",
         "inputs": {"instructions": "notes"}},
        {"id": "b", "title": "Save it", "target": "file.write", "depends_on": ["a"],
         "inputs": {"path": "notes.md", "from_step": "save.a"}}]})
    provider = write_plan_then([{"id": "save", "title": "Save", "target": "reminder.set",
                                 "inputs": {"at": "2027-01-30T00:00:00Z", "text": "x"}}],
                               split)
    run(Assistant(provider, clock=Clock()))
    result = {s.id: s for s in spec(fresh(t)).steps}
    assert result["save"].target is None and result["save.b"].parent == "save"
    assert result["save"].status == "completed" and fresh(t).status == "done"
    saved = (folders.folder(t.id) / "notes.md").read_text(encoding="utf-8")
    assert saved == result["save.a"].result and "Save notes" in saved


def test_advice_goes_into_the_next_attempts_prompt(db: Path) -> None:
    settings.put("assistant.auto_accept", True)
    settings.put("assistant.review_budget", 1)
    t = task("Draft the letter")
    never: Callable[[Any], str] = lambda ctx: '{"passed": false, "reason": "too short"}'  # noqa
    draft: Callable[[Any], str] = lambda ctx: "Dear Ann"  # noqa: E731
    provider = write_plan_then(
        [{"id": "w", "title": "Write", "target": "assistant.write", "done_when": "a full page",
          "inputs": {"instructions": "the letter"}}],
        draft, never, draft, never, draft, never,
        '{"decision": "advice", "advice": "Write at least three paragraphs."}',
        draft, never)
    run(Assistant(provider, clock=Clock()))
    writes = [c for c in provider.calls if c.purpose == "write"]
    assert len(writes) == 4
    assert "three paragraphs" in writes[-1].messages[-1].content
    t = fresh(t)
    assert "failed for good" in t.problem and plans.latest_plan(t.id).status == "paused"


def failed_step_spec(t: Task, depth: int) -> Any:
    """A saved plan whose step ``s<depth>`` sits ``depth`` levels deep."""
    steps = [{"id": f"s{n}", "title": f"Level {n}", "depends_on": [], "target": "user",
              "parent": f"s{n - 1}" if n > 1 else None} for n in range(1, depth + 1)]
    steps[-1]["target"] = "assistant.write"
    steps[-1]["inputs"] = {"instructions": "x"}
    for group in steps[:-1]:
        group["target"] = None
    plans.save_plan(t.id, {"schema_version": 1, "title": "p", "steps": steps})
    return plans.spec_of(plans.latest_plan(t.id))  # type: ignore[arg-type]


def split_reply(*subs: dict[str, Any]) -> str:
    full = [{"title": "Part", "target": "user", **s} for s in subs]
    return json.dumps({"decision": "split", "think": "smaller", "steps": full})


def test_a_split_at_level_four_is_refused(db: Path) -> None:
    deep = failed_step_spec(task("Deep"), 4)
    with pytest.raises(ReplyError, match="level 4"):
        checked_review(split_reply({"id": "a"}), deep, deep.step("s4"))


def test_a_sub_step_depending_outside_the_split_is_refused(db: Path) -> None:
    flat = failed_step_spec(task("Flat"), 1)
    with pytest.raises(ReplyError, match="outside the split"):
        checked_review(split_reply({"id": "a", "depends_on": ["zz"]}), flat, flat.step("s1"))


def test_split_plan_turns_the_step_into_a_group_of_the_sub_steps(db: Path) -> None:
    flat = failed_step_spec(task("Flat"), 1)
    reply = checked_review(split_reply({"id": "a"}, {"id": "b", "depends_on": ["a"]}),
                           flat, flat.step("s1")).reply
    data, generated = split_plan(flat, flat.step("s1"), reply)
    by_id = {s["id"]: s for s in data["steps"]}
    assert generated == {"s1", "s1.a", "s1.b"} and data["origin"] == "assistant"
    assert by_id["s1"]["target"] is None and by_id["s1.b"]["depends_on"] == ["s1.a"]
    assert by_id["s1.a"]["parent"] == "s1"
