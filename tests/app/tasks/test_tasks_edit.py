"""Editing a task's own fields (``app.tasks.edit``): tag operations, changes, one save."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.errors import NotFound, Refused
from app.tasks.edit import TaskEdit, apply_tag_ops, changes_for, edit_task
from app.tasks.store import NewTask, add_task, get_task

DUE = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)


def test_tag_ops_add_remove_and_keep_order_without_duplicates() -> None:
    assert apply_tag_ops(["a", "b"], ["+c", "-a", "b", " d "]) == ["b", "c", "d"]
    assert apply_tag_ops([], []) == []


@pytest.mark.parametrize(("ops", "says"), [
    (["-x"], "no tag 'x' to remove"), (["+"], "names no tag"), (["  "], "names no tag")])
def test_a_tag_op_that_cannot_apply_is_refused(ops: list[str], says: str) -> None:
    with pytest.raises(Refused, match=says):
        apply_tag_ops(["a"], ops)


def test_only_the_fields_that_differ_are_changes(db: Path) -> None:
    task = add_task(NewTask(title="Call", tags=("b", "a"), priority=3, due_at=DUE))
    same = TaskEdit(title=" Call ", priority=3, due_at=DUE, tag_ops=("+a",))
    assert changes_for(task.id, same) == {}
    assert changes_for(task.id, TaskEdit(clear_due=True, tag_ops=("-b", "+c"))) == \
        {"due_at": None, "tags": ["a", "c"]}


def test_edit_task_saves_and_names_what_changed(db: Path) -> None:
    task = add_task(NewTask(title="Call"))
    assert edit_task(task.id, TaskEdit(title="Call Ann", priority=1)) == ["priority", "title"]
    saved = get_task(task.id)
    assert (saved.title, saved.priority) == ("Call Ann", 1)
    assert edit_task(task.id, TaskEdit()) == []


def test_a_refused_edit_changes_nothing(db: Path) -> None:
    task = add_task(NewTask(title="Call", tags=("a",)))
    with pytest.raises(Refused):
        edit_task(task.id, TaskEdit(title="  ", tag_ops=("+b",)))
    assert (get_task(task.id).title, get_task(task.id).tags) == ("Call", ["a"])
    with pytest.raises(NotFound):
        edit_task(999, TaskEdit(title="x"))
