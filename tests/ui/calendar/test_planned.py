"""Planned blocks in the calendar panel: drawn apart from events, explained in the tooltip,
moved by drag (pinned, undoable), resized by their lower edge (the estimate follows),
and the panel's Schedule button; a screenshot of a week of blocks."""

from __future__ import annotations

import html
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from app.plan import store as plans
from app.schedule import store
from models import ScheduledBlock
from tests.ui.week_of_work import MONDAY, a_week_of_work, at, settled
from ui.calendar.panel import CalendarPanel
from ui.shared.context import WindowContext
from ui.words.dates import short_when

pytestmark = pytest.mark.usefixtures("command_line_keeper_off")
PANEL_SIZE = (1100, 760)  # the panel fixture's size (conftest.py)
SHOTS = Path("/tmp/stepwise-shots")


def show_week(panel: CalendarPanel, qtbot: QtBot) -> None:
    with qtbot.wait_signal(panel.agenda_loaded, timeout=10_000):
        panel.go_to(MONDAY + timedelta(days=2))


def planned(panel: CalendarPanel, title: str) -> store.Block | object:
    return next(p for p in panel.grid.planned.blocks if p.title == title)


def test_blocks_are_drawn_where_they_were_placed_apart_from_events(panel: CalendarPanel,
                                                                  qtbot: QtBot) -> None:
    a_week_of_work()
    show_week(panel, qtbot)
    venues = next(p for p in panel.grid.planned.blocks if p.title == "Shortlist venues")
    assert (venues.day, venues.start_minute, venues.end_minute) == (0, 10 * 60, 12 * 60)
    assert "Standup" in {b.summary for b in panel.grid.agenda.blocks}
    assert {p.title for p in panel.grid.planned.blocks} >= {"Book the venue", "整理数据", "写初稿"}
    centre = panel.grid.planned.rect_of(venues).center()
    tip = html.unescape(panel.grid.tooltip_at(centre))
    assert "Shortlist venues<br>10:00–12:00 (planned)" in tip
    due = short_when(at(4, 17))
    assert (f"Why: first free 2 h before the due date {due}; 09:30–10:00 is "
            "'Standup'") in tip
    assert panel.grid.cursor_at(centre) == Qt.CursorShape.OpenHandCursor


def _drag(panel: CalendarPanel, qtbot: QtBot, start: QPoint, end: QPoint) -> None:
    grid = panel.grid
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(grid, end)
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=end)


def test_dragging_a_block_moves_and_pins_it_and_undo_puts_it_back(
        panel: CalendarPanel, ctx: WindowContext, qtbot: QtBot) -> None:
    a_week_of_work()
    show_week(panel, qtbot)
    venues = next(p for p in panel.grid.planned.blocks if p.title == "Shortlist venues")
    rect = panel.grid.planned.rect_of(venues)
    target = panel.grid.column(1).center().x()  # to Tuesday, two hours later
    _drag(panel, qtbot, rect.center().toPoint(),
          QPoint(int(target), int(rect.center().y() + 2 * 42)))
    row = lambda: ScheduledBlock.get(ScheduledBlock.id == venues.id)  # noqa: E731
    qtbot.wait_until(lambda: row().pinned, timeout=5_000)
    assert (row().start, row().end) == (at(1, 12), at(1, 14))
    ctx.undo.undo()
    qtbot.wait_until(lambda: not row().pinned, timeout=5_000)
    assert (row().start, row().end) == (at(0, 10), at(0, 12))
    settled(panel, qtbot)


def test_dragging_the_lower_edge_changes_the_estimate(panel: CalendarPanel, ctx: WindowContext,
                                                      qtbot: QtBot, ) -> None:
    offsite = a_week_of_work()
    show_week(panel, qtbot)
    venues = next(p for p in panel.grid.planned.blocks if p.title == "Shortlist venues")
    rect = panel.grid.planned.rect_of(venues)
    edge = QPoint(int(rect.center().x()), int(rect.bottom() - 2))
    assert panel.grid.cursor_at(edge.toPointF()) == Qt.CursorShape.SizeVerCursor
    _drag(panel, qtbot, edge, edge + QPoint(0, 42 // 2))  # half an hour longer

    def estimate() -> int | None:
        return plans.spec_of(plans.active_plan(offsite)).step("venues").estimate_minutes

    qtbot.wait_until(lambda: estimate() == 150, timeout=5_000)
    ctx.undo.undo()
    qtbot.wait_until(lambda: estimate() == 120, timeout=5_000)
    settled(panel, qtbot)


def test_a_screenshot_of_a_week_of_blocks(panel: CalendarPanel, qtbot: QtBot) -> None:
    a_week_of_work()
    show_week(panel, qtbot)
    panel.scroller.verticalScrollBar().setValue(int(panel.grid.y_of(8 * 60)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    image = panel.grab().toImage()
    assert image.save(str(SHOTS / "calendar-blocks.png"))
    assert image.width() >= 1000 and len(panel.grid.planned.blocks) >= 5


def test_clicking_a_block_opens_its_step(panel: CalendarPanel, ctx: WindowContext,
                                         qtbot: QtBot) -> None:
    offsite = a_week_of_work()
    show_week(panel, qtbot)
    venues = next(p for p in panel.grid.planned.blocks if p.title == "Shortlist venues")
    centre = panel.grid.planned.rect_of(venues).center().toPoint()
    qtbot.mouseClick(panel.grid, Qt.MouseButton.LeftButton, pos=centre)
    assert (ctx.selection.task_id, ctx.selection.step_id) == (offsite, "venues")
    assert not ScheduledBlock.get(ScheduledBlock.id == venues.id).pinned  # not moved
    settled(panel, qtbot)
