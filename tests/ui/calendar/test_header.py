"""The day names and the all-day strip (ui.calendar.header): all-day events sit in the
strip over their days' columns, which makes room for them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.calendar.test_panel import (
    show,
    week_of_events,
)
from ui.calendar.common import DAY_LABEL_HEIGHT
from ui.calendar.panel import CalendarPanel
from ui.context import WindowContext

WEDNESDAY = date(2026, 12, 16)


@pytest.fixture(autouse=True)
def _no_keyring() -> Iterator[None]:
    """Passwords stay in this session's memory: tests never touch a real keyring."""
    import keyring
    from keyring.backends import fail

    from app import secrets

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets._session.clear()
    yield
    secrets._session.clear()
    keyring.set_keyring(previous)


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> CalendarPanel:
    widget = CalendarPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(1000, 720)
    widget.show()
    qtbot.wait_until(lambda: not widget.loading)
    return widget


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
