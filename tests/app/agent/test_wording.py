"""app.agent.wording: the model titles the offline planner's steps, nothing else; a plan
it words is marked so, one it cannot word stays the offline planner's."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import pytest

from app.agent.asking import OFFLINE_INSTEAD
from app.agent.loop import Assistant
from app.agent.replies import ReplyError
from app.agent.wording import WORDED_BY, titles_schema, worded
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
PLAN = {"title": "p", "steps": [{"id": "s1", "title": "Find the form", "target": "user"},
                                {"id": "s2", "title": "Send it", "target": "user"}]}
REVIEW = json.dumps({"think": "ok", "tags": ["home"], "actions": [{"name": "plan"}]})


def test_worded_changes_titles_only() -> None:
    out = worded(PLAN, json.dumps({"titles": ["Get the form", "Post it"]}))
    assert [s["title"] for s in out["steps"]] == ["Get the form", "Post it"]
    assert [s["target"] for s in out["steps"]] == ["user", "user"]


def test_worded_drops_numbers() -> None:
    out = worded(PLAN, json.dumps({"titles": ["1. Get the form", "2) Post it"]}))
    assert [s["title"] for s in out["steps"]] == ["Get the form", "Post it"]


@pytest.mark.parametrize("titles", [["one"], ["Find the form", "send  IT"], ["a", ""],
                                    ["1. Find the form", "2. Send it"]])
def test_worded_refusals(titles: list[str]) -> None:
    with pytest.raises(ReplyError):
        worded(PLAN, json.dumps({"titles": titles}))


def test_titles_schema_counts() -> None:
    jsonschema.validate({"titles": ["a", "b"]}, titles_schema(2))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"titles": ["a"]}, titles_schema(2))



def run_with(wording: str | None, title: str) -> str:
    task = add_task(NewTask(title=title))
    script: list[object] = [REVIEW, "not json", "still not json"]

    def titles(_context: object) -> str:
        count = len(_offline_steps(task.id))
        return wording if wording is not None else json.dumps(
            {"titles": [f"Own words {n}" for n in range(1, count + 1)]})

    script.append(titles)
    provider = ScriptedProvider(script=script, name="openai", model="small")  # type: ignore[arg-type]
    asyncio.run(Assistant(provider, auto_accept=False, clock=lambda: NOW)
                .run_until_idle(limit=2))
    latest = plans.latest_plan(task.id)
    assert latest is not None
    return str(latest.source)


def _offline_steps(task_id: int) -> list[str]:
    from models import ModelCall

    call = (ModelCall.select().where((ModelCall.task == task_id)
                                     & (ModelCall.outcome == "ok: instead")).get())
    return [s["title"] for s in json.loads(call.reply)["steps"]]


def test_worded_plan_is_marked(db: Path) -> None:
    assert run_with(None, "Renew passport then book flights") == f"{WORDED_BY} small"


def test_unworded_plan_stays_offline(db: Path) -> None:
    source = run_with('{"titles": []}', "Renew passport then book flights")
    assert source == f"{OFFLINE_INSTEAD} small"
