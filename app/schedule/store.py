"""Scheduling against the store: place, save, clear, move and resize blocks.

``run`` reads the store (``app.schedule.inputs``), places the steps
(``app.schedule.placer``) and, unless it is a dry run, replaces the blocks that are not
kept in one transaction, writes in each task's work log what moved and why, and keeps
the blocks' start reminders (``reminders.block_start``) in step. A person's move pins a
block; a person's resize changes the step's estimate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo

from peewee import fn

from app.calendar.freebusy import Interval
from app.errors import KnownError, NotFound
from app.events import Change, Kind, events
from app.schedule import inputs as store_inputs
from app.schedule import reminders as block_reminders
from app.schedule.estimates import set_estimate
from app.schedule.model import Block, Inputs, Schedule, StepKey, day_clock
from app.schedule.placer import schedule
from app.tasks.store import log
from models import CalendarEvent, CalendarSource, ScheduledBlock, after_commit, atomic, database

DEFAULT_DAYS = 14
MAX_DAYS = 366


@dataclass
class Outcome:
    """A run's schedule and, per step that changed, what the work log says."""

    schedule: Schedule
    changes: dict[StepKey, str]
    titles: dict[StepKey, str] = field(default_factory=dict)  # each step's title, to show


def rounded(when: datetime, minutes: int = 5) -> datetime:
    """``when`` moved up to the next whole ``minutes`` (blocks start on a tidy clock)."""
    step = timedelta(minutes=minutes)
    base = when.astimezone(UTC).replace(second=0, microsecond=0)
    extra = (base - datetime(2000, 1, 1, tzinfo=UTC)) % step
    if extra or base < when:
        base += step - extra
    return base


def plan(start: datetime, days: int, now: datetime) -> tuple[Inputs, store_inputs.Read]:
    """The placer's inputs for ``days`` days from ``start`` (never before ``now``)."""
    from app.dates.when import local_zone

    if not 1 <= days <= MAX_DAYS:
        raise KnownError(f"--days is 1 to {MAX_DAYS}, not {days}")
    begin = rounded(max(start, now))
    end = begin + timedelta(days=days)
    zone = local_zone()
    read = store_inputs.read(now)
    busy = [*_busy(begin, end, zone), *read.appointments]
    return Inputs(work=read.work, busy=busy, start=begin, end=end,
                  zone=zone, hours=store_inputs.hours(), fixed=read.fixed,
                  titles=read.titles), read


_busy_cache: dict[tuple[object, ...], list[Interval]] = {}


def _busy(begin: datetime, end: datetime, zone: tzinfo) -> list[Interval]:
    """Busy time from the cache, remembered until the cached events or sources change: a
    sync replaces a source's rows, so their count and highest id tell, and a source turned
    off or synced shows in the sources' count, enabled sum and last sync."""
    from app.calendar.freebusy import busy_intervals

    events_now = CalendarEvent.select(fn.COUNT(CalendarEvent.id),
                                      fn.MAX(CalendarEvent.id)).tuples().get()
    sources_now = CalendarSource.select(fn.COUNT(CalendarSource.id), fn.SUM(
        CalendarSource.enabled), fn.MAX(CalendarSource.last_synced_at)).tuples().get()
    key = (begin, end, str(zone), events_now, sources_now, database.database)
    if key not in _busy_cache:
        _busy_cache.clear()
        _busy_cache[key] = busy_intervals(begin, end, zone)
    return _busy_cache[key]


def run(*, start: datetime | None = None, days: int = DEFAULT_DAYS, dry_run: bool = False,
        now: datetime | None = None, why: str = "") -> Outcome:
    """Place every schedulable step; save the blocks unless ``dry_run``.

    Args:
        start: the first moment blocks may take (default: now).
        days: how far ahead to place.
        dry_run: only compute; the store is not changed.
        now: the current time (tests).
        why: what prompted this run, for the work log ("a calendar synced").
    """
    now = now or datetime.now(UTC)
    inputs, read = plan(start or now, days, now)
    result = schedule(inputs)
    kept = [*inputs.fixed]
    if dry_run:
        return Outcome(Schedule(sorted([*kept, *result.blocks], key=_order), result.unplaced,
                                result.overloads), {},
                       dict(inputs.titles))
    changes = _save(result, read, now, why, inputs)
    return Outcome(Schedule(sorted([*kept, *result.blocks], key=_order), result.unplaced,
                            result.overloads), changes, dict(inputs.titles))


def _order(block: Block) -> tuple[datetime, int, str, int]:
    return block.start, block.task_id, block.step_id, block.chunk


def _save(result: Schedule, read: store_inputs.Read, now: datetime, why: str,
          inputs: Inputs) -> dict[StepKey, str]:
    """Store the new blocks, log what moved and keep the block reminders, in one transaction."""
    with atomic():
        old = _write_blocks(result, {(b.key, b.start) for b in inputs.fixed})
        changes = _changes(old, result, inputs)
        for (task_id, step_id), text in changes.items():
            log(task_id, "schedule", text + (f" ({why})" if why else ""), actor="assistant",
                step_id=read.step_pks.get((task_id, step_id)))
        block_reminders.keep(result.blocks, inputs.fixed, read, now)
    events.emit(Change(Kind.SCHEDULE_CHANGED, None, why))
    return changes


