"""The assistant dock's Work log and Model calls tabs (ui.assistant.log): they follow
the task shown (the dock's own tests show a run's calls and replies in them)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task
from tests.ui.async_helpers import planned_task
from ui.assistant.log import TaskJournal
from ui.shared.context import WindowContext


class JournalHost(QWidget):
    """The journal's two tabs in one widget, named as the dock names them."""

    def __init__(self, ctx: WindowContext) -> None:
        super().__init__()
        self.journal = TaskJournal(ctx, self)
        self.log_shown, self.show_task = self.journal.shown, self.journal.show_task
        self.worklog, self.calls = self.journal.worklog, self.journal.calls


@pytest.fixture
def dock(ctx: WindowContext, qtbot: QtBot) -> JournalHost:
    widget = JournalHost(ctx)
    qtbot.add_widget(widget)
    return widget


def test_the_log_follows_the_shown_task(dock: JournalHost, qtbot: QtBot) -> None:
    first = int(add_task(NewTask(title="First")).id)
    second = planned_task()
    with qtbot.wait_signal(dock.log_shown, timeout=5000):
        dock.show_task(second)
    assert dock.worklog.topLevelItemCount() >= 3  # created, planned, approved
    with qtbot.wait_signal(dock.log_shown, timeout=5000):
        dock.show_task(first)
    assert dock.worklog.topLevelItemCount() == 1 and dock.calls.topLevelItemCount() == 0


def test_deleted_meanwhile(dock: JournalHost, qtbot: QtBot) -> None:
    """A task gone before its log is read shows an empty log, with nothing on the status line."""
    from models import Task

    errors: list[str] = []
    dock.journal.ctx.status.error.connect(errors.append)
    gone = int(add_task(NewTask(title="Gone")).id)
    Task.delete_by_id(gone)
    with qtbot.wait_signal(dock.log_shown, timeout=5000):
        dock.show_task(gone)
    assert dock.worklog.topLevelItemCount() == 0 and errors == []
