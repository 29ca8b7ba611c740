"""Moving a node in the graph (ui.plan.node_moves): pinned at once, undone back to where it
was and redone to where it was left, never a plan revision."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from tests.ui.plan.test_view import at, centre, open_view
from tests.ui.plan_helpers import latest, running_task
from ui.shared.context import WindowContext


def test_a_node_move_is_undoable_and_redoable(ctx: WindowContext, qtbot: QtBot) -> None:
    from PySide6.QtCore import QPointF

    from models import StepLayout
    from tests.ui.plan.test_view import drag, free_spot

    task_id = running_task()
    view = open_view(ctx, qtbot, task_id)
    before = QPointF(view.scene.nodes["s2"].pos())
    drag(view, centre(view, "s2"), at(view, free_spot(view)))
    moved = QPointF(view.scene.nodes["s2"].pos())
    assert moved != before and ctx.undo.undoText() == "Move “Pay”"
    ctx.undo.undo()
    qtbot.wait_until(lambda: view.scene.nodes["s2"].pos() == before)
    qtbot.wait_until(lambda: StepLayout.get_or_none(StepLayout.task == task_id) is not None
                     and StepLayout.get(StepLayout.task == task_id).x == before.x())
    ctx.undo.redo()
    qtbot.wait_until(lambda: view.scene.nodes["s2"].pos() == moved)
    assert latest(task_id).revision == 1  # moves are view state, never revisions


def test_a_quick_undo_of_a_move_is_saved_after_the_move(ctx: WindowContext, qtbot: QtBot,
                                                          monkeypatch: Any) -> None:
    """Two position saves land in the order they were asked for, even when the first one's
    worker is the slower (a move's save outran by its undo's left the moved place stored)."""
    import time

    from app.plan import editing as plan_editing
    from models import StepLayout
    from ui.plan.edits import PlanFeed

    task_id = running_task()
    real, calls = plan_editing.save_positions, []

    def slow_first(task: int, positions: dict[str, tuple[float, float]]) -> None:
        calls.append(positions["s2"])
        if len(calls) == 1:
            time.sleep(0.3)  # the move's worker is slow; the undo's starts meanwhile
        real(task, positions)

    monkeypatch.setattr(plan_editing, "save_positions", slow_first)
    feed = PlanFeed(ctx)
    feed.save_positions(task_id, {"s2": (400.0, 80.0)})  # the move
    feed.save_positions(task_id, {"s2": (10.0, 20.0)})  # its undo
    qtbot.wait_until(lambda: len(calls) == 2 and not ctx.runner.running, timeout=5000)
    saved = StepLayout.get((StepLayout.task == task_id) & (StepLayout.step_id == "s2"))
    assert (saved.x, saved.y) == (10.0, 20.0)
