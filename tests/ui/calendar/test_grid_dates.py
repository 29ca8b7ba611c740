"""All-day task dues on the calendar grid: the agenda says which they are
(``app.calendar.agenda.DueMark.all_day``), and the grid marks them without the 18:00 they
stand for."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from pytestqt.qtbot import QtBot

from app.calendar import agenda
from app.tasks.store import NewTask, add_task
from tests.ui.calendar.test_panel import show
from ui.calendar.panel import CalendarPanel
from ui.words.dates import day_text

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py)
WEDNESDAY = date(2026, 12, 16)


def test_the_all_day_dues_are_read_with_the_agenda(db: object) -> None:
    rent = add_task(NewTask(title="Pay rent", due_at=WEDNESDAY)).id
    add_task(NewTask(title="Dentist", due_at=datetime(2026, 12, 16, 15, 0, tzinfo=ZONE)))
    shown = agenda.read_agenda(date(2026, 12, 14), 7, ZONE)
    assert len(shown.marks) == 2 and {m.task_id for m in shown.marks if m.all_day} == {rent}
    assert not any(m.all_day for m in agenda.read_agenda(date(2027, 1, 4), 7, ZONE).marks)


def test_an_all_day_due_is_marked_without_a_time(panel: CalendarPanel, qtbot: QtBot,
                                                 english: object) -> None:
    add_task(NewTask(title="Pay rent", due_at=WEDNESDAY))
    add_task(NewTask(title="Dentist", due_at=datetime(2026, 12, 16, 15, 0, tzinfo=ZONE)))
    show(panel, qtbot, WEDNESDAY)
    spots = {m.title: (m, r) for m, r in panel.grid.mark_spots()}
    rent, dentist = spots["Pay rent"][0], spots["Dentist"][0]
    assert panel.grid.mark_text(rent) == "Pay rent"  # not "18:00 Pay rent"
    assert panel.grid.mark_text(dentist) == "15:00 Dentist"
    tip = panel.grid.tooltip_at(spots["Pay rent"][1].center())
    assert f"Task due {day_text(WEDNESDAY)}, all day" in tip and "18:00" not in tip
