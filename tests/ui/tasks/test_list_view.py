"""Issue 11: the task list in place — one-click done on a simple task (undoable, and a
second click reopens it), title with #tags, due and priority typed into their cells,
the task context menu with its keys, and the model under Qt's model tester."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.tasks.store import NewTask, add_task, get_task
from tests.ui.plan.test_view import plan15
from ui.shared.context import WindowContext
from ui.tasks.list_view import TaskListPanel


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> TaskListPanel:
    widget = TaskListPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(500, 400)
    widget.show()
    return widget


def loaded(panel: TaskListPanel, qtbot: QtBot, count: int) -> None:
    panel.reload()
    qtbot.wait_until(lambda: panel.model.rowCount() == count)


def test_one_click_done_ticks_a_simple_task_and_undo_reopens_it(
        panel: TaskListPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Buy milk")).id
    loaded(panel, qtbot, 1)
    index = panel.model.index(0, 0)
    assert index.flags() & Qt.ItemFlag.ItemIsUserCheckable
    assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    panel.model.setData(index, Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    qtbot.wait_until(lambda: get_task(task_id).status == "done")
    # the command is pushed when the worker's write returns, a moment after the row is saved
    qtbot.wait_until(lambda: ctx.undo.undoText() == "Done “Buy milk”")
    ctx.undo.undo()
    qtbot.wait_until(lambda: get_task(task_id).status == "new")
    ctx.undo.redo()
    qtbot.wait_until(lambda: get_task(task_id).status == "done")


def test_a_second_click_reopens_and_a_planned_task_has_a_circle(
        panel: TaskListPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    simple = add_task(NewTask(title="Buy milk")).id
    planned = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(planned, plan15())
    panel.status.setCurrentIndex(0)
    panel.tabs.setCurrentIndex(5)  # All
    loaded(panel, qtbot, 2)
    rows = {panel.model.task_id(r): panel.model.index(r, 0) for r in range(2)}
    assert rows[planned].flags() & Qt.ItemFlag.ItemIsUserCheckable
    assert rows[planned].data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    panel.model.setData(rows[simple], Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    qtbot.wait_until(lambda: get_task(simple).status == "done")
    qtbot.wait_until(lambda: panel.model.index(panel.model.row_of(simple) or 0, 0).data(
        Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked)
    again = panel.model.index(panel.model.row_of(simple) or 0, 0)
    panel.model.setData(again, Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    qtbot.wait_until(lambda: get_task(simple).status == "new")
    panel.model.setData(rows[planned], Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    qtbot.wait_until(lambda: get_task(planned).status == "done")  # its steps close with it


def test_the_menu_offers_done_for_a_planned_task(panel: TaskListPanel, qtbot: QtBot) -> None:
    planned = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(planned, plan15())
    loaded(panel, qtbot, 1)
    rect = panel.table.visualRect(panel.model.index(0, 0))
    panel.table.customContextMenuRequested.emit(rect.center())
    menu = panel.findChild(QMenu)
    assert menu is not None
    done = next(a for a in menu.actions() if a.text() == "Done")
    assert done.isEnabled()
    done.trigger()
    qtbot.wait_until(lambda: get_task(planned).status == "done")
    menu.close()



def test_cells_are_edited_in_place(panel: TaskListPanel, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Buy milk")).id
    loaded(panel, qtbot, 1)
    model = panel.model
    assert model.index(0, 0).flags() & Qt.ItemFlag.ItemIsEditable
    model.setData(model.index(0, 0), "Buy oat milk #shop #home")
    qtbot.wait_until(lambda: get_task(task_id).title == "Buy oat milk")
    assert list(get_task(task_id).tags) == ["shop", "home"]
    model.setData(model.index(0, 2), "1")
    qtbot.wait_until(lambda: get_task(task_id).priority == 1)
    model.setData(model.index(0, 1), "2026-12-24 18:00")
    qtbot.wait_until(lambda: get_task(task_id).due_at is not None)
    qtbot.wait_until(lambda: model.index(0, 0).data(Qt.ItemDataRole.EditRole)
                     == "Buy oat milk #shop #home")


def test_a_bad_cell_value_is_named_and_nothing_changes(
        panel: TaskListPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = add_task(NewTask(title="Buy milk")).id
    loaded(panel, qtbot, 1)
    errors: list[str] = []
    ctx.status.error.connect(errors.append)
    panel.model.setData(panel.model.index(0, 2), "7")
    panel.model.setData(panel.model.index(0, 0), "  #only-tags ")
    assert errors == ["Priority is 1 (highest) to 4 (lowest)", "A task needs a title"]
    assert get_task(task_id).priority == 3 and get_task(task_id).title == "Buy milk"


def test_the_task_menu_shows_its_keys(panel: TaskListPanel, qtbot: QtBot) -> None:
    add_task(NewTask(title="Buy milk"))
    loaded(panel, qtbot, 1)
    rect = panel.table.visualRect(panel.model.index(0, 0))
    panel.table.customContextMenuRequested.emit(rect.center())
    menu = panel.findChild(QMenu)
    assert menu is not None
    entries = {a.text(): a.shortcut().toString() for a in menu.actions() if a.text()}
    assert entries == {"Done": "Ctrl+Return", "Rename": "F2", "Edit…": "Return",
                       "Delete": "Del", "Approve every plan that waits": ""}
    menu.close()


def test_approve_all_from_the_list(panel: TaskListPanel, ctx: WindowContext,
                                   qtbot: QtBot) -> None:
    planned = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(planned, plan15())
    assert plans.latest_plan_or_fail(planned).status == "pending"
    loaded(panel, qtbot, 1)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    panel.table.customContextMenuRequested.emit(
        panel.table.visualRect(panel.model.index(0, 0)).center())
    menu = panel.findChild(QMenu)
    assert menu is not None
    next(a for a in menu.actions() if a.text() == "Approve every plan that waits").trigger()
    qtbot.wait_until(lambda: "Plans approved: 1" in said)
    assert plans.latest_plan_or_fail(planned).status == "in_progress"
    menu.close()


def test_the_list_model_passes_qts_model_tester(panel: TaskListPanel, qtbot: QtBot,
                                                 qtmodeltester: Any) -> None:
    add_task(NewTask(title="Buy milk #shop"))
    planned = add_task(NewTask(title="Team offsite")).id
    plans.save_plan(planned, plan15())
    loaded(panel, qtbot, 2)
    qtmodeltester.check(panel.model)


def test_a_narrow_list_offers_the_views_as_a_list(panel: TaskListPanel, qtbot: QtBot) -> None:
    panel.resize(240, 400)
    qtbot.wait_until(lambda: panel.view_choice.isVisible() and not panel.tabs.isVisible())
    panel.view_choice.setCurrentIndex(5)
    assert panel.tabs.currentIndex() == 5 and panel.view_choice.currentText() == "All"
    panel.resize(700, 400)
    qtbot.wait_until(lambda: panel.tabs.isVisible() and not panel.view_choice.isVisible())


def test_a_search_selects_its_first_result_and_keys_move_through_them(
        panel: TaskListPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    ids = [add_task(NewTask(title=t, priority=p)).id
           for t, p in (("Dentist appointment", 1), ("Buy milk", 2), ("Dentist bill", 3))]
    loaded(panel, qtbot, 3)
    panel.select_task(ids[1])
    qtbot.keyClicks(panel.search, "dentist")
    qtbot.wait_until(lambda: panel.model.rowCount() == 2)
    qtbot.wait_until(lambda: ctx.selection.task_id == panel.model.task_id(0))
    first = ctx.selection.task_id
    qtbot.keyClick(panel.search, Qt.Key.Key_Down)
    assert ctx.selection.task_id == panel.model.task_id(1) != first
    qtbot.keyClick(panel.search, Qt.Key.Key_Down)  # the last stays selected
    assert ctx.selection.task_id == panel.model.task_id(1)
    qtbot.keyClick(panel.search, Qt.Key.Key_Up)
    assert ctx.selection.task_id == first
    assert not panel.table.hasFocus()  # typing goes on in the search field
    panel.activateWindow()
    panel.search.setFocus()
    qtbot.wait_until(panel.search.hasFocus)
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)  # to the list, on the result
    qtbot.wait_until(panel.table.hasFocus)
    assert ctx.selection.task_id == first


def test_the_plan_never_shows_a_task_the_filter_hid(
        panel: TaskListPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    milk = add_task(NewTask(title="Buy milk")).id
    loaded(panel, qtbot, 1)
    panel.select_task(milk)
    panel.search.setText("nothing like it")
    qtbot.wait_until(lambda: panel.model.rowCount() == 0)
    qtbot.wait_until(lambda: ctx.selection.task_id == 0)


def test_an_empty_view_says_so_in_words(panel: TaskListPanel, qtbot: QtBot) -> None:
    loaded(panel, qtbot, 0)
    qtbot.wait_until(lambda: panel.empty.text() == "No tasks yet. Add one above (Ctrl+N).")
    add_task(NewTask(title="Buy milk"))  # open, due no day: not in Today
    panel.tabs.setCurrentIndex(1)  # Today
    qtbot.wait_until(lambda: "today" in panel.empty.text())
    assert panel.empty.isVisible() and not panel.table.isVisible()
    panel.tabs.setCurrentIndex(0)  # Open
    qtbot.wait_until(lambda: panel.table.isVisible() and not panel.empty.isVisible())
    panel.search.setText("dentist")
    qtbot.wait_until(lambda: panel.empty.text() == "No task matches “dentist”.")



def test_upcoming_is_grouped_by_day(panel: TaskListPanel, qtbot: QtBot, english: object) -> None:
    from datetime import datetime, timedelta

    from PySide6.QtGui import QFont

    from ui.words.dates import short_when

    now = datetime.now().astimezone()
    day = lambda n, hour: (now + timedelta(days=n)).replace(  # noqa: E731
        hour=hour, minute=0, second=0, microsecond=0)
    for title, due in (("Dentist", day(2, 9)), ("Gym", day(2, 17)), ("Bank", day(3, 10))):
        add_task(NewTask(title=title, due_at=due))
    panel.tabs.setCurrentIndex(2)  # Upcoming: by due time
    assert panel.sort.currentData() == "due"
    qtbot.wait_until(lambda: panel.model.rowCount() == 3)
    model = panel.model
    qtbot.wait_until(lambda: model.index(2, 1).data() is not None)
    shown = [model.index(r, 1).data() for r in range(3)]
    assert shown == [short_when(day(2, 9)), "17:00", short_when(day(3, 10))]
    bold = [isinstance(f := model.index(r, 1).data(Qt.ItemDataRole.FontRole), QFont)
            and f.bold() for r in range(3)]
    assert bold == [True, False, True]
