"""The calendar panel's "Sync now": every enabled source fetched again, each in a worker.

A source that fails keeps its last good cache; the result line says how many synced.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from PySide6.QtCore import QCoreApplication

from app.calendar import agenda
from app.calendar.agenda import SourceState
from app.errors import KnownError
from models import StoreError
from ui.calendar.common import MAX_PROBLEM_LINES, clock_text, when_text
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told, told_error


@dataclass(frozen=True)
class SyncOutcome:
    """One source's sync as the panel reports it."""

    name: str
    events: int
    error: str | None


async def sync_sources(counted: Callable[[int], None],
                       one_done: Callable[[], None]) -> list[SyncOutcome]:
    """Sync every enabled source at once; ``counted`` hears how many, ``one_done`` each end."""
    ids = await in_thread(agenda.enabled_source_ids)
    counted(len(ids))
    return list(await asyncio.gather(*(_sync_one(i, one_done) for i in ids)))


async def _sync_one(source_id: int, one_done: Callable[[], None]) -> SyncOutcome:
    from app.calendar.sync import sync_source_blocking

    try:
        result = await in_thread(sync_source_blocking, source_id, force=True)
        outcome = SyncOutcome(result.name, result.events, result.error)
    except (KnownError, StoreError) as exc:
        outcome = SyncOutcome(str(source_id), 0, told_error(exc))
    one_done()
    return outcome


def result_text(outcomes: list[SyncOutcome], now: datetime) -> str:
    """The line the panel shows after a sync, in the interface language."""
    failed = sum(1 for o in outcomes if o.error)
    at = clock_text(now)
    if not outcomes:
        return QCoreApplication.translate("CalendarPanel",
                                          "No calendars to sync: add one with Sources…")
    if not failed:
        return fill(QCoreApplication.translate("CalendarPanel",
                                               "Synced %1 calendars at %2 (%3 events)."),
                    len(outcomes), at, sum(o.events for o in outcomes))
    return fill(QCoreApplication.translate("CalendarPanel",
                                           "Synced %1 of %2 calendars at %3; the others keep "
                                           "their last good events."),
                len(outcomes) - failed, len(outcomes), at)


def problem_lines(failing: Sequence[SourceState], zone: tzinfo) -> tuple[list[str], list[str]]:
    """The lines shown for failing sources (at most MAX_PROBLEM_LINES), and all of them."""
    lines = [_problem_text(s, zone) for s in failing]
    if len(lines) <= MAX_PROBLEM_LINES:
        return lines, lines
    more = fill(QCoreApplication.translate("CalendarPanel", "…and %1 more; Sources… lists them."),
                len(lines) - MAX_PROBLEM_LINES + 1)
    return [*lines[:MAX_PROBLEM_LINES - 1], more], lines


def _problem_text(state: SourceState, zone: tzinfo) -> str:
    if state.last_synced_at is None:
        kept = QCoreApplication.translate("CalendarPanel", "never synced before")
    else:
        kept = fill(QCoreApplication.translate("CalendarPanel", "showing its events from %1"),
                    when_text(state.last_synced_at, zone))
    return fill(QCoreApplication.translate("CalendarPanel", "%1 could not be synced (%2): %3"),
                agenda.one_line(state.name), kept, agenda.one_line(told(state.last_error or "")))
