"""app.agent.step_words: what a doer says on a step, in the task's language."""

from __future__ import annotations

import re
from pathlib import Path

from app.agent.step_words import SAID, said
from app.tasks.store import NewTask, add_task


def test_in_task_language(db: Path) -> None:
    english = add_task(NewTask(title="Email Alice"))
    chinese = add_task(NewTask(title="给李老师发消息"))
    assert said(english, "waiting", name="Alice") == "waiting for your approval to message Alice"
    assert said(chinese, "waiting", name="李老师") == "等你批准后发给李老师"
    assert "approval" not in said(chinese, "reminder", at="2026-12-03 09:00")


def test_same_fields() -> None:
    for words in SAID.values():
        assert sorted(re.findall(r"\{(\w+)\}", words.en)) == sorted(
            re.findall(r"\{(\w+)\}", words.zh))
