"""F5's run in a process of its own (``app.agent.worker_process``): the outcomes a run
here would give, its changes heard here, a stop between two stages, a dead child said."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.agent import worker_process
from app.agent.loop import Assistant
from app.errors import KnownError
from app.events import Change, Kind, events
from app.llm.offline.provider import OfflineProvider
from app.states import TaskStatus
from app.tasks.store import NewTask, add_task
from models import Task, close_database, open_database

TITLES = ("Renew passport by Friday", "Buy milk", "每周五提醒我交周报",
          "Email Bob to ask whether he can come to the offsite", "Book a table for Saturday")


@pytest.fixture(autouse=True)
def _child_ended() -> Iterator[None]:
    yield
    worker_process.shut_down()


def _heard() -> tuple[list[Change], object]:
    changes: list[Change] = []
    return changes, events.subscribe(changes.extend)


def test_same_outcomes(db: Path, data_dir: Path, tmp_path: Path) -> None:
    ids = [int(add_task(NewTask(title=title)).id) for title in TITLES]
    copy = tmp_path / "copy.db"
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    changes, unsubscribe = _heard()
    one_by_one: list[tuple[int, int]] = []  # (task, changes heard before its outcome)
    there = asyncio.run(worker_process.run_until_idle(
        db, data_dir, on_outcome=lambda o: one_by_one.append((o.task_id, len(changes)))))
    unsubscribe()  # type: ignore[operator]
    assert [task for task, _ in one_by_one] == [o.task_id for o in there]
    assert one_by_one[0][1] < one_by_one[-1][1] < len(changes) + 1  # as they came
    open_database(copy)
    here = asyncio.run(Assistant(OfflineProvider()).run_until_idle())
    close_database()
    assert [(o.task_id, o.stage, o.summary) for o in there] == \
        [(o.task_id, o.stage, o.summary) for o in here]
    assert {o.task_id for o in there} == set(ids)
    started = [c.task_id for c in changes if c.kind == Kind.ASSISTANT_STARTED]
    finished = [c.task_id for c in changes if c.kind == Kind.ASSISTANT_FINISHED]
    assert started == finished == [o.task_id for o in there]
    assert any(c.kind == Kind.PLAN_SAVED for c in changes)


def test_stop_between_stages(db: Path, data_dir: Path) -> None:
    for n in range(300):
        add_task(NewTask(title=f"Write a thank-you note to guest {n}"))

    async def stopped_early() -> int:
        outcomes: list[int] = []
        run = asyncio.ensure_future(worker_process.run_until_idle(
            db, data_dir, on_outcome=lambda o: outcomes.append(o.task_id)))
        finished: list[int] = []
        unsubscribe = events.subscribe(
            lambda c: finished.extend(1 for _ in c.of(Kind.ASSISTANT_FINISHED)))
        while len(finished) < 3:
            await asyncio.sleep(0.005)
        run.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run
        unsubscribe()
        assert len(outcomes) == len(finished)  # each stage's outcome heard, even stopped
        return len(finished)

    heard = asyncio.run(stopped_early())
    child = worker_process._warm
    assert child is not None and child.process.is_alive()  # stopped, not killed
    open_database(db)
    untouched = Task.select().where(Task.status == TaskStatus.NEW).count()
    assert 0 < untouched < 300 and 300 - untouched == heard  # every stage heard, whole
    asyncio.run(worker_process.run_until_idle(db, data_dir))  # the next F5 goes on
    assert Task.select().where(Task.status == TaskStatus.NEW).count() == 0


def test_dead_child_said(db: Path, data_dir: Path) -> None:
    for n in range(300):
        add_task(NewTask(title=f"Plan the trip to city {n}"))

    async def killed() -> None:
        run = asyncio.ensure_future(worker_process.run_until_idle(db, data_dir))
        while worker_process._warm is None or not worker_process._warm.process.pid:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        os.kill(worker_process._warm.process.pid, signal.SIGKILL)
        await run

    with pytest.raises(worker_process.ChildFailed, match="stopped unexpectedly"):
        asyncio.run(killed())
    assert asyncio.run(worker_process.run_until_idle(db, data_dir)) is not None  # anew


def test_store_refusal_raised_here(data_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "not-a-database.db"
    bad.write_text("these are my notes, not a database\n" * 50, encoding="utf-8")
    with pytest.raises(KnownError, match="not a Stepwise database") as caught:
        asyncio.run(worker_process.run_until_idle(bad, data_dir))
    assert not isinstance(caught.value, worker_process.ChildFailed)
    assert bad.read_text(encoding="utf-8").startswith("these are my notes")


def test_child_is_nicer(db: Path, data_dir: Path) -> None:
    asyncio.run(worker_process.run_until_idle(db, data_dir))
    child = worker_process._warm
    assert child is not None and child.process.pid is not None
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, child.process.pid) == min(
        mine + worker_process.NICENESS, 19)


def test_child_stops_when_caller_gone(db: Path, data_dir: Path) -> None:
    """A window killed mid-run: the child's next notice finds nobody and the run stops
    at its next stage instead of going on alone."""
    for n in range(300):
        add_task(NewTask(title=f"Write a thank-you note to guest {n}"))
    child = worker_process._warm_child(db, data_dir)
    child.stop.clear()
    child.conn.send(("run",))
    kind, _ = child.conn.recv()  # the first notice: the run is under way
    assert kind in ("changes", "chunk")
    child.conn.close()  # as the window's end of the pipe closes when it dies
    child.process.join(15)
    assert not child.process.is_alive()
    open_database(db)
    assert Task.select().where(Task.status == TaskStatus.NEW).count() > 200
