"""The task list's table (``ui.tasks.table``): Enter after an F2 rename only saves, and the
check box is ringed in the dark theme."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task, get_task
from tests.ui.tasks.test_list_view import loaded
from ui.shared.context import WindowContext
from ui.tasks.list_view import TaskListPanel


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> TaskListPanel:
    widget = TaskListPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(500, 400)
    widget.show()
    return widget


def test_enter_after_a_rename_only_saves(panel: TaskListPanel, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLineEdit

    task_id = add_task(NewTask(title="Dentist")).id
    loaded(panel, qtbot, 1)
    opened: list[int] = []
    panel.edit_requested.connect(opened.append)
    panel.table.setFocus()
    panel.table.setCurrentIndex(panel.model.index(0, 0))
    qtbot.keyClick(panel.table, Qt.Key.Key_F2)
    editor = panel.table.viewport().findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "Dentist appointment")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait_until(lambda: get_task(task_id).title == "Dentist appointment")
    assert opened == []  # no "Edit task" dialog with the old title
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)  # Enter on the row still edits
    assert opened == [task_id]


def test_the_check_box_is_ringed_in_the_dark(panel: TaskListPanel, qtbot: QtBot,
                                            qapp: Any) -> None:
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

    from ui.style.look import apply_look

    add_task(NewTask(title="Buy milk"))
    loaded(panel, qtbot, 1)
    apply_look(qapp, "dark")
    try:
        index = panel.model.index(0, 0)
        option = QStyleOptionViewItem()
        panel.table.initViewItemOption(option)
        option.rect = panel.table.visualRect(index)
        delegate = panel.table.itemDelegateForIndex(index)
        assert isinstance(delegate, QStyledItemDelegate)
        delegate.initStyleOption(option, index)
        box = panel.table.style().subElementRect(
            QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, panel.table)
        mid = panel.table.palette().color(QPalette.ColorRole.Mid).lightness()

        def ringed() -> None:
            image = panel.table.viewport().grab().toImage()
            edge = max(image.pixelColor(box.left() + 1, y).lightness()
                       for y in range(box.top() + 2, box.bottom() - 1))
            assert edge >= mid - 30, (edge, mid)

        qtbot.wait_until(ringed)
    finally:
        apply_look(qapp, "light")
