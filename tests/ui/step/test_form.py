"""The editable part of the step details (ui.step.form): a field saves when it is left
(Tab, a click elsewhere) or on Enter, an editing session stays one revision, showing
another step saves what is typed (or asks, when it cannot be saved), a refresh or a
language change keeps what is typed, and a due time that cannot be read is named with
nothing saved."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from tests.ui.plan_helpers import latest, running_task
from ui.plan.edits import PlanEditor
from ui.shared.context import WindowContext
from ui.step.panel import StepPanel


def step_panel_on(ctx: WindowContext, qtbot: QtBot, task_id: int, step_id: str) -> StepPanel:
    """The step details panel, shown, with ``step_id`` of ``task_id`` selected."""
    panel = StepPanel(ctx)
    qtbot.add_widget(panel)
    panel.resize(360, 640)
    panel.show()
    qtbot.wait_exposed(panel)
    panel.activateWindow()
    ctx.selection.select_task(task_id)
    ctx.selection.select_step(step_id)
    qtbot.wait_until(lambda: panel.view is not None)
    return panel


def type_into(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    qtbot.wait_until(edit.hasFocus)
    edit.selectAll()
    QTest.keyClicks(edit, text)


def saved(task_id: int, step_id: str) -> object:
    return plans.spec_of(latest(task_id)).step(step_id)


def test_tab_and_enter_save_each_field_in_one_revision(ctx: WindowContext,
                                                       qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s2")
    fields = panel.form.fields
    editor = PlanEditor.of(ctx)
    type_into(qtbot, fields["title"], "Pay at the till")
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        QTest.keyClick(fields["title"], Qt.Key.Key_Tab)  # left with Tab: saved
    type_into(qtbot, fields["objective"], "Milk paid for")
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        QTest.keyClick(fields["objective"], Qt.Key.Key_Return)
    type_into(qtbot, fields["done_when"], "receipt in hand")
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        fields["due"].setFocus()  # as a click elsewhere
        qtbot.wait_until(fields["due"].hasFocus)
    type_into(qtbot, fields["due"], "2026-12-24 18:00")
    with qtbot.wait_signal(editor.edit_saved, timeout=5000):
        QTest.keyClick(fields["due"], Qt.Key.Key_Return)
    step = plans.spec_of(latest(task_id)).step("s2")
    assert (step.title, step.objective, step.done_when) == (
        "Pay at the till", "Milk paid for", "receipt in hand")
    assert step.due is not None and step.due.astimezone().hour == 18
    plan = latest(task_id)
    assert plan.revision == 2 and plan.origin == "user"
    qtbot.wait_until(lambda: panel.title.text() == "Pay at the till")
    qtbot.wait_until(lambda: fields["due"].text() == "Thu 24 Dec 18:00")  # as the window writes


def test_a_refresh_keeps_what_is_typed_elsewhere(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s2")
    fields = panel.form.fields
    fields["objective"].setText("half typed")  # not left yet
    plans.step_action(task_id, "s1", "done")  # a change elsewhere refreshes the panel
    panel.refresh()
    assert fields["objective"].text() == "half typed"
    with qtbot.wait_signal(PlanEditor.of(ctx).edit_saved, timeout=5000):
        ctx.selection.select_step("s1")  # showing another step saves it
    assert plans.spec_of(latest(task_id)).step("s2").objective == "half typed"
    assert panel.title.text() == "Go to the shop"


def test_a_change_that_cannot_be_saved_is_not_dropped_unasked(ctx: WindowContext,
                                                               qtbot: QtBot) -> None:
    task_id = running_task()
    panel = step_panel_on(ctx, qtbot, task_id, "s1")
    asked: list[tuple[str, str]] = []
    answer = [False]

    def ask(title: str, problem: str) -> bool:
        asked.append((title, problem))
        return answer[0]

    panel.ask_drop = ask
    panel.form.fields["due"].setText("when pigs fly")
    panel.form.save()
    assert panel.form.problem.isVisible() and panel.form.problem.text()
    ctx.selection.select_step("s2")
    qtbot.wait_until(lambda: len(asked) == 1)  # asked once the selection has settled
    assert asked[0][0] == "Go to the shop"
    assert panel.step_id == "s1" and panel.form.fields["due"].text() == "when pigs fly"
    answer[0] = True
    ctx.selection.select_step("")
    qtbot.wait_until(lambda: len(asked) == 2)
    assert panel.step_id == "" and panel.view is None  # dropped: the selection is shown
    ctx.selection.select_step("s2")
    assert panel.step_id == "s2" and panel.title.text() == "Pay"
    assert latest(task_id).revision == 1 and ctx.undo.count() == 0


def test_a_language_change_keeps_what_is_typed(ctx: WindowContext, qtbot: QtBot,
                                               qapp: QApplication) -> None:
    from ui.words import i18n

    panel = step_panel_on(ctx, qtbot, running_task(), "s1")
    edit = panel.form.fields["objective"]
    edit.setText("still typing")
    try:
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: panel.buttons["start"].text() != "Start")
        assert panel.form.fields["objective"] is edit and edit.text() == "still typing"
    finally:
        i18n.install(qapp, "en")
    qtbot.wait_until(lambda: panel.buttons["start"].text() == "Start")
