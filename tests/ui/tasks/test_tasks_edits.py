"""What typed text in a task list cell means (ui.tasks.edits): #tags split off the title,
the field changes a typed value makes (a day without a time is a date), and undo."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task, get_task, when
from ui.shared.context import WindowContext
from ui.tasks.edits import changes_for, save_cell, split_tags


def test_tags_and_fields_are_read_from_typed_text() -> None:
    assert split_tags("Buy milk #shop #shop #home") == ("Buy milk", ["shop", "home"])
    assert split_tags("Buy milk #shop, now") == ("Buy milk, now", ["shop"])  # as quick add
    assert changes_for(0, "Fix bug #work!2") == {"title": "Fix bug", "tags": ["work"],
                                                 "priority": 2}
    assert changes_for(2, "!2") == {"priority": 2}
    assert changes_for(1, "") == {"due_at": None, "named": ()}
    assert changes_for(1, "tomorrow 3pm")["named"] == ("due",)  # a time the person named
    assert changes_for(1, "tomorrow")["named"] == ()
    with pytest.raises(ValueError):
        changes_for(2, "high")


def test_a_day_typed_without_a_time_is_a_date() -> None:
    due = changes_for(1, "friday")["due_at"]
    assert type(due) is date and due.weekday() == 4  # all day, not friday 18:00
    timed = changes_for(1, "friday 3pm")
    assert isinstance(timed["due_at"], datetime) and timed["named"] == ("due",)
    assert timed["due_at"].astimezone().hour == 15


def test_a_cell_edit_saves_all_day_and_undo_restores(ctx: WindowContext,
                                                     qtbot: QtBot) -> None:
    day = date(2026, 12, 15)
    task_id = add_task(NewTask(title="Pay rent", due_at=day)).id
    ctx.selection.select_task(task_id)
    save_cell(ctx, task_id, 1, "2026-12-18 15:00")  # a moment, named
    qtbot.wait_until(lambda: ctx.undo.canUndo())
    task = get_task(task_id)
    assert task.all_day == [] and task.named == ["due"]
    assert ctx.undo.undoText() == "Edit “Pay rent”"
    ctx.undo.undo()
    qtbot.wait_until(lambda: get_task(task_id).all_day == ["due"])
    assert when(get_task(task_id), "due") == day and get_task(task_id).named == []
    ctx.undo.redo()
    qtbot.wait_until(lambda: get_task(task_id).all_day == [])
    save_cell(ctx, task_id, 1, "friday")
    qtbot.wait_until(lambda: ctx.undo.index() == 2)  # saved, and on the stack
    assert get_task(task_id).all_day == ["due"]
    due = when(get_task(task_id), "due")
    assert type(due) is date and due.weekday() == 4
    ctx.undo.undo()  # back to the moment it was
    qtbot.wait_until(lambda: get_task(task_id).all_day == [])
    assert get_task(task_id).named == ["due"]


def test_undo_and_redo_at_once_run_in_order(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Pay rent", due_at=date(2026, 12, 15))).id
    save_cell(ctx, task_id, 1, "2026-12-18 15:00")
    qtbot.wait_until(lambda: ctx.undo.canUndo())
    for _ in range(5):  # faster than the worker: each waits for the one before
        ctx.undo.undo()
        ctx.undo.redo()
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert get_task(task_id).all_day == [] and get_task(task_id).named == ["due"]


def test_two_undos_of_two_edits_reach_the_store_in_order(
        ctx: WindowContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command's writes wait for the window's writes before them (``ctx.writes``):
    the first undo held in its worker, the second undo still comes after it."""
    import threading

    from app.tasks import store

    task_id = add_task(NewTask(title="Report")).id
    save_cell(ctx, task_id, 0, "Report v2")
    qtbot.wait_until(lambda: ctx.undo.index() == 1 and get_task(task_id).title == "Report v2")
    save_cell(ctx, task_id, 0, "Report v3")
    qtbot.wait_until(lambda: ctx.undo.index() == 2 and get_task(task_id).title == "Report v3")
    real, gate, entered, titles = store.update_task, threading.Event(), threading.Event(), []

    def held(task: int, **changes: object) -> object:
        if changes.get("title") == "Report v2":  # the first undo's write is slow
            entered.set()
            gate.wait(timeout=10)
        titles.append(changes.get("title"))
        return real(task, **changes)

    monkeypatch.setattr(store, "update_task", held)
    ctx.undo.undo()
    ctx.undo.undo()
    qtbot.wait_until(entered.is_set)
    qtbot.wait(200)  # time for a write that does not wait its turn to get through
    gate.set()
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert titles == ["Report v2", "Report"] and get_task(task_id).title == "Report"


def test_refused_edit_is_told(ctx: WindowContext, qtbot: QtBot) -> None:
    """A task deleted meanwhile (the CLI, a sync): the edit is refused on the status line
    and leaves nothing to undo."""
    from app.tasks.store import delete_task

    task_id = add_task(NewTask(title="Pay rent")).id
    delete_task(task_id)
    with qtbot.wait_signal(ctx.status.error, timeout=5000) as said:
        save_cell(ctx, task_id, 0, "Pay the rent")
    assert str(task_id) in said.args[0]
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert not ctx.undo.canUndo()
