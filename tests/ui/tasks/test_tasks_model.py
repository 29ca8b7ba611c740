"""The task list model (ui.tasks.model): ids in an array, pages read off
the GUI thread with placeholders until they arrive, old rows shown while a changed page is
read again, and one entry from Qt a painted cell."""

from __future__ import annotations

import threading
from array import array
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from app.tasks import store as tasks
from app.tasks.queries import TaskQuery, matching_ids
from app.tasks.store import NewTask, add_task
from ui.shared.context import WindowContext
from ui.tasks import page_reader
from ui.tasks.list_view import TaskListPanel
from ui.tasks.model import PAGE, PLACEHOLDER, Index, TaskListModel, read_pages


def _many(count: int) -> list[int]:
    for n in range(count):
        add_task(NewTask(title=f"task {n}", priority=1 + n % 4))
    return matching_ids(TaskQuery())


def _title(model: TaskListModel, row: int) -> object:
    return model.data(model.index(row, 0))


def test_the_ids_are_kept_in_an_array(db: Path, qtbot: QtBot) -> None:
    ids = _many(3)
    model = TaskListModel()
    model.apply_ids(ids)
    assert isinstance(model._ids, array) and model._ids.typecode == "q"  # 8 bytes an id
    assert [model.task_id(row) for row in range(3)] == ids
    assert all(type(model.task_id(row)) is int for row in range(3))
    assert model.row_of(ids[2]) == 2 and model.row_of(10**12) is None
    assert model.data(model.index(1, 0), TaskListModel.TaskIdRole) == ids[1]


def test_rows_not_read_yet_show_a_placeholder_and_fill_in(db: Path, qtbot: QtBot) -> None:
    ids = _many(PAGE + 50)
    model = TaskListModel()
    model.apply_ids(ids)
    last = len(ids) - 1
    assert _title(model, last) == PLACEHOLDER  # being read in the worker
    assert model.data(model.index(last, 1)) is None
    assert model.data(model.index(last, 0), Qt.ItemDataRole.CheckStateRole) is None
    assert not model.flags(model.index(last, 0)) & Qt.ItemFlag.ItemIsEditable  # not yet
    with qtbot.wait_signal(model.dataChanged, timeout=5000):
        pass
    qtbot.wait_until(lambda: _title(model, last) == f"task {ids[last] - 1}")
    assert model.flags(model.index(last, 0)) & Qt.ItemFlag.ItemIsEditable


def test_pages_read_ahead_by_a_reload_show_at_once(db: Path, qtbot: QtBot) -> None:
    ids = _many(PAGE + 10)
    model = TaskListModel()
    model.apply_ids(array("q", ids), TaskQuery(), read_pages(ids, [0]))
    assert _title(model, 0) == f"task {ids[0] - 1}"  # no read, no placeholder
    assert _title(model, PAGE) == PLACEHOLDER  # the second page was not read ahead


def test_a_changed_page_keeps_its_old_rows_until_read_again(db: Path, qtbot: QtBot) -> None:
    ids = _many(2)
    model = TaskListModel()
    model.apply_ids(ids, TaskQuery(), read_pages(ids, [0]))
    tasks.update_task(ids[0], title="renamed")
    model.refresh_rows()
    assert _title(model, 0) == "task 0"  # the old row, not a placeholder, meanwhile
    qtbot.wait_until(lambda: _title(model, 0) == "renamed")


def test_a_page_read_for_ids_since_replaced_is_dropped(db: Path, qtbot: QtBot) -> None:
    ids = _many(2)
    model = TaskListModel()
    model.apply_ids(ids)
    stale = model._generation
    model.apply_ids(list(reversed(ids)))
    model._on_reader_page_read(stale, 0, read_pages(ids, [0])[0])
    assert _title(model, 0) == PLACEHOLDER  # not rows of the old generation


