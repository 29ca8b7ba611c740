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
from app.agent.wording import WORDED_BY, fits, titles_schema, worded
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
PLAN = {"title": "p", "steps": [{"id": "s1", "title": "Find the form", "target": "user"},
                                {"id": "s2", "title": "Send it", "target": "user"}]}
REVIEW = json.dumps({"think": "ok", "tags": ["home"], "actions": [{"name": "plan"}]})


def test_worded_changes_titles_only() -> None:
    out = worded(PLAN, json.dumps({"titles": ["Find the visa form", "Send it to the embassy"]}))
    assert [s["title"] for s in out.plan["steps"]] == ["Find the visa form",
                                                       "Send it to the embassy"]
    assert [s["target"] for s in out.plan["steps"]] == ["user", "user"]
    assert out.ids == ["s1", "s2"]


def test_worded_drops_numbers() -> None:
    out = worded(PLAN, json.dumps({"titles": ["1. Find the new form", "2) Send it"]}))
    assert [s["title"] for s in out.plan["steps"]] == ["Find the new form", "Send it"]
    assert out.ids == ["s1"]


@pytest.mark.parametrize("titles", [["one"], ["Find the form", "send  IT"], ["a", ""],
                                    ["1. Find the form", "2. Send it"],
                                    ["Planning a party", "Task: Planning a party"]])
def test_worded_refusals(titles: list[str]) -> None:
    with pytest.raises(ReplyError):
        worded(PLAN, json.dumps({"titles": titles}))


@pytest.mark.parametrize(("title", "own", "task", "language", "expected"), [
    ("Send the invitation to the team", "Send the invitation", "Team offsite", "en", True),
    ("Gather the passport documents", "Gather the documents", "Renew passport", "en", True),
    ("Team offsite", "Send the invitation", "Team offsite", "en", False),
    ("Planning a party", "Decide the date and who takes part", "Party", "en", False),
    ("Draft the invitation with date", "Draft the invitation with the date", "Party", "en",
     False),
    ("填写并提交申诉", "填写并提交申请", "续签护照", "zh", False),
    ("month_of[year]", "Decide the date", "Party", "en", False),
    ("List the steps of the JSON", "List the documents", "Renew passport", "en", False),
    ("发送邀请", "Send the invitation", "Team offsite", "en", False),
    ("预订团建场地和所需物品", "预订场地和所需物品", "组织团队团建", "zh", True),
    ("预订场地 and所需物品", "预订场地和所需物品", "组织团队团建", "zh", False),
    ("组织团队团建", "发出邀请", "组织团队团建", "zh", False),
    ("学习", "发出邀请", "组织团队团建", "zh", False),
    ("给 Priya 发出邀请", "发出邀请", "邀请 Priya 吃饭", "zh", True),
])
def test_fits_cases(title: str, own: str, task: str, language: str, expected: bool) -> None:
    assert fits(title, own, task, language) is expected


def test_worded_keeps_unfit() -> None:
    out = worded(PLAN, json.dumps({"titles": ["Find the tax form", "json: []"]}), "Taxes")
    assert [s["title"] for s in out.plan["steps"]] == ["Find the tax form", "Send it"]
    assert out.ids == ["s1"]


def test_worded_no_duplicates() -> None:
    plan = {"title": "p", "steps": [{"id": "s1", "title": "Book the hall", "target": "user"},
                                    {"id": "s2", "title": "Book the band", "target": "user"}]}
    out = worded(plan, json.dumps({"titles": ["Book the hall and band"] * 2}), "Wedding")
    assert [s["title"] for s in out.plan["steps"]] == ["Book the hall and band", "Book the band"]
    assert out.ids == ["s1"]


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
            {"titles": [f"{t} for the trip" for t in _offline_steps(task.id)][:count]})

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
