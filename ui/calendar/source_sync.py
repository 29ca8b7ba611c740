"""Keeping the calendar cache fresh: a sync at start, then every minute the sources
that are due (``calendar.sync_minutes``). Each runs in a worker thread with its own
event loop, so fetching and parsing never touch the GUI thread; a failing source keeps
its last good cache and shows its error in the calendar panel."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from app.config import settings
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread

CHECK_MS = 60_000


class CalendarSync(QObject):
    synced = Signal()

    def __init__(self, ctx: WindowContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.timer.start()
        QTimer.singleShot(0, self.sync_now)

    @Slot()
    def sync_now(self) -> None:
        self.ctx.runner.start(in_thread(_sync, True), self.tr("Syncing calendars"),
                              lambda _r: self.synced.emit())

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.ctx.runner.start(in_thread(_sync, False), self.tr("Syncing calendars"),
                              lambda _r: self.synced.emit())


def _sync(force: bool) -> None:
    from app.calendar.sync import sync_all, sync_due

    if force:
        asyncio.run(sync_all(force=True))
    else:
        asyncio.run(sync_due(datetime.now(UTC), int(settings.get("calendar.sync_minutes"))))
