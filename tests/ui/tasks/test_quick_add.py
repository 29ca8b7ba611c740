"""The quick-add bar: the live preview of the grammar, and a slow phrase read off the GUI thread."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from models import Task
from ui.shared.context import WindowContext
from ui.tasks.quick_add import QuickAddBar


def bar(ctx: WindowContext, qtbot: QtBot) -> QuickAddBar:
    widget = QuickAddBar(ctx)
    qtbot.add_widget(widget)
    return widget


def test_the_preview_shows_everything_understood_as_you_type(ctx: WindowContext,
                                                             qtbot: QtBot) -> None:
    widget = bar(ctx, qtbot)
    widget.title.setText("Pay the electricity bill on the 5th of every month #home !2 @Alice")
    shown = widget.preview.text()
    assert shown.startswith("→ Pay the electricity bill")
    assert "FREQ" not in shown
    for part in ("repeats every month on the 5th", "#home", "!2", "@Alice", "due "):
        assert part in shown


def test_enter_saves_what_the_preview_showed(ctx: WindowContext, qtbot: QtBot) -> None:
    widget = bar(ctx, qtbot)
    widget.title.setText("每周五提醒我交周报 #work")
    with qtbot.wait_signal(widget.task_added) as saved:
        widget.title.returnPressed.emit()
    task = Task.get_by_id(saved.args[0])
    assert (task.title, task.recurrence, task.tags) == ("交周报", "FREQ=WEEKLY;BYDAY=FR",
                                                        ["work"])
    assert task.detail.startswith("提醒我")  # the assistant still plans it as a reminder
    assert task.due_at is not None and task.timezone


def test_a_phrase_only_dateparser_reads_is_parsed_in_a_worker(ctx: WindowContext,
                                                              qtbot: QtBot) -> None:
    widget = bar(ctx, qtbot)
    widget.title.setText("Renew passport")
    widget.when.setText("3 December 2027 5pm")
    assert widget.preview.text() == "…"  # nothing slow ran on the GUI thread
    qtbot.wait_until(lambda: "due Fri 3 Dec 2027 17:00" in widget.preview.text())
    widget.when.setText("gibberish o'clock")
    qtbot.wait_until(lambda: widget.preview.text() == "not a time I can read")


def test_a_day_without_a_time_previews_and_saves_as_a_date(ctx: WindowContext,
                                                           qtbot: QtBot) -> None:
    widget = bar(ctx, qtbot)
    widget.title.setText("Pay rent friday")
    assert "due " in widget.preview.text() and ":" not in widget.preview.text()  # no 18:00
    with qtbot.wait_signal(widget.task_added) as saved:
        widget.title.returnPressed.emit()
    task = Task.get_by_id(saved.args[0])
    assert (task.title, task.all_day, task.named) == ("Pay rent", ["due"], [])
    widget.title.setText("Dentist friday 3pm")
    assert "15:00" in widget.preview.text()
    with qtbot.wait_signal(widget.task_added) as saved:
        widget.title.returnPressed.emit()
    task = Task.get_by_id(saved.args[0])
    assert (task.title, task.all_day, task.named) == ("Dentist", [], ["due"])


def test_a_slow_day_without_a_time_previews_its_day(ctx: WindowContext, qtbot: QtBot) -> None:
    widget = bar(ctx, qtbot)
    widget.title.setText("Renew passport")
    widget.when.setText("3 December 2027")
    qtbot.wait_until(lambda: widget.preview.text().endswith("due Fri 3 Dec 2027"))
