"""Fixtures for widget tests: a running qasync loop and a real WindowContext per test
(see tests/ui/async_helpers.py for how the loop runs under pytest-qt)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from tests.ui.async_helpers import qt_event_loop, window_context
from ui.shared.context import WindowContext


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    yield from qt_event_loop(qapp)


@pytest.fixture
def ctx(db: Path, loop: qasync.QEventLoop) -> Iterator[WindowContext]:
    yield from window_context()


@pytest.fixture(autouse=True)
def _same_locale_after() -> Iterator[None]:
    """A test that installs a language sets Qt's default locale (en_US starts weeks on
    Sunday); the next test starts from the locale this one started with."""
    before = QLocale()
    yield
    QLocale.setDefault(before)


@pytest.fixture
def english(qapp: QApplication) -> Iterator[None]:
    """The interface in English with British dates, and English again afterwards."""
    from ui.words import i18n

    i18n.install(qapp, "en")
    QLocale.setDefault(QLocale("en_GB"))
    yield None
    i18n.install(qapp, "en")


@pytest.fixture
def command_line_keeper_off() -> Iterator[None]:
    """The window re-schedules through its own keeper (in a worker), not the command
    line's, which an earlier test may have left listening."""
    from app.schedule import keeper

    keeper.stop()
    yield
    keeper.stop()
