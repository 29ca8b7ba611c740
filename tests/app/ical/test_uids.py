"""Migration 5: tasks already in a database get stable UUIDs."""

from __future__ import annotations

import sqlite3
import uuid
from contextlib import closing
from pathlib import Path

from app.ical import uids


def test_migration_5_gives_existing_tasks_uuids_and_keeps_them(data_dir: Path) -> None:
    from app.tasks.store import NewTask, add_task
    from models import Task, close_database, odd_rows, open_database

    path = data_dir / "old.db"
    open_database(path)
    add_task(NewTask(title="from before"))
    add_task(NewTask(title="also old"))
    close_database()
    with closing(sqlite3.connect(path)) as raw:  # the file as a version 4 Stepwise left it
        for name in odd_rows.TRIGGERS:  # version 15's
            raw.execute(f'DROP TRIGGER "{name}"')
        raw.execute('DROP INDEX "task_uid"')
        raw.execute('ALTER TABLE "task" DROP COLUMN "uid"')
        raw.execute('DROP INDEX "step_uid"')
        raw.execute('ALTER TABLE "step" DROP COLUMN "uid"')
        raw.execute("PRAGMA user_version = 4")
        raw.commit()
    open_database(path)
    first = [t.uid for t in Task.select().order_by(Task.id)]
    close_database()
    open_database(path)
    assert [t.uid for t in Task.select().order_by(Task.id)] == first
    assert len(set(first)) == 2 and all(uuid.UUID(u).version == 4 for u in first)
    close_database()


def test_a_step_uid_is_derived_unless_stored() -> None:
    task = str(uuid.uuid4())
    assert uids.step_uid(task, "book") == uids.step_uid(task, "book")
    assert uids.step_uid(task, "book") != uids.step_uid(str(uuid.uuid4()), "book")
    assert uids.step_uid(task, "book", "from-the-phone") == "from-the-phone"
    assert uuid.UUID(uids.step_uid("2915869447437133585", "x")).version == 5
    assert uids.task_uid(None, 7) == uids.task_uid(None, 7) != uids.task_uid(None, 8)