def _write_blocks(result: Schedule, kept: set[tuple[StepKey, datetime]]
                  ) -> dict[StepKey, datetime]:
    """Replace the blocks that are not kept with ``result``'s, writing only what differs
    (a re-schedule after one change touches a few rows). Returns each step's first start
    before."""
    existing = _existing()
    old: dict[StepKey, datetime] = {}
    for block, _ in existing.values():
        if (block.key, block.start) not in kept and block.start < old.get(block.key, _END):
            old[block.key] = block.start
    wanted = {_same(b) for b in result.blocks}
    gone = [pk for block, pk in existing.values()
            if (block.key, block.start) not in kept and _same(block) not in wanted]
    for first in range(0, len(gone), 500):
        ScheduledBlock.delete().where(ScheduledBlock.id.in_(gone[first:first + 500])).execute()
    dropped = set(gone)
    have = {_same(block) for block, pk in existing.values() if pk not in dropped}
    rows = [{"task": b.task_id, "step_id": b.step_id, "start": b.start, "end": b.end,
             "why": b.why, "pinned": False, "chunk": b.chunk}
            for b in result.blocks if _same(b) not in have]
    for first in range(0, len(rows), 200):
        ScheduledBlock.insert_many(rows[first:first + 200]).execute()
    return old


_END = datetime.max.replace(tzinfo=UTC)


def _same(block: Block) -> tuple[StepKey, datetime, datetime, str, bool, int]:
    return block.key, block.start, block.end, block.why, block.pinned, block.chunk


def _existing() -> dict[int, tuple[Block, int]]:
    """Every stored block by row id, as plain data."""
    query = ScheduledBlock.select(ScheduledBlock.id, *store_inputs.BLOCK_COLUMNS).tuples()
    return {row[0]: (Block(*row[1:]), row[0]) for row in query.iterator()}


def _changes(old: dict[StepKey, datetime], result: Schedule, inputs: Inputs
             ) -> dict[StepKey, str]:
    """What the work log says, per step whose first block moved, appeared or went."""
    zone, new = inputs.zone, {}
    for block in result.blocks:
        if block.key not in new:
            new[block.key] = block
    changes: dict[StepKey, str] = {}
    for key, block in new.items():
        title = inputs.titles.get(key, key[1])
        if key not in old:
            changes[key] = f"'{title}' placed {day_clock(block.start, zone)}: {block.why}"
        elif old[key] != block.start:
            changes[key] = (f"'{title}' moved from {day_clock(old[key], zone)} to "
                            f"{day_clock(block.start, zone)}: {block.why}")
    for miss in result.unplaced:
        if miss.key in old:
            changes[miss.key] = f"'{miss.title}' no longer fits: {miss.reason}; {miss.fix}"
    return changes


def clear() -> int:
    """Remove every block (pinned ones too); returns how many."""
    with atomic():
        count = ScheduledBlock.delete().execute()
        block_reminders.clear()
    events.emit(Change(Kind.SCHEDULE_CHANGED, None, "cleared"))
    return int(count)


def move(block_id: int, start: datetime) -> Block:
    """A person moved a block: it keeps its length, goes to ``start`` and is pinned."""
    with atomic():
        row = _block(block_id)
        length = row.end - row.start
        row.start, row.end, row.pinned = start, start + length, True
        row.why = f"moved by you to {day_clock(start, _zone())}"
        row.save()
    events.emit(Change(Kind.SCHEDULE_CHANGED, row.task_id, "moved"))
    return _plain(row)


def resize(block_id: int, end: datetime) -> Block:
    """A person dragged a block's end: the block is pinned and the step's estimate follows
    (the sum of its blocks)."""
    with atomic():
        row = _block(block_id)
        if end - row.start < timedelta(minutes=5):
            raise KnownError("a block lasts at least 5 minutes")
        row.end, row.pinned = end, True
        row.save()
        minutes = sum(int((b.end - b.start).total_seconds() // 60) for b in
                      ScheduledBlock.select().where((ScheduledBlock.task == row.task_id)
                                                    & (ScheduledBlock.step_id == row.step_id)))
        set_estimate(row.task_id, row.step_id, minutes)
    events.emit(Change(Kind.SCHEDULE_CHANGED, row.task_id, "resized"))
    return _plain(row)


def restore(block_id: int, before: Block, estimate: int | None = None) -> None:
    """Put a block back as it was (undo of a move or a resize), with the step's estimate
    when given."""
    with atomic():
        row = _block(block_id)
        row.start, row.end, row.pinned, row.why = before.start, before.end, before.pinned, \
            before.why
        row.save()
        if estimate is not None:
            set_estimate(row.task_id, row.step_id, estimate)
    events.emit(Change(Kind.SCHEDULE_CHANGED, row.task_id, "restored"))


def restore_all(rows: list[dict[str, object]]) -> None:
    """Put the whole schedule back as ``rows`` (stored ``scheduled_block`` rows, as
    ``app.tasks.rows.stored_rows`` reads them) say, with the block reminders to match; the
    blocks of tasks deleted since stay out. Inside a caller's transaction or its own; the
    notice goes out after the commit and asks for no new run (it is the undo of one)."""
    from app.tasks.rows import insert_rows
    from models import Task

    with atomic():
        present = {t.id for t in Task.select(Task.id)}
        kept = [b for b in rows if b.get("task_id") in present]
        ScheduledBlock.delete().execute()
        if kept:
            insert_rows({ScheduledBlock._meta.table_name: kept})
        now = datetime.now(UTC)
        blocks = [block for block, _id in _existing().values()]
        block_reminders.keep([], blocks, store_inputs.read(now), now)
        after_commit(lambda: events.emit(Change(Kind.SCHEDULE_CHANGED, None, "put back")))


def _block(block_id: int) -> ScheduledBlock:
    row = ScheduledBlock.get_or_none(ScheduledBlock.id == block_id)
    if row is None:
        raise NotFound(f"there is no scheduled block {block_id}; schedule again")
    return row


def _plain(row: ScheduledBlock) -> Block:
    return Block(row.task_id, row.step_id, row.start, row.end, row.why, row.pinned, row.chunk)


def _zone() -> tzinfo:
    from app.dates.when import local_zone

    return local_zone()
