"""The first frame (ui.window.first_frame) before the store loads: the open tasks' first page,
one page of a long list, nothing created without a database, an odd row shown empty, and
the stored theme and language."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.plan.ticks import finish_task
from app.tasks.store import list_rows
from tests.ui.window_helpers import first_frame_of, numbered_tasks
from ui.window.first_frame import FirstFrame, FirstPageModel, cell_text


def test_first_frame_lists_the_open_tasks_first_page(db: Path, qtbot: QtBot,
                                                     qapp: QApplication) -> None:
    ids = numbered_tasks(5)
    finish_task(ids[2])
    frame = first_frame_of(qtbot, qapp)
    model = frame.table.model()
    assert isinstance(model, FirstPageModel)
    expected = [row[0] for row in list_rows()]  # stepwise list's order, open tasks only
    assert [row[0] for row in model.rows] == expected
    assert ids[2] not in expected
    assert model.data(model.index(0, 0)) == cell_text(model.rows[0], 0)
    assert frame.statusBar().currentMessage() == "Starting…"


def test_first_frame_reads_one_page_of_a_long_list(db: Path, qtbot: QtBot,
                                                   qapp: QApplication) -> None:
    from ui.window.first_frame import PAGE

    numbered_tasks(PAGE + 3)
    assert first_frame_of(qtbot, qapp).table.model().rowCount() == PAGE


def test_first_frame_without_a_database_is_empty_and_creates_nothing(
        data_dir: Path, qtbot: QtBot, qapp: QApplication) -> None:
    from app.config import paths

    frame = first_frame_of(qtbot, qapp)
    assert frame.table.model().rowCount() == 0
    assert not paths.db_path().exists()


def test_first_frame_shows_an_all_day_due_as_its_day(db: Path, qtbot: QtBot,
                                                    qapp: QApplication) -> None:
    from datetime import date

    from app.tasks.store import NewTask, add_task
    from ui.words.dates import day_text

    day = date(2026, 12, 15)
    add_task(NewTask(title="Pay rent", due_at=day, timezone="America/New_York"))
    frame = first_frame_of(qtbot, qapp)
    model = frame.table.model()
    assert model.data(model.index(0, 1)) == day_text(day)  # in its own zone, without 18:00


@pytest.mark.parametrize("column, value", [("due_at", 20261201), ("priority", "high"),
                                           ("tags", '"not a list"'), ("due_at", "soon"),
                                           ("all_day", '"due"')])
def test_first_frame_with_an_unusual_row_is_empty_not_broken(
        db: Path, qtbot: QtBot, qapp: QApplication, column: str, value: object) -> None:
    import sqlite3

    ids = numbered_tasks(3)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f"UPDATE task SET {column} = ? WHERE id = ?", (value, ids[0]))
    conn.close()
    frame = first_frame_of(qtbot, qapp)
    assert frame.table.model().rowCount() == 0
    assert frame.statusBar().currentMessage() == "Starting…"


def test_first_frame_takes_the_stored_theme_and_language(
        db: Path, qtbot: QtBot, qapp: QApplication) -> None:
    from app.config import settings
    from ui.style.look import apply_look
    from ui.words import i18n

    numbered_tasks(1)
    settings.put("ui.theme", "dark")
    settings.put("ui.language", "zh_CN")
    try:
        frame = first_frame_of(qtbot, qapp)
        model = frame.table.model()
        assert qapp.property("stepwise_dark") is True
        assert model.headerData(0, Qt.Orientation.Horizontal) != "Task"  # 任务
    finally:
        i18n.install(qapp, "en")
        apply_look(qapp, "system")


def test_first_frame_has_the_lists_columns(db: Path, qtbot: QtBot) -> None:
    from ui.tasks.model import TaskListModel

    frame = FirstFrame([])
    qtbot.add_widget(frame)
    model = TaskListModel()
    wanted = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)]
    assert frame.table.model().headers == wanted  # type: ignore[attr-defined]
