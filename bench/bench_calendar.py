"""Calendar and reminders: expansion, free/busy from the cache, and the reminder tick.

The calendar has 5,000 events over 2026 in three zones (Europe/Berlin, America/New_York
and UTC), a tenth of them all-day; 200 of them are recurring series (100 weekly, 50
daily runs of 30, 50 monthly), some with an EXDATE and an overriding instance. Its
year is expanded by ``app.calendar.expand.expand`` in-process (the function the worker
process runs; median of 5 after one warm-up), then end to end through the worker
process (``worker.run_in_process``): the first call, which starts the process, and the
median of 5 warm calls. Target: under 500 ms.

Free/busy: the calendar is expanded as a sync on Monday 2 February 2026 does (31 days
back, 366 ahead), cached in a fresh database file, and ``freebusy.busy_intervals`` +
``freebusy.free_slots`` run for the week from that Monday (median of 50). Target: under
10 ms. A week in June, further from the start of the cache, is shown for comparison.

A crowded week: an .ics of 100,000 one-hour events, all in the working hours of that
week, expanded and cached, then busy + free for the week in-process (median of 5;
target under 200 ms, issue 12) and the whole ``stepwise calendar free`` command for it
(median of 3).

The tick: 10,000 pending reminders (all in the future) and 1,000 already fired, then
``app.reminders.store.tick`` at a moment when none is due, as the window calls it every few
seconds (median and p95 of 1,000). Target: under 1 ms. The same with 50,000 fired
reminders (years of use; they stay in the table) and a tick that fires 10 reminders are
shown for comparison.
"""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from bench.measure import median, percentile, time_call, time_calls
from bench.report import Findings, Result, duration

EVENTS, SERIES = 5_000, 200
YEAR = (datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))
SYNCED = datetime(2026, 2, 2, tzinfo=UTC)  # a Monday
JUNE = datetime(2026, 6, 1, tzinfo=UTC)
ZONES = ("Europe/Berlin", "America/New_York", "UTC")
PENDING, FIRED, YEARS_FIRED = 10_000, 1_000, 50_000
CROWDED = 100_000


def run(work: Path) -> Findings:
    """All three measurements, each on its own data."""
    text = calendar_text(EVENTS, SERIES)
    findings = Findings()
    _expansion(text, findings)
    _freebusy(work / "freebusy.db", text, findings)
    _crowded(work, findings)
    _tick(work / "reminders.db", findings)
    return findings


# --- the calendar ----------------------------------------------------------------------------

def calendar_text(count: int, series: int, seed: int = 5) -> str:
    """An iCalendar text of ``count`` events of which ``series`` recur (fixed seed)."""
    pick = random.Random(seed)
    parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stepwise bench//EN\r\n"]
    for i in range(count):
        parts.append(_event(i, pick, recurring=i < series))
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def _event(i: int, pick: random.Random, *, recurring: bool) -> str:
    day = datetime(2026, 1, 1) + timedelta(days=pick.randrange(365))
    zone = ZONES[i % len(ZONES)]
    if not recurring and i % 10 == 0:
        return _block(i, f"DTSTART;VALUE=DATE:{day:%Y%m%d}\r\nTRANSP:TRANSPARENT\r\n")
    start = day + timedelta(hours=8 + pick.randrange(9), minutes=30 * pick.randrange(2))
    stamp = "" if zone == "UTC" else f";TZID={zone}"
    suffix = "Z" if zone == "UTC" else ""
    times = (f"DTSTART{stamp}:{start:%Y%m%dT%H%M%S}{suffix}\r\n"
             f"DTEND{stamp}:{start + timedelta(hours=1):%Y%m%dT%H%M%S}{suffix}\r\n")
    if not recurring:
        return _block(i, times)
    rule = ("RRULE:FREQ=WEEKLY\r\n", "RRULE:FREQ=DAILY;COUNT=30\r\n",
            "RRULE:FREQ=MONTHLY\r\n", "RRULE:FREQ=WEEKLY\r\n")[i % 4]
    if i % 5 == 0:  # an excluded instance and a moved one
        skipped = start + timedelta(days=7 if "WEEKLY" in rule else 1)
        rule += f"EXDATE{stamp}:{skipped:%Y%m%dT%H%M%S}{suffix}\r\n"
        moved = start + timedelta(days=14 if "WEEKLY" in rule else 2)
        override = (f"RECURRENCE-ID{stamp}:{moved:%Y%m%dT%H%M%S}{suffix}\r\n"
                    f"DTSTART{stamp}:{moved + timedelta(hours=2):%Y%m%dT%H%M%S}{suffix}\r\n"
                    f"DTEND{stamp}:{moved + timedelta(hours=3):%Y%m%dT%H%M%S}{suffix}\r\n")
        return _block(i, times + rule) + _block(i, override, "moved")
    return _block(i, times + rule)


