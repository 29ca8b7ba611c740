"""Sample tasks for a first run, and what the offline planner makes of them."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.agent.loop import Assistant
from app.llm.offline.provider import OfflineProvider
from app.plan import store as plans
from app.tasks.samples import add_samples
from models import Task

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_samples_get_plans_from_the_offline_planner(db: Path, language: str) -> None:
    ids = add_samples(language, now=NOW)
    assert len(ids) == 4 and all(Task.get_by_id(i).due_at > NOW for i in ids)
    asyncio.run(Assistant(OfflineProvider(), clock=lambda: NOW).run_until_idle())
    planned = [i for i in ids if plans.latest_plan(i) is not None]
    assert len(planned) == 4
    steps = {i: len(plans.spec_of(plans.latest_plan(i)).steps) for i in ids}  # type: ignore[arg-type]
    assert steps[ids[1]] == 4  # the numbered list in the passport task's detail, then renewing
    assert steps[ids[2]] == 3  # then / 然后 … 再


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("now", [datetime(2026, 12, 3, 8, tzinfo=UTC),  # Thu
                                 datetime(2026, 12, 4, 3, tzinfo=UTC),  # Fri morning
                                 datetime(2026, 12, 4, 12, tzinfo=UTC),  # Fri evening
                                 datetime(2026, 12, 6, 8, tzinfo=UTC)])  # Sun
def test_weekly_due_on_friday(db: Path, language: str, now: datetime) -> None:
    from app.dates.when import local_zone

    add_samples(language, now=now)
    weekly = Task.get(Task.recurrence.is_null(False))
    due = weekly.due_at.astimezone(local_zone())
    assert due.weekday() == 4 and due.hour == 18 and weekly.due_at > now
    assert (weekly.due_at - now).days < 7
