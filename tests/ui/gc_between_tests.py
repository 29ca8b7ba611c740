"""Garbage collected only between tests, never inside a Qt event (the plan and step tests).

A closed widget's Python wrapper in a reference cycle outlives the test; when the cyclic
garbage collector frees it, the widget's C++ destructor runs wherever the collection
happens — inside another view's paint event if that is where Python allocated — and
QGraphicsView crashes in its paint (a segfault in libQt6Widgets). So the automatic
collector is off while a test runs and the last test's garbage is collected before the
next one starts, between events: the window's rule too (``ui.window.app``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def _garbage_collected_between_events(qapp: QApplication) -> Iterator[None]:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
