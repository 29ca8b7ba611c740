"""Fixtures for widget tests: a running qasync loop and a real WindowContext per test
(see tests/ui/async_helpers.py for how the loop runs under pytest-qt)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from tests.ui.async_helpers import qt_event_loop, window_context
from ui.context import WindowContext


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    yield from qt_event_loop(qapp)


@pytest.fixture
def ctx(db: Path, loop: qasync.QEventLoop) -> Iterator[WindowContext]:
    yield from window_context()
