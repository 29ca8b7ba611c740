"""Issue 11 item 6: a task row's tooltip says why the task ranks where it does — the
urgency the assistant picks by, term by term, the same score ``explain_task`` gives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from app.tasks.queries import rows_for
from app.tasks.store import NewTask, add_task, get_task
from app.tasks.urgency import task_urgency
from ui.shared.context import WindowContext
from ui.tasks.model import urgency_line


def test_the_row_tooltip_explains_the_tasks_urgency(ctx: WindowContext, qtbot: QtBot) -> None:
    now = datetime.now(UTC)
    task_id = int(add_task(NewTask(title="Pay rent", priority=2,
                                   due_at=now + timedelta(days=1))).id)
    row = rows_for([task_id])[task_id]
    line = urgency_line(row, now)
    score = task_urgency(get_task(task_id), now)
    assert line.startswith(f"Urgency {score.score:.2f} = ")
    assert "Priority 3.9" in line and "due " in line


def test_a_finished_task_has_no_urgency_line(ctx: WindowContext, qtbot: QtBot) -> None:
    from ui.tasks.model import _tooltip

    task_id = int(add_task(NewTask(title="Done already")).id)
    row = rows_for([task_id])[task_id]
    assert "Urgency" in _tooltip(row)
    finished = type(row)(**{**row.__dict__, "status": "done"})
    assert "Urgency" not in _tooltip(finished)
