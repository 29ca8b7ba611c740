"""Editing a task in its dialog (ui.tasks.dialog): only the fields changed are given back,
already checked; tags split on either comma; times typed in words (a day without a time
is a date, and a date left alone stays one); and a value that cannot be read is named in
the dialog, which stays open with nothing given back."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from app.tasks.store import NewTask, add_task, get_task, when
from ui.shared.context import WindowContext
from ui.tasks.dialog import TaskDialog
from ui.tasks.edits import edit
from ui.words import i18n
from ui.words.dates import day_text


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
    dialog.repeat.setCurrentIndex(dialog.repeat.findData("typed"))
    dialog.recurrence.setText("now and then")
    _save(dialog)
    assert dialog.isVisible() and "now and then" in dialog.message.text()
    assert dialog.changes() == {}


def test_a_repeat_is_shown_and_edited_in_words(db: Path, qtbot: QtBot, english: object
                                               ) -> None:
    from datetime import UTC, datetime

    dialog = _dialog(qtbot, due_at=datetime(2026, 12, 5, 9, tzinfo=UTC),
                     recurrence="FREQ=MONTHLY;BYMONTHDAY=5")
    assert dialog.repeat.currentData() == "typed"
    assert dialog.recurrence.text() == "every month on the 5th"
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert not any("RRULE" in t or "FREQ" in t for t in texts)
    assert "T09:00" not in dialog.times["due"].text()
    _save(dialog)
    assert dialog.changes() == {}  # the words left as they were keep the rule
    again = _dialog(qtbot)
    again.repeat.setCurrentIndex(again.repeat.findData("typed"))
    again.recurrence.setText("every other Friday")
    assert again.repeat_seen.text() == "→ every other Friday"
    again.repeat.setCurrentIndex(again.repeat.findData("weekdays"))
    _save(again)
    assert again.changes() == {"recurrence": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"}


def test_a_time_shown_in_chinese_reads_back(db: Path, qtbot: QtBot, qapp: object) -> None:
    from datetime import datetime

    from ui.words import i18n

    due = datetime(2026, 12, 15, 18, 0).astimezone()
    i18n.install(qapp, "zh_CN")  # type: ignore[arg-type]
    try:
        dialog = _dialog(qtbot, due_at=due)
        assert dialog.times["due"].text() == "12月15日 周二 18:00"
        dialog.times["due"].setText("12月16日 周三 18:00")
        _save(dialog)
        assert dialog.changes()["due_at"].astimezone().day == 16
    finally:
        i18n.install(qapp, "en")  # type: ignore[arg-type]


def test_named_time(db: Path, qtbot: QtBot) -> None:
    from datetime import timedelta

    day = date.today()  # weekday names relative to today: "thursday" on a Thursday is next week
    dialog = _dialog(qtbot)
    names = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    dialog.times["due"].setText(f"{names[(day + timedelta(days=2)).weekday()]} 3pm")
    dialog.times["start"].setText(names[(day + timedelta(days=1)).weekday()])
    _save(dialog)
    assert dialog.named() == ("due",)  # a clock time typed is an appointment; a day is not


def test_an_all_day_due_shows_as_its_day_and_stays_one(db: Path, qtbot: QtBot,
                                                       english: object) -> None:
    day = date(2026, 12, 15)
    dialog = _dialog(qtbot, due_at=day)
    assert dialog.times["due"].text() == day_text(day)  # "Tue 15 Dec", no 18:00
    dialog.title.setText("Pay the rent")
    _save(dialog)
    assert dialog.changes() == {"title": "Pay the rent"}  # the due left a date


def test_a_day_typed_without_a_time_saves_all_day(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, due_at=datetime(2026, 12, 15, 18, 0).astimezone())
    dialog.times["due"].setText("friday")
    _save(dialog)
    assert type(dialog.changes()["due_at"]) is date and dialog.named() == ()
    edit(ctx, dialog.task.id, dialog.changes(), dialog.named())
    qtbot.wait_until(lambda: get_task(dialog.task.id).all_day == ["due"])
    assert when(get_task(dialog.task.id), "due").weekday() == 4  # type: ignore[union-attr]


def test_a_day_typed_with_a_time_saves_a_named_moment(db: Path, qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, due_at=date(2026, 12, 15))
    dialog.times["due"].setText("friday 3pm")
    _save(dialog)
    due = dialog.changes()["due_at"]
    assert isinstance(due, datetime) and due.astimezone().hour == 15
    assert dialog.named() == ("due",)


def test_the_chinese_day_form_reads_back_as_a_date(db: Path, qtbot: QtBot,
                                                   qapp: QApplication, english: object
                                                   ) -> None:
    i18n.install(qapp, "zh_CN")
    day = date(2026, 12, 15)
    dialog = _dialog(qtbot, due_at=day, start_at=date(2026, 12, 1))
    assert dialog.times["due"].text().endswith("12月15日 周二")
    assert dialog.times["start"].text().endswith("12月1日 周二")  # a start date too
    dialog.times["due"].setText("2026年12月18日 周五")
    _save(dialog)
    assert dialog.changes() == {"due_at": date(2026, 12, 18)} and dialog.named() == ()
