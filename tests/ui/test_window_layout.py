"""Issue 11, a layout that fits: the window works from 960×640, nothing clips, the step
details wrap with their actions in view, long titles elide with the full title as a
tooltip, and splitter sizes are remembered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from tests.ui.plan.test_view import plan15
from ui.shared.context import WindowContext
from ui.window.main import MainWindow

LONG = "Plan the team offsite in the mountains with everyone who can come in December"


@pytest.fixture
def settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    yield tmp_path


def open_window(ctx: WindowContext, qtbot: QtBot, width: int, height: int) -> MainWindow:
    window = MainWindow(ctx)
    window.remember_geometry = False
    qtbot.add_widget(window)
    window.resize(width, height)
    window.show()
    qtbot.wait_exposed(window)
    return window


def with_plan(title: str = LONG) -> int:
    task_id = add_task(NewTask(title=title)).id
    plans.save_plan(task_id, {**plan15(), "title": title})
    return task_id


def test_the_window_fits_960_by_640(ctx: WindowContext, qtbot: QtBot, settings_dir: Path
                                    ) -> None:
    window = open_window(ctx, qtbot, 960, 640)
    hint = window.minimumSizeHint()
    assert hint.width() <= 960 and hint.height() <= 640
    qtbot.wait_until(lambda: window.width() <= 960 and window.height() <= 640)


def test_step_actions_are_visible_without_scrolling(ctx: WindowContext, qtbot: QtBot,
                                                    settings_dir: Path) -> None:
    task_id = with_plan()
    window = open_window(ctx, qtbot, 1024, 700)
    window.tasks.reload()
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 1)
    window.tasks.select_task(task_id)
    ctx.selection.select_step("dates")
    qtbot.wait_until(lambda: window.steps.view is not None)
    panel = window.steps
    qtbot.wait_until(lambda: panel.buttons["done"].isVisible())
    bottom = panel.buttons["done"].mapTo(panel, panel.buttons["done"].rect().bottomLeft())
    assert bottom.y() <= panel.height()
    scroll = panel._pages.widget(1)
    assert isinstance(scroll, QScrollArea)
    assert scroll.horizontalScrollBar().maximum() == 0  # never scrolls sideways


def test_a_long_plan_title_is_elided_with_the_full_title_as_tooltip(
        ctx: WindowContext, qtbot: QtBot, settings_dir: Path) -> None:
    task_id = with_plan()
    window = open_window(ctx, qtbot, 1024, 700)
    window.tasks.reload()
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 1)
    window.tasks.select_task(task_id)
    title = window.plan_toolbar.title
    qtbot.wait_until(lambda: title.toolTip() != "")
    assert LONG in title.toolTip()
    index = window.tasks.model.index(0, 0)
    assert LONG in window.tasks.model.data(index, 3)  # ToolTipRole: the whole title


@pytest.mark.parametrize("width", [960, 1024, 1280])
def test_a_short_title_reads_whole_in_the_list(ctx: WindowContext, qtbot: QtBot,
                                               settings_dir: Path, width: int) -> None:
    from datetime import UTC, datetime

    from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

    add_task(NewTask(title="Dentist appointment", priority=1,
                     due_at=datetime(2026, 12, 15, 17, 0, tzinfo=UTC)))
    window = open_window(ctx, qtbot, width, 700)
    window.tasks.reload()
    table = window.tasks.table
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 1)
    index = window.tasks.model.index(0, 0)
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = table.visualRect(index)
    delegate = table.itemDelegateForIndex(index)
    assert isinstance(delegate, QStyledItemDelegate)
    delegate.initStyleOption(option, index)
    style = table.style()

    def reads_whole() -> None:
        option.rect = table.visualRect(index)
        room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)
        wanted = table.fontMetrics().horizontalAdvance(option.text) + 4
        assert room.width() >= wanted, (room.width(), wanted, window.split.sizes())

    qtbot.wait_until(reads_whole)
    header = table.horizontalHeader()
    due = window.tasks.model.index(0, 1).data()
    assert header.sectionSize(1) >= table.fontMetrics().horizontalAdvance(due)


def test_splitter_sizes_are_remembered(ctx: WindowContext, qtbot: QtBot, settings_dir: Path
                                       ) -> None:
    window = open_window(ctx, qtbot, 1280, 800)
    window.remember_geometry = True
    window.split.setSizes([400, 600, 280])
    qtbot.wait_until(lambda: window.split.sizes()[0] < 420)
    wanted = window.split.sizes()
    window.save_layout()
    again = open_window(ctx, qtbot, 1280, 800)
    qtbot.wait_until(lambda: again.split.sizes() == wanted)


def test_finishing_the_only_open_task_does_not_bring_back_the_welcome(
        ctx: WindowContext, qtbot: QtBot, settings_dir: Path) -> None:
    from app.plan.ticks import finish_task

    task_id = add_task(NewTask(title="Buy milk")).id
    window = open_window(ctx, qtbot, 1024, 700)
    window.tasks.reload()
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 1)
    assert window.centre.currentIndex() == 0
    finish_task(task_id)
    window.tasks.reload()
    qtbot.wait_until(lambda: window.tasks.model.rowCount() == 0)
    assert window.centre.currentIndex() == 0  # the store is not empty: no welcome page


def test_the_docks_start_at_about_a_quarter_of_the_height(ctx: WindowContext, qtbot: QtBot,
                                                          settings_dir: Path) -> None:
    window = open_window(ctx, qtbot, 1280, 800)
    qtbot.wait_until(lambda: 800 // 4 - 40 <= window.assistant_dock.height() <= 800 // 4 + 40)
    assert window.reminder_dock.minimumSizeHint().height() <= 160
