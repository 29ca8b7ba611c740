"""The step tests collect garbage only between tests, never inside a Qt event: a closed
widget freed by the collector inside another view's paint crashes Qt (see
``tests.ui.gc_between_tests`` and ``ui.window.app.collect_between_events``)."""

from __future__ import annotations

from tests.ui.gc_between_tests import _garbage_collected_between_events

__all__ = ["_garbage_collected_between_events"]
