"""Editing a task in its dialog (ui.tasks.dialog): only the fields changed are given back,
already checked; tags split on either comma; times typed in words; and a value that
cannot be read is named in the dialog, which stays open with nothing given back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task, get_task
from ui.tasks.dialog import TaskDialog


def _dialog(qtbot: QtBot, **fields: object) -> TaskDialog:
    task = get_task(add_task(NewTask(title="Send the report", **fields)).id)  # type: ignore[arg-type]
    dialog = TaskDialog(task)
    qtbot.add_widget(dialog)
    dialog.show()
    return dialog


def _save(dialog: TaskDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Save).click()


def test_saving_unchanged_gives_no_changes(db: Path, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, priority=2, tags=("work",))
    assert dialog.priority.currentData() == 2 and dialog.tags.text() == "work"
    _save(dialog)
    assert dialog.result() == TaskDialog.DialogCode.Accepted and dialog.changes() == {}


def test_only_the_edited_fields_are_given_back(db: Path, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.title.setText("  Send the weekly report ")
    dialog.priority.setCurrentIndex(0)
    dialog.tags.setText("work，周报, ,home")  # a Chinese comma splits too
    _save(dialog)
    assert dialog.changes() == {"title": "Send the weekly report", "priority": 1,
                                "tags": ["work", "周报", "home"]}


def test_a_due_time_in_words_is_read(db: Path, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.times["due"].setText("2031-05-06 17:30")
    _save(dialog)
    due = dialog.changes()["due_at"]
    assert due.astimezone().strftime("%Y-%m-%d %H:%M") == "2031-05-06 17:30"


def test_a_time_that_cannot_be_read_is_named_and_the_dialog_stays(db: Path,
                                                                  qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.times["due"].setText("when pigs fly")
    _save(dialog)
    assert dialog.isVisible() and dialog.message.text() and dialog.changes() == {}


def test_a_bad_repetition_is_named(db: Path, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.recurrence.setText("FREQ=SOMETIMES")
    _save(dialog)
    assert dialog.isVisible() and dialog.message.text() and dialog.changes() == {}
