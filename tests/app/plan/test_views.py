"""Read-only views of tasks for the command line (``app.plan.views``): JSON shapes and the log."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.errors import NotFound
from app.plan import store as plans
from app.plan.views import TASK_FIELDS, agent_log, format_agent_log, task_detail, task_json
from app.tasks.store import NewTask, add_task, get_task
from models import ModelCall, WorkLog, atomic

AT = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)  # 17:00 in Shanghai
PLAN = {"schema_version": 2, "title": "P", "steps": [{"id": "a", "title": "A",
                                                      "target": "user"}]}


def test_task_json_has_every_column_and_instants_as_utc_text(db: Path) -> None:
    task = add_task(NewTask(title="Call", due_at=AT, tags=("x",)))
    data = task_json(get_task(task.id))
    assert tuple(data) == TASK_FIELDS
    assert data["due_at"] == "2026-12-03T09:00:00Z" and data["tags"] == ["x"]


def test_task_detail_without_and_with_a_plan(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    assert task_detail(task.id)["plan"] is None and task_detail(task.id)["revisions"] == []
    plans.save_plan(task.id, PLAN)
    plans.save_plan(task.id, {**PLAN, "title": "P2"})
    detail = task_detail(task.id)
    assert detail["plan"]["title"] == "P2" and detail["plan_status"] == detail["revisions"][-1][
        "status"]
    assert [r["revision"] for r in detail["revisions"]] == [1, 2]
    with pytest.raises(NotFound):
        task_detail(999)


def test_the_agent_log_lists_work_and_model_calls_oldest_first(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    with atomic():
        WorkLog.create(task=task.id, kind="note", message="second", at=AT)
        ModelCall.create(task=task.id, provider="offline", model="m", purpose="review",
                         outcome="ok", latency_ms=12.4, created_at=AT)
        ModelCall.create(task=task.id, provider="openai", model="q", purpose="plan",
                         outcome="error", error="timed out", created_at=AT)
    data = agent_log(task.id)
    assert data["worklog"][-1]["message"] == "second"
    assert [c["purpose"] for c in data["model_calls"]] == ["review", "plan"]
    text = format_agent_log(data)
    assert text.startswith(f"work log of task {task.id}:\n")
    assert "2026-12-03 17:00  review         offline/m  ok  12 ms" in text
    assert text.rstrip().endswith("plan           openai/q  error  -  timed out")


def test_a_task_without_model_calls_says_none(db: Path) -> None:
    task = add_task(NewTask(title="Quiet"))
    assert format_agent_log(agent_log(task.id)).endswith("model calls:\n  (none)\n")
