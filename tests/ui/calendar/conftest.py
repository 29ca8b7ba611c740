"""Fixtures for the calendar panel's tests: no keyring, and the panel itself, shown and
loaded (a module sets PANEL_SIZE to have it another size than 1000 × 720)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ui.calendar.panel import CalendarPanel
from ui.shared.context import WindowContext


@pytest.fixture(autouse=True)
def _no_keyring(no_keyring: None) -> None:
    """Every calendar test keeps passwords in this session's memory (tests/conftest.py)."""


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot, request: pytest.FixtureRequest) -> CalendarPanel:
    """The calendar panel, shown at the module's PANEL_SIZE, once its first load is done."""
    width, height = getattr(request.module, "PANEL_SIZE", (1000, 720))
    widget = CalendarPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.wait_until(lambda: not widget.loading)
    return widget
