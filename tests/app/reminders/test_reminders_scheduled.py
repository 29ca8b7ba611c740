"""Reminder scheduling is an explicit step of each use case that moves a task's times
(issue 10): the rows are right as soon as the call returns, with no listener installed,
and they commit or roll back with the change itself."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.events import events
from app.io import transfer
from app.plan import store as plans
from app.plan import ticks as task_done
from app.plan.rewrite import rewrite_latest
from app.reminders import store as reminders
from app.tasks.store import NewTask, add_task, delete_task, restore_task, update_task
from models import Reminder, Task, atomic

LEAD = timedelta(minutes=15)  # reminders.lead_minutes' default


def soon(days: float = 2) -> datetime:
    return datetime.now(UTC).replace(microsecond=0) + timedelta(days=days)


def pending(task_id: int) -> list[tuple[str, datetime]]:
    """The task's waiting automatic reminders, read straight from the table."""
    rows = Reminder.select().where((Reminder.task == task_id) & Reminder.fired_at.is_null()
                                   & Reminder.kind.in_(reminders.AUTO_KINDS))
    return sorted((r.kind, r.fire_at) for r in rows)


def plan(task_id: int, step_due: datetime, revision: int = 1) -> dict[str, object]:
    return {"schema_version": 1, "revision": revision, "title": "p",
            "steps": [{"id": "a", "title": "Step a",
                       "due": step_due.strftime("%Y-%m-%dT%H:%M:%SZ")}]}


def acting(data: dict[str, object]) -> dict[str, object]:
    """The plan with a step in which the assistant acts: it waits for approval."""
    steps = [*data["steps"], {"id": "w", "title": "Draft", "target": "assistant.write",  # type: ignore[misc]
                              "inputs": {"instructions": "a draft"}}]
    return {**data, "steps": steps}


@pytest.fixture(autouse=True)
def _no_listener() -> None:
    assert not any(getattr(f, "__module__", "") == "app.reminders.store" for f in events._listeners)


def test_nothing_in_app_events_schedules_reminders(db: Path) -> None:
    from app.cli.args import open_store

    open_store()  # what every command does first
    assert not hasattr(reminders, "keep_scheduled")
    assert not any(getattr(f, "__module__", "") == "app.reminders.store" for f in events._listeners)


def test_adding_editing_and_restoring_a_task_schedule_its_reminders(db: Path) -> None:
    due = soon()
    t = add_task(NewTask(title="Report", due_at=due)).id
    assert pending(t) == [("due", due - LEAD)]
    update_task(t, due_at=due + timedelta(hours=1), start_at=due - timedelta(hours=3))
    assert pending(t) == [("due", due + timedelta(hours=1) - LEAD),
                          ("start", due - timedelta(hours=3))]
    snapshot = delete_task(t)
    assert pending(t) == []
    Reminder.delete().where(Reminder.task == t).execute()
    restore_task({k: v for k, v in snapshot.items() if k != "reminder"})
    assert pending(t) == [("due", due + timedelta(hours=1) - LEAD),
                          ("start", due - timedelta(hours=3))]


def test_ticking_off_and_reopening_a_task_schedule_its_reminders(db: Path) -> None:
    due = soon()
    t = add_task(NewTask(title="Call", due_at=due)).id
    task_done.finish_task(t)
    assert pending(t) == []
    task_done.reopen_task(t)
    assert pending(t) == [("due", due - LEAD)]


def test_plan_saves_moves_and_rewrites_schedule_step_reminders(db: Path) -> None:
    due, step_due = soon(3), soon(1)
    t = add_task(NewTask(title="Move", due_at=due)).id
    plans.save_plan(t, acting(plan(t, step_due)))
    assert pending(t) == [("due", due - LEAD)]  # a proposal gets none
    plans.approve_all()
    assert pending(t) == [("due", due - LEAD), ("step_due", step_due - LEAD)]
    plans.plan_action(t, "abort")
    assert pending(t) == [("due", due - LEAD)]
    plans.save_plan(t, acting(plan(t, step_due + timedelta(hours=2))))  # revision 2
    plans.approve_all()
    assert pending(t) == [("due", due - LEAD), ("step_due", step_due + timedelta(hours=2) - LEAD)]
    moved = step_due + timedelta(hours=5)
    rewrite_latest(t, 2, acting(plan(t, moved, revision=2)))
    assert pending(t) == [("due", due - LEAD), ("step_due", moved - LEAD)]


