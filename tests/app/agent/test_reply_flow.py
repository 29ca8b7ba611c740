"""The reply → plan flow counted (docs/architecture.md, "A model reply → a saved plan"):
the review stage that turns a model's plan into a saved revision validates the plan once,
writes three transactions (the call's journal row opened and closed, then the reply applied:
the task and its plan together) and says so with one ``plan_saved`` after the commit."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.agent.loop import Assistant
from app.events import Changes, Kind, events
from app.plan import spec as planspec
from app.plan import store as plans
from models import database
from tests.app.agent.test_loop import Clock, task, write_plan_then


def test_reply_to_plan_counted(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = task("Organise the team offsite")
    provider = write_plan_then([{"id": "a", "title": "Ask for dates"},
                                {"id": "b", "title": "Book the venue", "depends_on": ["a"]},
                                {"id": "c", "title": "Send the agenda", "depends_on": ["b"]}])
    found = {"validations": 0, "transactions": 0, "writes": 0, "statements": 0}
    wrote = [True]
    tables: list[set[str]] = []  # the tables each write transaction wrote
    validate, begin, execute = planspec.validate, database.begin, database.execute_sql

    def counted_validate(*args: Any, **kwargs: Any) -> Any:
        found["validations"] += 1
        return validate(*args, **kwargs)

    def counted_begin(*args: Any, **kwargs: Any) -> Any:
        found["transactions"] += 1
        wrote[0] = False
        tables.append(set())
        return begin(*args, **kwargs)

    def counted_execute(sql: str, *args: Any, **kwargs: Any) -> Any:
        found["statements"] += 1
        words = sql.split()
        if words and words[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            table = words[2] if words[0].upper() != "UPDATE" else words[1]
            tables[-1].add(table.strip('"'))
            if not wrote[0]:
                wrote[0] = True
                found["writes"] += 1
        return execute(sql, *args, **kwargs)

    heard: list[Changes] = []
    events.subscribe(heard.append)
    monkeypatch.setattr(planspec, "validate", counted_validate)
    monkeypatch.setattr(database, "begin", counted_begin)
    monkeypatch.setattr(database, "execute_sql", counted_execute)
    outcome = asyncio.run(Assistant(provider, clock=Clock()).run_once())
    assert outcome is not None and outcome.stage == "review"
    assert plans.latest_plan(t.id) is not None
    saved = [c for changes in heard for c in changes.of(Kind.PLAN_SAVED)]
    assert found["validations"] == 1 and len(saved) == 1
    written = [t for t in tables if t]
    assert found["writes"] == 3 and written[:2] == [{"model_call"}, {"model_call"}], tables
    assert {"task", "plan", "step"} <= written[2], tables
    assert found["statements"] < 100, found  # 69 today, on a worker-free loop