def _block(i: int, body: str, note: str = "") -> str:
    return (f"BEGIN:VEVENT\r\nUID:bench-{i}@stepwise\r\nDTSTAMP:20260101T000000Z\r\n{body}"
            f"SUMMARY:Event {i} {note}\r\nEND:VEVENT\r\n")


def _expansion(text: str, findings: Findings) -> None:
    from app.calendar import worker
    from app.calendar.expand import expand

    args = ([text], *YEAR, "UTC")
    result = expand(*args)
    inside = median(time_calls(lambda: expand(*args), 5))
    cold = time_call(lambda: asyncio.run(worker.run_in_process(expand, *args)))
    warm = median(time_calls(lambda: asyncio.run(worker.run_in_process(expand, *args)), 5,
                             warmup=0))
    worker.shutdown()
    label = f"expand a year of {EVENTS:,} events ({SERIES} recurring) → {len(result.rows):,}"
    findings.results += [
        Result(f"{label}, in-process (median of 5)", duration(inside), "< 500 ms",
               inside < 0.5),
        Result("the same through the worker process, warm (median of 5)", duration(warm),
               "< 500 ms", warm < 0.5),
        Result("the same, first call (starts the worker process)", duration(cold)),
    ]
    findings.notes.append(f"calendar expansion: {len(text) / 1024:,.0f} KB of iCalendar; "
                          f"{_split()}")


def _split() -> str:
    """Where the in-process time goes: single events alone, and the series alone."""
    from app.calendar.expand import expand

    singles = calendar_text(EVENTS - SERIES, 0, seed=6)
    series = calendar_text(SERIES, SERIES)
    one = median(time_calls(lambda: expand([singles], *YEAR, "UTC"), 3))
    two = median(time_calls(lambda: expand([series], *YEAR, "UTC"), 3))
    return (f"{EVENTS - SERIES:,} single events take {duration(one)}, the {SERIES} series "
            f"{duration(two)}")


# --- free/busy -------------------------------------------------------------------------------

def _freebusy(db: Path, text: str, findings: Findings) -> None:
    from app.calendar import cache, freebusy, sync
    from app.calendar.expand import expand
    from app.dates.when import local_zone
    from models import close_database, open_database

    rows = expand([text], *sync.window(SYNCED), "UTC").rows
    zone, work = local_zone(), (time(9, 0), time(18, 0))

    def week(start: datetime) -> tuple[float, int]:
        end = start + timedelta(days=7)

        def both() -> object:
            busy = freebusy.busy_intervals(start, end, zone)
            return freebusy.free_slots(start, end, busy, work=work, zone=zone)

        return median(time_calls(both, 50)), len(freebusy.busy_intervals(start, end, zone))

    open_database(db)
    try:
        source = cache.add_source("Bench", "ics_file", "/bench.ics")
        cache.replace_events(source.id, rows, etag=None, last_modified=None, at=SYNCED)
        (seconds, found), (later, _found) = week(SYNCED), week(JUNE)
    finally:
        close_database()
    findings.results += [
        Result(f"free/busy for the week after a sync ({len(rows):,} events cached, {found} "
               "busy intervals; median of 50)", duration(seconds), "< 10 ms", seconds < 0.010),
        Result("the same for a week in June (four months into the cache)", duration(later)),
    ]


