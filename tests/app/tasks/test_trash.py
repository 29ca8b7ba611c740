"""The trash (``app.tasks.trash``): a deleted task kept whole and brought back."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import NotFound, Refused
from app.plan import store as plans
from app.tasks.store import NewTask, add_task, get_task
from app.tasks.trash import restore_task, trash_task
from models import Task


def test_trash_and_restore(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport", detail="photo first"))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "a", "title": "Photo", "target": "user"}]})
    assert trash_task(task.id) == "Renew passport"
    with pytest.raises(NotFound):
        get_task(task.id)
    assert restore_task(task.id) == "Renew passport"
    back = get_task(task.id)
    assert (back.detail, back.uid) == ("photo first", task.uid)
    assert plans.latest_plan_or_fail(task.id).revision == 1


def test_restore_unknown(db: Path) -> None:
    with pytest.raises(NotFound, match="not in the trash"):
        restore_task(7)


def test_restore_refuses_a_reused_id(db: Path) -> None:
    task = add_task(NewTask(title="Old"))
    trash_task(task.id)
    newer = add_task(NewTask(title="Written after"))
    assert newer.id == task.id  # SQLite gave the id out again
    with pytest.raises(Refused, match="in use by another task"):
        restore_task(task.id)
    assert Task.get_by_id(task.id).title == "Written after"  # nothing overwritten


def test_sync_restore_keeps_a_reused_id(db: Path) -> None:
    from app.tasks.trash import restore_row
    from models.tables import Trash

    task = add_task(NewTask(title="Task two"))
    trash_task(task.id)
    add_task(NewTask(title="Written after the sync", detail="notes"))  # takes the id
    with pytest.raises(Refused, match="in use by another task"):
        restore_row(Trash.get())
    assert (Task.get_by_id(task.id).title, Task.get_by_id(task.id).detail) == (
        "Written after the sync", "notes")
    assert Trash.select().count() == 1  # still there to restore later
