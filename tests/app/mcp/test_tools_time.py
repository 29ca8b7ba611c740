"""The time tools (``app.mcp.tools_time``), in this process."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from app.mcp import tools_time
from app.mcp.gates import BadInput


def test_a_day_is_the_whole_day(db: Path) -> None:
    first, last = tools_time.window("2030-01-07", "2030-01-07")
    assert (first.hour, last - first) == (0, timedelta(days=1))
    first, last = tools_time.window(None, None)
    assert last - first == timedelta(days=tools_time.DEFAULT_DAYS)


def test_bad_windows(db: Path) -> None:
    with pytest.raises(BadInput, match="not after"):
        tools_time.window("2030-01-08", "2030-01-07")
    with pytest.raises(BadInput, match="at most"):
        tools_time.window("2030-01-01", "2032-01-01")


def test_free_time_and_a_dry_schedule(db: Path) -> None:
    free = tools_time.free_time("2030-01-07", "2030-01-07")  # a Monday
    assert free["busy"] == [] and len(free["free"]) == 1
    assert tools_time.events(None, None)["events"] == []
    assert tools_time.schedule(None, 7) == {"dry_run": True, "blocks": [], "unplaced": []}


def _estimated_task() -> int:
    from app.plan import store as plans
    from app.tasks import store as tasks

    task = tasks.add_task(tasks.NewTask(title="Write the report"))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "title": "R", "steps": [
        {"id": "draft", "title": "Draft it", "target": "user", "estimate_minutes": 90}]})
    plans.approve_all()
    return task.id


def test_a_schedule_is_saved_only_when_the_person_lets_agents(db: Path) -> None:
    from app.config import settings
    from app.mcp.gates import Gate
    from models.tables import ScheduledBlock

    _estimated_task()
    with pytest.raises(Gate, match="mcp.may_schedule"):
        tools_time.schedule("2030-01-07", 7, save=True, client="bot")
    assert ScheduledBlock.select().count() == 0
    settings.put("mcp.may_schedule", True)
    saved = tools_time.schedule("2030-01-07", 7, save=True, client="bot")
    assert saved["dry_run"] is False and len(saved["blocks"]) == 1
    assert ScheduledBlock.select().count() == 1


def test_a_saved_schedule_is_one_change_the_person_undoes(db: Path) -> None:
    from app.config import settings
    from app.mcp import changes
    from models.tables import ScheduledBlock

    _estimated_task()
    settings.put("mcp.may_schedule", True)
    tools_time.schedule("2030-01-07", 7, save=True, client="bot")
    (one,) = changes.recent()
    assert (one.client, one.task_id, one.undoable) == ("bot", None, True)
    assert "bot" in changes.undo(one.id)
    assert ScheduledBlock.select().count() == 0  # as it was before the agent's run
    assert changes.recent()[0].undoable is False


def test_undoing_a_saved_schedule_puts_the_persons_blocks_back_and_says_so(db: Path) -> None:
    from app.config import settings
    from app.events import Kind, events
    from app.mcp import changes
    from app.schedule import store
    from models.tables import ScheduledBlock

    _estimated_task()
    store.run(start=tools_time.window("2030-01-07", None)[0], days=7)  # the person's
    before = [(b.step_id, b.start) for b in ScheduledBlock.select()]
    settings.put("mcp.may_schedule", True)
    tools_time.schedule("2030-01-14", 7, save=True, client="bot")
    assert [(b.step_id, b.start) for b in ScheduledBlock.select()] != before
    heard: list[str] = []
    stop = events.subscribe(lambda c: heard.extend(x.detail
                                                   for x in c.of(Kind.SCHEDULE_CHANGED)))
    try:
        changes.undo(changes.recent()[0].id)
    finally:
        stop()
    assert [(b.step_id, b.start) for b in ScheduledBlock.select()] == before
    assert heard == ["put back"]