def test_a_recurring_task_rolling_forward_is_scheduled_at_its_next_time(db: Path) -> None:
    due = soon()
    t = add_task(NewTask(title="Weekly", due_at=due, timezone="UTC",
                         recurrence="FREQ=WEEKLY")).id
    plans.save_plan(t, plan(t, due - timedelta(hours=2)))
    plans.approve_all()
    plans.step_action(t, "a", "done")
    week = timedelta(days=7)
    assert pending(t) == [("due", due + week - LEAD),
                          ("step_due", due - timedelta(hours=2) + week - LEAD)]


def test_a_rolled_back_edit_leaves_its_reminders_as_they_were(db: Path) -> None:
    due = soon()
    t = add_task(NewTask(title="Report", due_at=due)).id
    with pytest.raises(RuntimeError), atomic():
        update_task(t, due_at=due + timedelta(days=1))
        raise RuntimeError("the caller's transaction fails")
    assert pending(t) == [("due", due - LEAD)]


def test_an_import_schedules_every_task(db: Path, tmp_path: Path) -> None:
    due = soon()
    t = add_task(NewTask(title="Report", due_at=due)).id
    export = tmp_path / "export.json"
    transfer.export_file(export)
    data = json.loads(export.read_text("utf-8"))
    data["tables"]["reminder"] = []  # an export made before reminders were scheduled
    export.write_text(json.dumps(data), "utf-8")
    transfer.import_file(export, replace=True)
    assert pending(t) == [("due", due - LEAD)]


def test_an_assistant_stage_that_fixes_times_schedules_them(db: Path) -> None:
    from app.agent.loop import Assistant
    from app.llm.offline.provider import OfflineProvider

    t = add_task(NewTask(title="Water the plants every Monday", timezone="UTC")).id
    assert pending(t) == []
    asyncio.run(Assistant(OfflineProvider(), clock=lambda: datetime.now(UTC)).run_once())
    task = Task.get_by_id(t)
    assert task.all_day == ["due"]  # "every Monday": a date, reminded of on its morning
    assert task.due_at is not None and ("due", task.due_at.replace(hour=9)) in pending(t)


def test_every_assistant_stage_ends_by_scheduling_its_task(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage that writes a task's times itself (as the quick check and the review do)
    leaves its reminders right too: the loop schedules the task after each stage."""
    from app.agent.loop import Assistant, Outcome
    from app.llm.offline.provider import OfflineProvider

    due = soon()
    t = add_task(NewTask(title="Report", due_at=due)).id

    async def moving_stage(self: Assistant, task: Task, stage: str, now: datetime) -> Outcome:
        Task.update(due_at=due + timedelta(days=1)).where(Task.id == task.id).execute()
        return Outcome(task.id, task.title, stage, "moved")

    monkeypatch.setattr(Assistant, "_run_stage", moving_stage)
    asyncio.run(Assistant(OfflineProvider()).replan(t))
    assert pending(t) == [("due", due + timedelta(days=1) - LEAD)]


def test_a_step_with_a_due_time_done_takes_its_reminder_away(db: Path) -> None:
    due, step_due = soon(3), soon(1)
    t = add_task(NewTask(title="Move", due_at=due)).id
    plans.save_plan(t, {"schema_version": 1, "revision": 1, "title": "p", "steps": [
        {"id": "a", "title": "Step a", "due": step_due.strftime("%Y-%m-%dT%H:%M:%SZ")},
        {"id": "b", "title": "Step b"}]})
    plans.approve_all()
    plans.step_action(t, "b", "done")  # no due time: nothing to move
    assert pending(t) == [("due", due - LEAD), ("step_due", step_due - LEAD)]
    plans.step_action(t, "a", "skip")  # the last one: the plan finishes, the task is done
    assert pending(t) == []
