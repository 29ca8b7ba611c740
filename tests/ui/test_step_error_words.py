"""The step details tell a failed step's error in plain words and the user's language
(issue 16 item 7); the raw error stays on the step."""

from __future__ import annotations

from pathlib import Path

from app.config import settings
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import Step
from ui.step.panel import read_step

RAW = ('Traceback File "/srv/venv/lib/python3.11/site-packages/llama_cpp/server/app.py", '
       "line 212: Field required")


def _failed(title: str) -> int:
    settings.put("assistant.auto_accept", True)
    task = add_task(NewTask(title=title))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "call", "title": "Call", "target": "user", "inputs": {}}]})
    plans.step_action(task.id, "call", "fail", error=RAW)
    return task.id


def test_step_details_show_a_chinese_tasks_error_without_paths_or_jargon(db: Path) -> None:
    view = read_step(_failed("续办护照"), "call")
    assert view is not None and view.error is not None
    assert ".py" not in view.error and "Field required" not in view.error
    assert "缺失" in view.error  # "is missing", retold
    assert Step.get(Step.step_id == "call").error == RAW


def test_step_details_show_an_english_tasks_error_in_plain_english(db: Path) -> None:
    view = read_step(_failed("Renew passport"), "call")
    assert view is not None and view.error == "Traceback …: is missing"
