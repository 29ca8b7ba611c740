"""Keeping published calendars current: after the changes that move what they show (a
new schedule or a block moved, a task's or step's times, a plan, a deletion), every
target is written again.

A change only marks the calendars stale; they are written ``EVERY_S`` after the first
stale mark, by a timer thread (an import of 100,000 tasks writes a few times, not
100,000; an MCP session's change shows within seconds), or when the command is done,
whichever comes first (``flush``, from ``app.cli.main``). The window does not use this
keeper: ``ui.calendar.scheduling.Publisher`` runs ``publish_now`` in a worker once the
changes settle. Nothing is read when nothing is published.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.events import Changes, Kind, events

PUBLISH_ON = frozenset({Kind.SCHEDULE_CHANGED, Kind.TASK_CHANGED, Kind.TASK_DELETED,
                        Kind.TASK_ADDED, Kind.STEP_CHANGED, Kind.PLAN_SAVED,
                        Kind.PLAN_APPROVED, Kind.PLAN_ABORTED, Kind.DATABASE_REPLACED})
EVERY_S = 2.0

_listening: list[Callable[[], None]] = []
_lock = threading.Lock()
_timer: list[threading.Timer] = []


def keep_current() -> Callable[[], None]:
    """Publish again after such changes (as above). Safe to call twice; returns the
    function that stops it."""
    if not _listening:
        def on_change(changes: Changes) -> None:
            if changes.kinds & PUBLISH_ON:
                _stale()

        _listening.append(events.subscribe(on_change))
    return stop


def stop() -> None:
    """Stop publishing after changes (until ``keep_current`` again)."""
    while _listening:
        _listening.pop()()
    with _lock:
        while _timer:
            _timer.pop().cancel()


def publish_now() -> None:
    """Write every target again, when there is one (the writers, and icalendar for the
    zones, are imported only then: a window that publishes nowhere never holds them)."""
    from models.tables import PublishTarget

    with _lock:
        while _timer:
            _timer.pop().cancel()
    if PublishTarget.select(PublishTarget.id).exists():
        from app.publish import store

        store.publish_all()


def flush() -> None:
    """Write what the last changes left stale (a command calls this as it ends)."""
    with _lock:
        stale = bool(_timer)
    if stale and _listening:
        publish_now()


def _stale() -> None:
    with _lock:
        if not _timer:
            timer = threading.Timer(EVERY_S, _publish_logged)
            timer.daemon = True
            _timer.append(timer)
            timer.start()


def _publish_logged() -> None:
    """The timer's publish: a failure is logged (no one waits for it)."""
    try:
        publish_now()
    except Exception:  # noqa: BLE001 - a thread of its own: logged, the next change retries
        import logging

        logging.getLogger("stepwise").exception("publishing the schedule failed")
