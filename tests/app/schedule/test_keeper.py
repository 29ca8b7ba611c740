"""app.schedule.keeper: which changes call for a new schedule, only for a person who
schedules, and the listener that runs it (started and stopped). The re-scheduling itself
against the store: test_store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.events import Change, Changes, Kind, events
from app.schedule import keeper, store
from app.tasks.store import NewTask, add_task
from models import ScheduledBlock, atomic

NOW = datetime(2026, 12, 7, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize("kind, detail, why", [
    (Kind.CALENDAR_SYNCED, "", "a calendar synced"), (Kind.PLAN_SAVED, "", "a new plan revision"),
    (Kind.SCHEDULE_CHANGED, "moved", "a block was moved by hand"),
    (Kind.SCHEDULE_CHANGED, "saved", None)])
def test_trigger_names_why_a_change_moves_blocks(kind: Kind, detail: str,
                                                 why: str | None) -> None:
    assert keeper.trigger(kind, detail) == why


def test_every_reschedule_kind_has_words() -> None:
    assert all(keeper.RESCHEDULE_ON.values())


def block(task_id: int) -> None:
    ScheduledBlock.create(task=task_id, step_id="s1", start=NOW, end=NOW + timedelta(hours=1))


def test_only_someone_who_schedules_is_rescheduled(db: Path) -> None:
    change = Changes((Change(Kind.CALENDAR_SYNCED),))
    assert not keeper.scheduling_on() and keeper.reason_for(change) is None
    block(add_task(NewTask(title="T")).id)
    assert keeper.scheduling_on() and keeper.reason_for(change) == "a calendar synced"


def test_keep_current_runs_once_per_change_until_stopped(db: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[str] = []

    def run(**kwargs: Any) -> None:
        runs.append(kwargs["why"])

    monkeypatch.setattr(store, "run", run)
    block(add_task(NewTask(title="T")).id)
    stop = keeper.keep_current()
    keeper.keep_current()  # a second call does not listen twice
    events.emit(Change(Kind.PLAN_APPROVED))
    events.emit(Change(Kind.SCHEDULE_CHANGED, None, "saved"))  # a run's own change
    stop()
    events.emit(Change(Kind.PLAN_APPROVED))
    assert runs == ["a plan was approved"]


def test_one_run_per_transaction(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[str] = []
    monkeypatch.setattr(store, "run", lambda **kwargs: runs.append(kwargs["why"]))
    block(add_task(NewTask(title="T")).id)
    stop = keeper.keep_current()
    try:
        with atomic():
            events.emit(Change(Kind.PLAN_SAVED, 1, "2"))
            events.emit(Change(Kind.PLAN_APPROVED, 1))
            events.emit(Change(Kind.STEP_CHANGED, 1, "s1"))
    finally:
        stop()
    assert runs == ["a new plan revision"]
    assert keeper.reasons(Changes((Change(Kind.PLAN_SAVED), Change(Kind.STEP_CHANGED),
                                   Change(Kind.PLAN_SAVED)))) == [
        "a new plan revision", "a step changed"]
