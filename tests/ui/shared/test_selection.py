"""The selected task and step (ui.shared.selection): each change said once."""

from __future__ import annotations

from ui.shared.selection import Selection


def test_select_once() -> None:
    selection = Selection()
    tasks: list[int] = []
    steps: list[tuple[int, str]] = []
    selection.task_selected.connect(tasks.append)
    selection.step_selected.connect(lambda task_id, step_id: steps.append((task_id, step_id)))
    selection.select_task(3)
    selection.select_step("dates")
    selection.select_step("dates")  # the same again: nothing said
    selection.select_task(3)
    assert (selection.task_id, selection.step_id) == (3, "dates")
    selection.select_task(5)
    assert tasks == [3, 5]
    assert steps == [(3, ""), (3, "dates"), (5, "")]
    assert (selection.task_id, selection.step_id) == (5, "")