def test_page_reads_run_off_the_gui_thread(ctx: WindowContext, qtbot: QtBot,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (issue 10, F5 stalls): page reads ran in `_row` on the GUI thread."""
    _many(3 * PAGE)
    threads: list[int] = []
    original = page_reader.read_rows

    def recorded(ids: list[int]) -> object:
        threads.append(threading.get_ident())
        return original(ids)

    monkeypatch.setattr(page_reader, "read_rows", recorded)
    panel = TaskListPanel(ctx)
    qtbot.add_widget(panel)
    panel.resize(500, 400)
    panel.show()
    qtbot.wait_until(lambda: panel.model.rowCount() == 3 * PAGE)
    bar = panel.table.verticalScrollBar()
    bar.setValue(bar.maximum())  # the last page: not read ahead, read in the worker
    panel.table.viewport().repaint()
    last = 3 * PAGE - 1
    qtbot.wait_until(lambda: _title(panel.model, last) not in (PLACEHOLDER, None))
    assert threads and threading.get_ident() not in threads


class Counted(TaskListModel):
    """Counts Qt's entries: ``multiData`` calls and ``data`` calls made outside it."""

    def __init__(self) -> None:
        super().__init__()
        self.multi, self.single, self._inside = 0, 0, False

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        self.single += not self._inside
        return super().data(index, role)

    def multiData(self, index: Index, roleDataSpan: Any) -> None:  # noqa: N802, N803
        self.multi += 1
        self._inside = True
        try:
            super().multiData(index, roleDataSpan)
        finally:
            self._inside = False


def test_a_painted_cell_asks_the_model_once_for_every_role(db: Path, qtbot: QtBot) -> None:
    """Regression (issue 10, F5 stalls): a delegate asked for 7 roles a cell, each an entry
    into Python that waits for the GIL the assistant's worker holds."""
    ids = _many(1)
    model = Counted()
    model.apply_ids(ids, TaskQuery(), read_pages(ids, [0]))
    option = QStyleOptionViewItem()
    QStyledItemDelegate().initStyleOption(option, model.index(0, 0))
    assert option.text == "task 0"  # the same values data gives
    assert option.checkState == Qt.CheckState.Unchecked
    assert (model.multi, model.single) == (1, 0)


def _due(model: TaskListModel, row: int, role: int = Qt.ItemDataRole.DisplayRole) -> object:
    return model.data(model.index(row, 1), role)


def test_an_all_day_due_lists_as_its_day(db: Path, qtbot: QtBot, qapp: QApplication,
                                         english: object) -> None:
    from datetime import date

    from ui.words import i18n
    from ui.words.dates import day_text

    day = date(2026, 12, 15)
    ids = [add_task(NewTask(title="Pay rent", due_at=day)).id]
    model = TaskListModel()
    model.apply_ids(ids, TaskQuery(), read_pages(ids, [0]))
    assert _due(model, 0) == day_text(day) and ":" not in str(_due(model, 0))  # no 18:00
    assert _due(model, 0, Qt.ItemDataRole.EditRole) == "2026-12-15"  # typed back: a date
    i18n.install(qapp, "zh_CN")
    model.apply_ids(ids, TaskQuery(), read_pages(ids, [0]))
    assert "12月15日 周二" in str(_due(model, 0)) and ":" not in str(_due(model, 0))


def test_grouped_by_day_an_all_day_due_says_so(db: Path, qtbot: QtBot, english: object
                                               ) -> None:
    from datetime import datetime, timedelta

    day = datetime.now().astimezone().date() + timedelta(days=2)
    at_three = datetime.combine(day, datetime.min.time()).astimezone() + timedelta(hours=15)
    add_task(NewTask(title="Dentist", due_at=at_three))
    add_task(NewTask(title="Pay rent", due_at=day))
    query = TaskQuery(view="upcoming", sort="due")
    ids = matching_ids(query)
    model = TaskListModel()
    model.apply_ids(ids, query, read_pages(ids, [0]))
    assert [_title(model, 0), _title(model, 1)] == ["Dentist", "Pay rent"]  # 15:00, then 18:00
    assert _due(model, 1) == "All day"  # not the 18:00 it stands for
