"""The day names and the all-day strip (ui.calendar.header): all-day events sit in the
strip over their days' columns, which makes room for them; more than fit fold into a
count whose tooltip lists them, escaped; day names short in a week, long for one day."""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QDate, QLocale, QPointF
from pytestqt.qtbot import QtBot

from app.calendar import cache
from tests.ui.calendar.test_panel import (
    add_event,
    column_of,
    show,
    week_of_events,
)
from ui.calendar.common import BANNER_HEIGHT, DAY_LABEL_HEIGHT, MAX_BANNER_ROWS
from ui.calendar.panel import CalendarPanel

WEDNESDAY = date(2026, 12, 16)


def test_all_day_events_sit_in_the_top_strip(panel: CalendarPanel, qtbot: QtBot) -> None:
    before = panel.header.height()
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    assert "Team offsite" not in {b.summary for b in panel.grid.agenda.blocks}
    banner = next(b for b in panel.grid.agenda.banners if b.summary == "Team offsite")
    assert (banner.first, banner.last) == (1, 2)  # Tuesday and Wednesday, the end is exclusive
    rect = panel.header.banner_rect(banner)
    assert rect is not None and rect.top() >= DAY_LABEL_HEIGHT
    assert rect.bottom() <= panel.header.height()
    assert rect.left() >= panel.grid.column(1).left()
    assert rect.right() <= panel.grid.column(2).right()
    assert rect.right() > panel.grid.column(2).left()
    assert panel.header.height() > before  # the strip made room for its row


def test_more_all_day_events_than_rows_fold_into_a_count_with_a_tooltip(
        panel: CalendarPanel, qtbot: QtBot) -> None:
    source = cache.add_source("Feed", "ics_file", "/nowhere/feed.ics").id
    for n in range(MAX_BANNER_ROWS + 2):
        add_event(source, f"<i>Holiday {n}</i>", WEDNESDAY, WEDNESDAY + timedelta(days=1))
    show(panel, qtbot, WEDNESDAY)
    header = panel.header
    assert header.overflowing()
    assert header.height() == DAY_LABEL_HEIGHT + MAX_BANNER_ROWS * BANNER_HEIGHT + 4
    day = column_of(panel, WEDNESDAY)
    hidden = header.hidden_in(day)
    assert len(hidden) == 3 and all(header.banner_rect(b) is None for b in hidden)
    shown = [b for b in panel.grid.agenda.banners if b not in hidden]
    rect = header.banner_rect(shown[0])
    assert rect is not None
    assert "Calendar: Feed" in header.tooltip_at(rect.center())
    last_row = DAY_LABEL_HEIGHT + (MAX_BANNER_ROWS - 1) * BANNER_HEIGHT + BANNER_HEIGHT / 2
    tip = header.tooltip_at(QPointF(panel.grid.column(day).center().x(), last_row))
    assert tip.count("Holiday") == 3 and "&lt;i&gt;" in tip and "<i>" not in tip
    assert header.hidden_in(day + 1) == []


def test_the_day_names_are_short_in_a_week_and_long_for_a_day(
        panel: CalendarPanel, qtbot: QtBot) -> None:
    before = QLocale()
    QLocale.setDefault(QLocale("en_GB"))
    try:
        show(panel, qtbot, WEDNESDAY)
        assert panel.header.day_label(column_of(panel, WEDNESDAY)) == "Wed 16"
        with qtbot.wait_signal(panel.agenda_loaded, timeout=10_000):
            panel.set_mode("day")
        assert panel.header.day_label(0) == "Wednesday 16 December"
    finally:
        QLocale.setDefault(before)


def test_planned_per_day(panel: CalendarPanel, qtbot: QtBot) -> None:
    """Each day says its planned work; a day over the daily limit is told in red."""
    from app.config import settings
    from app.schedule import store as schedule
    from models import ScheduledBlock
    from tests.ui.week_of_work import ZONE, a_week_of_work, at, settled

    a_week_of_work()
    schedule.run(now=at(0, 8))
    monday = at(0, 8).date()
    minutes = sum(int((b.end - b.start).total_seconds() // 60) for b in ScheduledBlock.select()
                  if b.start.astimezone(ZONE).date() == monday)
    assert minutes > 60
    settings.put("calendar.day_limit_minutes", 60)
    show(panel, qtbot, monday)
    column = column_of(panel, monday)
    assert panel.header.planned[column] == minutes and panel.header.over(column)
    hours, rest = divmod(minutes, 60)
    assert panel.header.load_label(column) == (f"{hours} h {rest}" if rest else f"{hours} h")
    assert panel.header.load_label(6) == "" and not panel.header.over(6)
    tip = panel.header.tooltip_at(QPointF(panel.grid.column(column).center().x(), 5))
    assert f"{hours} h {rest} min of planned work" in tip and "limit of 1 h 0 min" in tip
    from PySide6.QtGui import QFontMetrics

    metrics, load = QFontMetrics(panel.header.font()), panel.header.load_label(column)
    whole = f"{panel.header.day_label(column)} · {load}"
    assert panel.header.fitted_label(column, metrics, 1000) == whole
    narrow = metrics.horizontalAdvance(whole) - 1  # a narrow column keeps the load
    weekday = QLocale().toString(QDate(monday.year, monday.month, monday.day), "ddd")
    assert panel.header.fitted_label(column, metrics, narrow) == f"{weekday} · {load}"
    tiny = metrics.horizontalAdvance("Mo…")
    assert panel.header.fitted_label(column, metrics, tiny).endswith("…")
    settled(panel, qtbot)