def crowded_text(count: int, monday: datetime, seed: int = 7) -> str:
    """``count`` one-hour events in the working hours (09:00–18:00 UTC) of one week."""
    pick = random.Random(seed)
    parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stepwise bench//EN\r\n"]
    for i in range(count):
        start = monday + timedelta(days=pick.randrange(7), minutes=9 * 60 + pick.randrange(480))
        parts.append(_block(i, f"DTSTART:{start:%Y%m%dT%H%M%SZ}\r\n"
                               f"DTEND:{start + timedelta(hours=1):%Y%m%dT%H%M%SZ}\r\n"))
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def _crowded(work: Path, findings: Findings) -> None:
    from app.calendar import cache, freebusy, sync
    from app.calendar.expand import expand
    from bench import commands
    from bench.measure import time_command
    from models import close_database, open_database

    db = work / "crowded.db"
    rows = expand([crowded_text(CROWDED, SYNCED)], *sync.window(SYNCED), "UTC").rows
    start, end = SYNCED, SYNCED + timedelta(days=7)
    work_hours = (time(9, 0), time(18, 0))

    def both() -> object:
        busy = freebusy.busy_intervals(start, end, UTC)
        return freebusy.free_slots(start, end, busy, work=work_hours, zone=UTC)

    open_database(db)
    try:
        source = cache.add_source("Crowded", "ics_file", "/crowded.ics")
        cache.replace_events(source.id, rows, etag=None, last_modified=None, at=SYNCED)
        seconds = median(time_calls(both, 5))
    finally:
        close_database()
    argv = commands.stepwise(db, "calendar", "free", "--from", "2026-02-02", "--to",
                             "2026-02-08")
    command = median([time_command(argv, commands.bench_env(work), work) for _ in range(3)])
    findings.results += [
        Result(f"free/busy for a week with {len(rows):,} events in it, in-process (median "
               "of 5)", duration(seconds), "< 200 ms", seconds < 0.200),
        Result("the same as `stepwise calendar free` for that week, whole command (median "
               "of 3)", duration(command)),
    ]


# --- the tick --------------------------------------------------------------------------------

def _tick(db: Path, findings: Findings) -> None:
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    idle, firing = _tick_times(db, now, FIRED)
    later, _firing = _tick_times(db.with_name("reminders-years.db"), now, YEARS_FIRED)
    middle = median(idle)
    findings.results += [
        Result(f"reminder tick, {PENDING:,} pending and {FIRED:,} fired, none due "
               "(median of 1,000)", f"median {duration(middle)}, p95 "
               f"{duration(percentile(idle, 0.95))}", "< 1 ms", middle < 0.001),
        Result(f"the same with {YEARS_FIRED:,} fired", f"median {duration(median(later))}"),
        Result("a tick that fires 10 reminders (one transaction)", duration(firing)),
    ]


def _tick_times(db: Path, now: datetime, fired: int) -> tuple[list[float], float]:
    """Idle ticks (seconds each) and one tick that fires 10, on a fresh database."""
    from app.reminders import store as reminders
    from models import Reminder, close_database, database, open_database

    open_database(db)
    try:
        task = _task()
        with database.atomic():
            _insert(Reminder, task, [now + timedelta(minutes=i + 1) for i in range(PENDING)])
            _insert(Reminder, task, [now - timedelta(minutes=i + 1) for i in range(fired)],
                    fired=now)
        idle = time_calls(lambda: reminders.tick(now), 1000)
        with database.atomic():
            _insert(Reminder, task, [now - timedelta(seconds=i + 1) for i in range(10)])
        return idle, time_call(lambda: reminders.tick(now))
    finally:
        close_database()


def _task() -> int:
    from app.tasks.store import NewTask, add_task

    return int(add_task(NewTask(title="Benchmark reminders")).id)


def _insert(model: type, task: int, times: list[datetime], fired: datetime | None = None
            ) -> None:
    from models.fields import format_utc

    rows = [{"task": task, "kind": "due", "text": "r", "fire_at": format_utc(t),
             "fired_at": None if fired is None else format_utc(fired)} for t in times]
    for start in range(0, len(rows), 500):
        model.insert_many(rows[start:start + 500]).execute()  # type: ignore[attr-defined]
