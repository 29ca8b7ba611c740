"""Helpers for the tests of task sync in the window (the background worker and the status
bar's sync line) against a real Radicale on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.config import settings
from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import Phone
from ui.shared.context import WindowContext
from ui.sync.worker import Outcome, SyncWorker

DEBOUNCE_MS = 150


def radicale_in(folder: Path) -> Iterator[Radicale]:
    """A Radicale server without authentication, keeping its collections in ``folder``."""
    with Radicale(folder) as running:
        yield running


def background_worker(ctx: WindowContext) -> Iterator[SyncWorker]:
    """A sync worker that syncs only when a test asks (no interval), closed at the end."""
    settings.put("sync.interval_minutes", 0)
    made = SyncWorker(ctx, debounce_ms=DEBOUNCE_MS, check_ms=3_600_000)
    yield made
    made.close()


def synced(qtbot: QtBot, worker: SyncWorker, start: object = None,
           timeout: int = 60_000) -> Outcome:
    """The outcome of the next sync ``worker`` finishes (after calling ``start``, if given)."""
    with qtbot.wait_signal(worker.sync_finished, timeout=timeout) as finished:
        if callable(start):
            start()
    outcome = finished.args[0]
    assert isinstance(outcome, Outcome)
    return outcome


def server_titles(url: str) -> list[str]:
    """The titles of the tasks on the server's list at ``url``, sorted."""
    phone = Phone(url)
    try:
        return sorted(str(o.icalendar_component.get("summary")) for o in phone.todos().values())
    finally:
        phone.client.close()
