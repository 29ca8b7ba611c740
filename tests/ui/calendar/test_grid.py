"""The agenda's time grid (ui.calendar.grid): the now line in today's column, event text
plain with escaped tooltips, and a due mark's click selecting its task or step."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.calendar import cache
from tests.ui.calendar.test_panel import (
    add_event,
    at,
    column_of,
    show,
    week_of_events,
)
from ui.calendar.panel import CalendarPanel
from ui.shared.context import WindowContext

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py)
WEDNESDAY = date(2026, 12, 16)


def test_the_now_line_is_within_todays_column(panel: CalendarPanel, qtbot: QtBot) -> None:
    now = panel.grid.clock().astimezone(ZONE)
    line = panel.grid.now_line()
    assert line is not None
    column = panel.grid.column(column_of(panel, now.date()))
    assert column.left() == pytest.approx(line.x1()) and line.x2() == pytest.approx(
        column.right())
    assert line.y1() == pytest.approx(panel.grid.y_of(now.hour * 60 + now.minute), abs=1)
    image = panel.grid.grab().toImage()
    centre = line.center().toPoint()
    pixels = [image.pixelColor(centre.x(), centre.y() + dy) for dy in (-1, 0, 1)]
    reddest = max(pixels, key=lambda c: c.red() - c.green())  # the line may fall between rows
    assert reddest.red() > 180 and reddest.green() < 120  # drawn, in red
    show(panel, qtbot, now.date() + timedelta(days=7))
    assert panel.grid.now_line() is None


def test_clicking_a_due_mark_selects_its_task_or_step(panel: CalendarPanel, ctx: WindowContext,
                                                      qtbot: QtBot) -> None:
    ids = week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    spots = {m.kind: r for m, r in panel.grid.mark_spots()}
    qtbot.mouseClick(panel.grid, Qt.MouseButton.LeftButton, pos=spots["task"].center().toPoint())
    assert ctx.selection.task_id == ids["task"] and ctx.selection.step_id == ""
    qtbot.mouseClick(panel.grid, Qt.MouseButton.LeftButton, pos=spots["step"].center().toPoint())
    assert (ctx.selection.task_id, ctx.selection.step_id) == (ids["offsite"], "dates")


def test_event_text_is_plain(panel: CalendarPanel, qtbot: QtBot) -> None:
    source = cache.add_source("Feed", "ics_file", "/nowhere/feed.ics").id
    add_event(source, "<b>Party</b>\n<img src=x>", at(WEDNESDAY, 18), at(WEDNESDAY, 19))
    show(panel, qtbot, WEDNESDAY)
    party = panel.grid.agenda.blocks[0]
    assert party.summary == "<b>Party</b> <img src=x>"
    tip = panel.grid.tooltip_at(panel.grid.block_rect(party).center())
    assert "&lt;b&gt;Party&lt;/b&gt;" in tip and "<img" not in tip


def test_no_due_line_crosses_a_due_label(panel: CalendarPanel, qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    image = panel.grid.grab().toImage()
    spots = panel.grid.mark_spots()
    assert spots
    for mark, label in spots:  # the row of the line, inside the label: grey text on base
        y = int(panel.grid.y_of(mark.minute))
        for x in range(int(label.left()) + 3, int(label.right()) - 3):
            colour = image.pixelColor(x, y)
            rgb = (colour.red(), colour.green(), colour.blue())
            assert max(rgb) - min(rgb) <= 8, (mark.title, x, rgb)
