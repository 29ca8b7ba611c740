"""``app.io.importers.bulk``: a batch imported through the fast path leaves the same
rows as through the use cases one task at a time (``add_task``, the import's steps)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.io.importers import bulk, store
from app.io.importers.incoming import Batch, Incoming
from app.states import TaskStatus
from app.tasks.store import NewTask
from models import close_database, open_database

SOON = datetime.now(UTC).replace(microsecond=0) + timedelta(days=3)
STEP = {"id": "a", "title": "Step a", "target": "user"}


def varied() -> Batch:
    """Tasks of every shape the readers make, a planned one and a series among them."""
    plan = {"schema_version": 1, "revision": 1, "origin": "user", "title": "Trip",
            "objective": "", "steps": [STEP]}
    shapes = [
        Incoming(NewTask("Due soon", due_at=SOON, tags=("b", "a", "b")), uid="u-1"),
        Incoming(NewTask("All day", due_at=SOON.date(), creator="import"), uid="u-2"),
        Incoming(NewTask("Started", start_at=SOON - timedelta(hours=2), due_at=SOON,
                         detail="kept\nlines"), uid="u-3", status=TaskStatus.DONE,
                 created_at=datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC),
                 updated_at=datetime(2025, 2, 3, tzinfo=UTC)),
        Incoming(NewTask("Planned"), uid="u-4", plan=plan, step_uids={"a": "foreign"}),
        Incoming(NewTask("Waiting", priority=1), uid="u-5", status=TaskStatus.WAITING,
                 created_at=datetime(1800, 1, 1, tzinfo=UTC)),
        Incoming(NewTask("Weekly", due_at=SOON, recurrence="FREQ=WEEKLY",
                         timezone="Europe/Berlin", exdates=(SOON + timedelta(days=7),)),
                 uid="u-6"),
        Incoming(NewTask("Rolled", due_at=SOON, recurrence="FREQ=DAILY"), uid="u-7",
                 done=[SOON]),
        Incoming(NewTask("Twice"), uid="u-1"),
        Incoming(NewTask("No UID", start_at=date(2030, 5, 6))),
        Incoming(NewTask("Past", due_at=datetime(2020, 1, 1, tzinfo=UTC)), uid="u-8",
                 status=TaskStatus.CANCELLED),
    ]
    return Batch(shapes, read=len(shapes))


def rows(path: Path, since: str, until: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables an import writes, a time written during the test and a
    random UID masked (they differ between any two runs)."""
    out = {}
    with sqlite3.connect(path) as con:
        for table in ("task", "work_log", "reminder", "plan", "step"):
            found = con.execute(f'SELECT * FROM "{table}" ORDER BY id').fetchall()
            out[table] = [tuple("now" if isinstance(v, str) and since <= v <= until
                                else v for v in row) for row in found]
    no_uid = [r for r in out["task"] if "No UID" in r]
    assert len(no_uid) == 1
    out["task"] = [r for r in out["task"] if "No UID" not in r]
    return out


def imported(path: Path, fast: bool, monkeypatch: pytest.MonkeyPatch) -> store.Summary:
    """The varied batch imported one way: fast in a transaction each, the tasks worked
    out ahead between them (``store.Ahead``); else each through the use cases."""
    open_database(path)
    try:
        with monkeypatch.context() as patch:
            if fast:
                patch.setattr(store, "HOLD_S", 0.0)
                patch.setattr(store, "GAP_S", 0.0)
            else:
                patch.setattr(bulk, "plain", lambda _incoming: False)
            return store.import_batch(varied(), "ics")
    finally:
        close_database()


def test_same_rows_both_ways(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    since = f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%S}Z"
    fast = imported(data_dir / "fast.db", True, monkeypatch)
    slow = imported(data_dir / "slow.db", False, monkeypatch)
    until = f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%S}Z"
    assert (fast.added, fast.skipped, fast.steps) == (slow.added, slow.skipped, slow.steps)
    assert len(fast.added) == 9 and fast.skipped == ["'Twice': already here (UID u-1)"]
    got = rows(data_dir / "fast.db", since, until)
    want = rows(data_dir / "slow.db", since, until)
    assert len(got["reminder"]) >= 3 and len(got["work_log"]) >= 20 and got["step"]
    assert got == want


@pytest.mark.parametrize("fast", [True, False])
def test_closed_not_reminded(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                             fast: bool) -> None:
    from models import Reminder

    closed = Batch([Incoming(NewTask(f"Was {s}", due_at=SOON), uid=f"c-{s}", status=s)
                    for s in (TaskStatus.DONE, TaskStatus.CANCELLED)]
                   + [Incoming(NewTask("Open", due_at=SOON), uid="c-open")], read=3)
    open_database(data_dir / "closed.db")
    try:
        with monkeypatch.context() as patch:
            patch.setattr(bulk, "plain", lambda _incoming: fast)
            added = store.import_batch(closed, "ics").added
        reminded = {r.task_id for r in Reminder.select()}
    finally:
        close_database()
    assert len(added) == 3 and reminded == {added[2]}


def test_uid_here_skipped(db: Path) -> None:
    first = store.import_batch(varied(), "ics")
    again = store.import_batch(varied(), "ics")
    assert len(again.added) == 1 and again.added[0] > max(first.added)  # the one without
    assert len(again.skipped) == len(first.added)


def test_insert_rows_defaults(db: Path) -> None:
    from models import Task

    bulk.insert_rows(Task, [{"id": 7, "title": "Bare"}])
    task = Task.get_by_id(7)
    assert (task.status, task.worker, task.tags, task.priority) == ("new", "me", [], 3)
    assert task.uid and task.created_at is not None
