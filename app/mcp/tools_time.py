"""The time tools of ``stepwise mcp``: calendar events and free time in a window, and
where the steps with estimates would go (a dry run, unless the person lets agents save a
schedule: setting ``mcp.may_schedule``; the saved run is one undoable agent change).

Times are given as ISO 8601 or a phrase ("tomorrow 9am", "下周一"); a bare day means
the whole day. Every result time is ISO 8601 in UTC.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from app.dates.when import local_zone, parse_when
from app.mcp.gates import BadInput
from models.fields import EARLIEST, LATEST

DEFAULT_DAYS = 7
MAX_DAYS = 400  # a sync caches 397 days: a window beyond them says nothing


def window(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """``start`` and ``end`` as instants (default: today and the week after)."""
    zone = local_zone()
    now = datetime.now(zone)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    first = _instant(start, now, end=False) if start else midnight
    last = _instant(end, now, end=True) if end else first + timedelta(days=DEFAULT_DAYS)
    if last <= first:
        raise BadInput(f"the end ({last.isoformat()}) is not after the start "
                       f"({first.isoformat()})")
    if last - first > timedelta(days=MAX_DAYS):
        raise BadInput(f"a window is at most {MAX_DAYS} days long")
    return first, last


def _instant(text: str, now: datetime, *, end: bool) -> datetime:
    read = parse_when(text, "due" if end else "start", now)
    when = read.when
    if not read.had_time:
        when = datetime.combine(when.date(), datetime.min.time(), now.tzinfo)
        when += timedelta(days=1) if end else timedelta()
    if not EARLIEST <= when <= LATEST:
        raise BadInput(f"{text[:40]!r} is outside the times Stepwise keeps")
    return when


def events(start: str | None, end: str | None) -> dict[str, Any]:
    """The calendar events overlapping the window, all-day ones first on their day."""
    from app.calendar.cache import events_between

    first, last = window(start, end)
    return {"start": first.isoformat(), "end": last.isoformat(),
            "events": [e.to_json() for e in events_between(first, last, local_zone())]}


def free_time(start: str | None, end: str | None) -> dict[str, Any]:
    """Busy time (from the calendars and scheduled blocks) and free working time."""
    from app.calendar import freebusy

    first, last = window(start, end)
    zone = local_zone()
    busy = freebusy.busy_intervals(first, last, zone)
    free = freebusy.free_slots(first, last, busy, zone=zone)
    return {"busy": [{"start": i.pair()[0], "end": i.pair()[1], "events": list(i.labels),
                      "more_events": i.more} for i in busy],
            "free": [{"start": i.pair()[0], "end": i.pair()[1]} for i in free]}


def schedule(start: str | None, days: int, save: bool = False,
             client: str = "an MCP client") -> dict[str, Any]:
    """Where the steps with estimates would be placed, and those that would not fit;
    saved only when asked and the person lets agents schedule (``mcp.may_schedule``),
    then journaled as one agent change the person can undo."""
    from app.config import settings
    from app.mcp import changes, gates
    from app.schedule import store

    first = _instant(start, datetime.now(local_zone()), end=False) if start else None
    if save and not settings.get("mcp.may_schedule"):
        raise gates.Gate("only the person saves a schedule unless they let agents do it "
                         "(setting mcp.may_schedule); ask again without save for a dry run")
    if save:
        with changes.scheduling(client, f"saved a schedule of {days} days"):
            outcome = store.run(start=first, days=days, why=f"asked by {client}")
    else:
        outcome = store.run(start=first, days=days, dry_run=True)
    return {"dry_run": not save, "blocks": [b.as_json() for b in outcome.schedule.blocks],
            "unplaced": [{"task": m.task_id, "step": m.step_id, "why": m.text()}
                         for m in outcome.schedule.unplaced]}
