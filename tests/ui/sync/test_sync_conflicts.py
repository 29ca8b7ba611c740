"""The sync conflicts dialog, offscreen: both versions side by side, a choice that
applies through the use cases, "Needs attention" cleared, a refused choice said."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from functools import partial

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.sync import conflicts
from app.sync.merge import Conflict
from app.tasks import store as tasks
from models import atomic
from ui.shared.context import WindowContext
from ui.sync.conflicts import ConflictsDialog
from ui.words.dates import day_text, long_when

HERE = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
THERE = datetime(2026, 12, 1, 9, 5, tzinfo=UTC)


def _texts(dialog: ConflictsDialog) -> str:
    from PySide6.QtWidgets import QLabel

    page = dialog.area.widget()
    return "" if page is None else "\n".join(label.text() for label in page.findChildren(QLabel))


def _open(ctx: WindowContext, qtbot: QtBot, task_id: int | None) -> ConflictsDialog:
    dialog = ConflictsDialog(ctx, task_id)
    qtbot.add_widget(dialog)
    dialog.show()
    qtbot.wait_until(lambda: "Theirs" in _texts(dialog), timeout=5000)
    return dialog


def _title_conflict(title: str = "Offsite (phone)") -> int:
    task = tasks.add_task(tasks.NewTask(title=title))
    conflicts.keep(task.id, [Conflict("title", "Offsite (here)", title, "theirs",
                                      None, HERE, THERE)])
    return task.id


def test_the_dialog_shows_both_versions_and_keep_mine_applies_and_clears_the_problem(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = _title_conflict()
    assert tasks.get_task(task_id).problem is not None
    dialog = _open(ctx, qtbot, task_id)
    shown = _texts(dialog)
    assert "Offsite (here)" in shown and "Offsite (phone)" in shown and "Title" in shown
    assert "(kept now)" in shown and long_when(HERE) in shown  # when each changed, local
    [(conflict_id, _)] = [k for k in dialog.buttons if k[1] == "mine"]
    with qtbot.wait_signal(dialog.resolved, timeout=5000):
        dialog.buttons[(conflict_id, "mine")].click()
    qtbot.wait_until(lambda: "No sync conflicts are waiting." in _texts(dialog), timeout=5000)
    task = tasks.get_task(task_id)
    assert (task.title, task.problem) == ("Offsite (here)", None)


def test_a_choice_the_rules_refuse_is_said_and_the_conflict_stays(
        ctx: WindowContext, qtbot: QtBot) -> None:
    task = tasks.add_task(tasks.NewTask(title="Team offsite"))
    with atomic():  # cancelled here; the phone ticked it done: done cannot follow cancelled
        tasks.set_status(task, "cancelled", why="test")
    conflicts.keep(task.id, [Conflict("status", "cancelled", "done", "mine", None,
                                      HERE, THERE, reason="cancelled here")])
    dialog = _open(ctx, qtbot, None)
    assert "Team offsite" in _texts(dialog) and "Refused here" in _texts(dialog)
    [(conflict_id, _)] = [k for k in dialog.buttons if k[1] == "theirs"]
    dialog.buttons[(conflict_id, "theirs")].click()
    qtbot.wait_until(lambda: dialog.message.text().startswith("Not settled"), timeout=5000)
    qtbot.wait_until(lambda: bool(dialog.buttons) and all(
        b.isEnabled() for b in dialog.buttons.values()), timeout=5000)
    assert len(conflicts.open_conflicts(task.id)) == 1
    assert tasks.get_task(task.id).problem is not None


def _has_tip(index: QModelIndex) -> bool:
    return bool(index.data(Qt.ItemDataRole.ToolTipRole))


@pytest.fixture(params=["en", "zh_CN"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The interface in each language, English again afterwards."""
    from ui.words import i18n

    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


@pytest.mark.parametrize("title", ["Offsite (phone)", "团建（手机）"])
def test_conflict_menu(ctx: WindowContext, qtbot: QtBot, language: str, title: str) -> None:
    """A conflicted task's context menu offers the dialog and its tooltip tells the
    conflict in the window's language, whatever the task's language (the problem's words
    are stored in the task's: the entry goes by its code)."""
    from PySide6.QtWidgets import QMenu

    from ui.tasks.list_view import TaskListPanel

    task_id = _title_conflict(title)
    tasks.add_task(tasks.NewTask(title="Plain task"))
    panel = TaskListPanel(ctx)
    qtbot.add_widget(panel)
    panel.show()
    panel.reload()
    qtbot.wait_until(lambda: panel.model.rowCount() == 2)
    entries = {}
    for row in range(2):
        menu = QMenu()
        index = panel.model.index(row, 0)
        qtbot.wait_until(partial(_has_tip, index))
        panel._add_conflicts_entry(menu, index)
        entries[panel.model.task_id(row)] = [a.text() for a in menu.actions()]
    assert len(entries[task_id]) == 1 and entries[task_id][0].endswith("…")
    assert [e for t, e in entries.items() if t != task_id] == [[]]
    row = panel.model.row_of(task_id)
    assert row is not None
    tip = panel.model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    told = "⚠ 同步冲突：标题：保留了另一台设备的" if language == "zh_CN" else \
        "⚠ sync conflict: title: kept the other device's"
    assert told in tip, tip


def test_repeat_in_words(ctx: WindowContext, qtbot: QtBot) -> None:
    task = tasks.add_task(tasks.NewTask(title="Pay rent"))
    conflicts.keep(task.id, [Conflict("recurrence", "FREQ=MONTHLY;BYMONTHDAY=5",
                                      "FREQ=WEEKLY", "mine", None, HERE, THERE)])
    shown = _texts(_open(ctx, qtbot, task.id))
    assert "BYMONTHDAY" not in shown and "FREQ" not in shown



def test_an_all_day_due_shows_its_day(ctx: WindowContext, qtbot: QtBot,
                                      english: object) -> None:
    dialog = _open(ctx, qtbot, _title_conflict())
    page = dialog.area.widget()
    assert page is not None
    shown = dialog._version("due_at", date(2026, 12, 15), HERE, False, page).text()
    assert shown.splitlines()[0] == day_text(date(2026, 12, 15))  # not "2026-12-15"
