"""What other AI agents changed, undoable (``app.mcp.changes``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import Refused
from app.mcp import changes
from app.tasks import store as tasks
from models import Task, WorkLog


def _edit_by(client: str, task_id: int, title: str) -> None:
    with changes.changing(client, task_id, f"renamed to {title!r}"):
        tasks.update_task(task_id, title=title)


def test_an_agents_edit_is_logged_by_name_and_undone_whole(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Buy milk", tags=("home",)))
    _edit_by("Claude Desktop", task.id, "Buy oat milk")
    (one,) = changes.recent()
    assert (one.client, one.task_title, one.undoable) == ("Claude Desktop", "Buy oat milk", True)
    assert WorkLog.select().where(WorkLog.task == task.id,
                                  WorkLog.message.contains("(by Claude Desktop)")).exists()
    assert "Claude Desktop" in changes.undo(one.id)
    again = tasks.get_task(task.id)
    assert (again.title, again.tags) == ("Buy milk", ["home"])
    with pytest.raises(Refused, match="undone already"):
        changes.undo(one.id)


def test_a_task_an_agent_added_goes_to_the_trash_when_undone(db: Path) -> None:
    with changes.changing("agent-x", None, "added 'Call Bob'") as added:
        added.append(tasks.add_task(tasks.NewTask(title="Call Bob")).id)
    (one,) = changes.recent()
    changes.undo(one.id)
    assert Task.select().count() == 0
    from models.tables import Trash

    assert Trash.select().count() == 1


def test_the_persons_later_edit_is_never_undone(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Report"))
    _edit_by("agent-x", task.id, "Report v2")
    tasks.update_task(task.id, title="Report (mine)")
    (one,) = changes.recent()
    with pytest.raises(Refused, match="your later edit is kept"):
        changes.undo(one.id)
    assert tasks.get_task(task.id).title == "Report (mine)"


def test_only_the_newest_agent_change_of_a_task_undoes(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="A"))
    _edit_by("agent-x", task.id, "B")
    _edit_by("agent-x", task.id, "C")
    newest, older = changes.recent()
    assert (newest.undoable, older.undoable) == (True, False)
    with pytest.raises(Refused, match="must be undone first"):
        changes.undo(older.id)
    changes.undo(newest.id)
    changes.undo(older.id)
    assert tasks.get_task(task.id).title == "A"


def test_a_change_to_a_deleted_task_never_touches_the_task_that_got_its_id(db: Path) -> None:
    old = tasks.add_task(tasks.NewTask(title="Old report"))
    _edit_by("bot", old.id, "Old report v2")
    from app.tasks import trash

    trash.trash_task(old.id)
    new = tasks.add_task(tasks.NewTask(title="Brand new task"))
    assert new.id == old.id  # SQLite gives the freed id again
    (one,) = changes.recent()
    assert (one.task_title, one.undoable) == (None, False)
    with pytest.raises(Refused, match="is gone"):
        changes.undo(one.id)
    assert tasks.get_task(new.id).title == "Brand new task"


def test_a_change_the_person_edited_after_is_shown_not_undoable(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Report"))
    _edit_by("agent-x", task.id, "Report v2")
    tasks.update_task(task.id, title="Report (mine)")
    assert changes.recent()[0].undoable is False
