"""Keeping the calendar cache fresh (ui.calendar.source_sync): a sync at start reads every source
in a worker thread and says ``synced``; the minute check syncs only the sources due."""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.calendar import cache
from models import CalendarEvent
from tests.ui.calendar.test_panel import at, ics
from ui.calendar.source_sync import CalendarSync
from ui.shared.context import WindowContext

DAY = date(2026, 12, 16)


def test_a_sync_at_start_fills_the_cache_off_the_gui_thread(
        ctx: WindowContext, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.calendar import sync

    feed = tmp_path / "team.ics"
    feed.write_text(ics(("Team lunch", at(DAY, 12), at(DAY, 13))), encoding="utf-8")
    cache.add_source("Team", "ics_file", str(feed))
    threads: list[int] = []
    real = sync.sync_all

    async def recorded(**kwargs: object) -> object:
        threads.append(threading.get_ident())
        return await real(**kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sync, "sync_all", recorded)
    with qtbot.wait_signal(CalendarSync(ctx).synced, timeout=20_000):
        pass  # the first sync starts by itself
    assert [e.summary for e in CalendarEvent.select()] == ["Team lunch"]
    assert threads and threading.get_ident() not in threads


def test_the_minute_check_syncs_only_what_is_due(
        ctx: WindowContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.calendar import sync
    from app.config import settings

    settings.put("calendar.sync_minutes", 30)
    asked: list[int] = []

    async def due(_now: object, minutes: int) -> None:
        asked.append(minutes)

    async def every(**_kwargs: object) -> None:
        return None

    monkeypatch.setattr(sync, "sync_due", due)
    monkeypatch.setattr(sync, "sync_all", every)
    keeper = CalendarSync(ctx)
    qtbot.wait_signal(keeper.synced, timeout=10_000).wait()
    with qtbot.wait_signal(keeper.synced, timeout=10_000):
        keeper.timer.timeout.emit()
    assert asked == [30]
