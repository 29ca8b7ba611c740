"""A corpus of typed tasks (half Chinese) and what Stepwise must read in each.

Each line of ``offline_corpus.jsonl`` is a task as a person types it into the quick-add
bar, with the expected reading — title, due (local time), recurrence, tags, priority —
and the offline planner's answer: its outcome and steps (target, part of the title),
dependencies and message recipients, and words each message's draft must say ("says").
Only the keys a line names are checked. The clock
is Monday 2026-11-30 10:00 in Shanghai; the contacts are below.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.llm.offline.provider import review, write
from app.tasks.quickadd import read_typed
from app.words.plain import language_of

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
CONTACTS = ["Alice", "Sam", "李老师", "张经理", "王总", "老婆", "小王", "妈妈"]
CORPUS = Path(__file__).with_name("offline_corpus.jsonl")


def reading_of(text: str) -> dict[str, Any]:
    """What Stepwise makes of one typed line: the quick-add reading, then the review."""
    typed = read_typed(text, NOW)
    task = {"id": 1, "title": typed.title, "detail": typed.detail, "status": "new", "priority":
            typed.priority or 3, "tags": list(typed.tags), "start_at": None,
            "due_at": typed.due.isoformat() if typed.due else None, "expires_at": None,
            "recurrence": typed.recurrence}
    ctx = {"purpose": "review", "now": NOW.isoformat(), "language": language_of(typed.title),
           "task": task, "max_steps": 10, "contacts": CONTACTS, "busy": []}
    answer = review(ctx)
    outcome = next(a for a in answer["actions"] if a["name"] != "confirm")
    found: dict[str, Any] = {
        "title": typed.title, "due": typed.due.strftime("%Y-%m-%d %H:%M") if typed.due else None,
        "recur": typed.recurrence, "tags": sorted({*typed.tags, *answer["tags"]}),
        "priority": typed.priority, "outcome": outcome["name"]}
    steps = outcome["plan"]["steps"] if outcome["name"] == "plan" else (
        [outcome["step"] | {"id": "do", "depends_on": []}] if outcome["name"] == "execute" else [])
    found["steps"] = [[s["target"], s["title"]] for s in steps]
    found["deps"] = [s["depends_on"] for s in steps]
    found["to"] = [s["inputs"]["to"] for s in steps if s["target"] == "message.post"]
    found["says"] = [_draft_of(ctx, steps, s["inputs"]["from_step"]) for s in steps
                     if s["target"] == "message.post" and "from_step" in s["inputs"]]
    return found


def _draft_of(ctx: dict[str, Any], steps: list[dict[str, Any]], sid: str) -> str:
    """The offline draft a message sends (with no earlier results)."""
    step = next(s for s in steps if s["id"] == sid)
    return write({**ctx, "purpose": "write", "step": step, "results": {}})


def entries() -> list[dict[str, Any]]:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_corpus_is_big_enough_and_half_chinese() -> None:
    rows = entries()
    chinese = [r for r in rows if language_of(r["text"]) == "zh"]
    assert len(rows) >= 150 and len(chinese) >= len(rows) * 0.45
    assert len({r["text"] for r in rows}) == len(rows)


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e["text"][:40])
def test_a_typed_task_is_read_as_expected(entry: dict[str, Any]) -> None:
    found = reading_of(entry["text"])
    for key, expected in entry.items():
        if key == "text":
            continue
        if key == "steps":  # [target, a part of the title]
            got = found["steps"]
            assert [t for t, _ in got] == [t for t, _ in expected], got
            for (_, title), (_, part) in zip(got, expected, strict=True):
                assert part.lower() in title.lower(), (title, part)
            continue
        if key == "says":  # [words each message must contain]
            assert len(found["says"]) == len(expected), found["says"]
            for text, words in zip(found["says"], expected, strict=True):
                assert all(w in text for w in words), (text, words)
            continue
        assert found[key] == expected, (key, found[key])
