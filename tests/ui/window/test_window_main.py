"""The whole window, as a newcomer uses it: add tasks, run the assistant with the offline
planner, approve a plan, edit it by dragging, undo the edit. Also the task list model
under Qt's model tester, the keyboard, and the screenshots.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import Plan, Task
from tests.ui.plan.test_view import drag, handle, plan15
from tests.ui.window_helpers import SHOTS, listed, open_window
from ui.shared.context import WindowContext
from ui.tasks.model import TaskListModel
from ui.window.main import MainWindow


def type_into(qtbot: QtBot, widget: object, text: str) -> None:
    widget.setFocus()  # type: ignore[attr-defined]
    qtbot.keyClicks(widget, text)


def test_a_newcomers_first_session(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    # add a task from the quick-add bar, with a time in words
    type_into(qtbot, window.quick_add.title, "Renew passport")
    type_into(qtbot, window.quick_add.when, "in 3 weeks")
    assert window.quick_add.preview.text().startswith("→ ")
    QTest.keyClick(window.quick_add.when, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: len(listed(window)) == 1)
    task_id = listed(window)[0]
    assert Task.get_by_id(task_id).due_at is not None
    qtbot.wait_until(lambda: ctx.selection.task_id == task_id)
    # F5: the offline planner reviews and plans it
    QTest.keyClick(window, Qt.Key.Key_F5)
    qtbot.wait_until(lambda: plans.latest_plan(task_id) is not None, timeout=10000)
    qtbot.wait_until(lambda: not ctx.assistant.busy, timeout=10000)
    qtbot.wait_until(lambda: window.plan_toolbar.buttons["approve"].isEnabled())
    # approve it from the plan toolbar
    qtbot.mouseClick(window.plan_toolbar.buttons["approve"], Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: plans.latest_plan(task_id).status == "in_progress")
    # drag a dependency from the last step onto the first: a loop, refused
    view = window.plan_view
    qtbot.wait_until(lambda: len(view.scene.nodes) == 4)
    revisions = Plan.select().where(Plan.task == task_id).count()
    first, last = "s1", "s4"
    drag(view, handle(view, last), view.graphics.mapFromScene(
        view.scene.nodes[first].sceneBoundingRect().center()))
    qtbot.wait_until(lambda: "loop" in view.banner.text().lower()
                     or "cycle" in view.banner.text().lower())
    assert Plan.select().where(Plan.task == task_id).count() == revisions
    # a legal edit: link s1 straight to s3, then undo it
    drag(view, handle(view, "s1"), view.graphics.mapFromScene(
        view.scene.nodes["s3"].sceneBoundingRect().center()))
    qtbot.wait_until(lambda: "s1" in plans.spec_of(plans.latest_plan(task_id)).step("s3")
                     .depends_on)
    qtbot.wait_until(ctx.undo.canUndo)  # pushed once the save is back from the worker
    edited = plans.latest_plan(task_id).revision
    focused = QApplication.focusWidget()  # keys go where the user's focus is
    assert focused is not None, "no focus"
    QTest.keyClick(focused, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait_until(lambda: plans.spec_of(plans.latest_plan(task_id)).step("s3")
                     .depends_on == ["s2"])
    assert plans.latest_plan(task_id).revision == edited  # rewritten in place, no new one


def test_the_task_list_model_passes_qts_model_tester(ctx: WindowContext, qtbot: QtBot,
                                                     qtmodeltester: object) -> None:
    for i in range(450):  # more than two pages
        add_task(NewTask(title=f"task {i}", priority=1 + i % 4, tags=("x",) if i % 3 else ()))
    model = TaskListModel()
    from app.tasks.queries import TaskQuery, matching_ids

    model.apply_ids(matching_ids(TaskQuery()), TaskQuery())
    qtmodeltester.check(model)  # type: ignore[attr-defined]
    assert model.rowCount() == 450
    assert model.data(model.index(449, 0)) is not None


def test_views_search_and_delete_with_undo(ctx: WindowContext, qtbot: QtBot) -> None:
    keep = add_task(NewTask(title="Keep me")).id
    gone = add_task(NewTask(title="写周报")).id
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: sorted(listed(window)) == sorted([keep, gone]))
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.tasks.search.hasFocus()
    window.tasks.search.insert("周报")  # as an input method would (QTest types ASCII only)
    qtbot.wait_until(lambda: listed(window) == [gone])
    window.tasks.table.setFocus()
    window.tasks.select_task(gone)
    QTest.keyClick(window.tasks.table, Qt.Key.Key_Delete)
    qtbot.wait_until(lambda: Task.get_or_none(Task.id == gone) is None)
    qtbot.wait_until(lambda: listed(window) == [])
    ctx.undo.undo()
    qtbot.wait_until(lambda: Task.get_or_none(Task.id == gone) is not None)
    qtbot.wait_until(lambda: listed(window) == [gone])


def test_screenshots(ctx: WindowContext, qtbot: QtBot, tmp_path: Path,
                     qapp: QApplication) -> None:
    """Empty; with a 15-step plan; dark; Chinese. STEPWISE_SHOTS=DIR keeps the PNGs."""
    from ui.style.look import apply_look
    from ui.words import i18n

    folder = SHOTS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    window = open_window(ctx, qtbot)
    qtbot.wait_until(lambda: window.tasks.count.text() != "")
    assert window.grab().save(str(folder / "window-empty.png"))
    task_id = add_task(NewTask(title="Organise the team offsite before Dec 20")).id
    plans.save_plan(task_id, plan15())
    window.tasks.reload()
    qtbot.wait_until(lambda: task_id in listed(window))
    window.tasks.select_task(task_id)
    qtbot.wait_until(lambda: len(window.plan_view.scene.nodes) >= 11)
    assert window.grab().save(str(folder / "window-plan15.png"))
    apply_look(qapp, "dark")
    try:
        qtbot.wait_until(lambda: window.palette().window().color().lightness() < 80)
        window.repaint()
        assert window.grab().save(str(folder / "window-dark.png"))
    finally:
        apply_look(qapp, "light")
    i18n.install(qapp, "zh_CN")
    try:
        chinese = MainWindow(ctx)
        qtbot.add_widget(chinese)
        chinese.resize(1400, 860)
        chinese.show()
        qtbot.wait_exposed(chinese)
        ctx.selection.select_task(0)
        qtbot.wait_until(lambda: task_id in listed(chinese))
        chinese.tasks.select_task(task_id)
        qtbot.wait_until(lambda: len(chinese.plan_view.scene.nodes) >= 11)
        assert chinese.quick_add.add_button.text() != "Add"  # translated
        assert chinese.grab().save(str(folder / "window-zh.png"))
    finally:
        i18n.install(qapp, "en")
