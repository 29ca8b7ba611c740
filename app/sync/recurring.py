"""A repeating task's occurrence ticked off on another device, the way those apps write
it, read as "this occurrence done, the series goes on".

todoman, Evolution and Exchange keep the finished occurrence instead: its VTODO is
marked COMPLETED without its RRULE, and a new VTODO (a new UID) carries the series on
from the next occurrence. ``copied_on`` finds the pair in one pull: the task rolls on
once, takes the new item's UID (so it is the series here and there), and the finished
copy stays on the server as the other app wrote it (recorded as kept, never written
over). Only a task without steps here is taken this way (step UIDs come from the task's).

Tasks.org (and apps like it) keep one VTODO for the series: ticking an occurrence off
moves its DUE (and DTSTART) on to a later occurrence of its RRULE and ticks its
subtasks. Taken as plain edits, Stepwise would move the due there and then, the steps
being done, roll the task on once more (a week too far). Instead a due moved exactly
onto a later occurrence is that many occurrences done: the due change and the steps'
"done" of the finished occurrence are left out of the edits, and the task rolls on
through ``app.plan.ticks.finish_task`` (its work log says so, its plan starts afresh),
then takes the other device's times if they differ.

Thunderbird and eM Client keep the series as it is and add an override for the one
occurrence (a VTODO with the same UID and ``RECURRENCE-ID`` naming the occurrence's
start, or due) marked COMPLETED. ``done_overrides`` counts the occurrences from the
task's current one on that are done that way; the task rolls on by as many, and a
rewrite here keeps the overrides in the item (``app.sync.push``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from app.dates import days
from app.dates.rrules import InvalidRule
from app.ical.values import done_occurrences, related, text_of
from app.ical.vtodo import read_task
from app.plan import ticks
from app.plan.recurrence import occurrence_after, occurrences_done
from app.states import SATISFIED_STEP
from app.sync import accounts, records
from app.sync.apply import StepChanges
from app.sync.items import Fetched
from app.sync.refused import KEPT
from app.sync.report import Report
from app.tasks import store as tasks
from models import Task, atomic
from models.tables import SyncAccount, SyncItem

MAX_SKIPPED = 60  # occurrences a due may move on at once and still count as ticked off


@dataclass(frozen=True)
class Ticked:
    """Occurrences ticked off elsewhere, and the times the other device moved to."""

    count: int
    times: dict[str, date | datetime]

    def __bool__(self) -> bool:
        return self.count > 0


def ticked_off(task: Task, take: dict[str, Any], steps: StepChanges) -> Ticked:
    """How many occurrences the server's changes tick off (0: plain edits). When some
    are, their due and start changes and the steps' finishing are taken out of
    ``take`` and ``steps``: ``roll_on`` does them."""
    none = Ticked(0, {})
    if not task.recurrence or "recurrence" in take or "status" in take:
        return none
    role = "due_at" if task.due_at is not None else "start_at"
    moved = take.get(role)
    if days.is_day(moved):  # an all-day occurrence: its stand-in, as the task's is
        moved = days.stand_in(moved, role[:-3], days.zone(task.timezone))  # type: ignore[arg-type]
    count = _occurrences(task, getattr(task, role), moved)
    if not count:
        return none
    times = {k: take.pop(k) for k in ("due_at", "start_at") if isinstance(take.get(k), date)}
    for change in steps.changed.values():
        if change.get("status") in SATISFIED_STEP:
            change.pop("status")
    steps.changed = {uid: c for uid, c in steps.changed.items() if c}
    return Ticked(count, times)


def done_overrides(task: Task, overrides: list[Any]) -> int:
    """How many occurrences, from the task's current one on, another app marked done
    with a COMPLETED ``RECURRENCE-ID`` override."""
    try:
        return occurrences_done(task, done_occurrences(overrides))
    except InvalidRule:
        return 0


def roll_on(task_id: int, ticked: Ticked) -> None:
    """Roll the task on by the occurrences ticked off, then take the other device's
    times where they differ (inside the caller's transaction)."""
    for _ in range(ticked.count):
        ticks.finish_task(task_id, actor="sync")
    _take_times(task_id, ticked.times)


def _take_times(task_id: int, times: Mapping[str, date | datetime | None]) -> None:
    """The other device's due and start where they differ from the rolled-on task's."""
    task = tasks.get_task(task_id)
    moved: dict[str, object] = {k: v for k, v in times.items()
                                if v is not None and tasks.when(task, k[:-3]) != v}
    if moved:
        tasks.update_task(task_id, named=(), **moved)


def _occurrences(task: Task, anchor: datetime | None, moved: object) -> int:
    """How many occurrences of the task's rule after ``anchor`` reach ``moved`` exactly
    (0: ``moved`` is no later occurrence)."""
    rule = task.recurrence
    if anchor is None or not rule or not isinstance(moved, datetime) or moved <= anchor:
        return 0
    at = anchor
    for count in range(1, MAX_SKIPPED + 1):
        try:
            following = occurrence_after(task, at)
        except InvalidRule:
            return 0
        if following is None or following > moved:
            return 0
        if following == moved:
            return count
        at = following
    return 0


def copied_on(account: SyncAccount, fetched: list[Fetched], full: dict[str, SyncItem],
              report: Report) -> set[str]:
    """The UIDs of finished-occurrence / new-series pairs taken here (todoman's way);
    the caller leaves them out of the rest of the pull."""
    taken: set[str] = set()
    fresh = [f for f in fetched if f.uid not in full and f.todo.get("rrule") is not None
             and not related(f.todo, "PARENT")]
    for item in fetched:
        row = full.get(item.uid)
        if row is None or row.state is not None or row.uid != row.task_uid \
                or str(item.todo.get("status", "")).upper() != "COMPLETED" \
                or item.todo.get("rrule") is not None:
            continue
        task = Task.get_or_none(Task.uid == item.uid)
        series = next((f for f in fresh if f.uid not in taken and task is not None
                       and text_of(f.todo, "summary") == text_of(item.todo, "summary")), None)
        if task is None or series is None or not task.recurrence or records.items_of(task)[1]:
            continue
        with atomic():
            ticks.finish_task(task.id, actor="sync")
            Task.update(uid=series.uid).where(Task.id == task.id).execute()
            accounts.record(account, item.uid, item.uid, None, item.href, item.etag,
                            item.text, state=KEPT,
                            reason=f"{task.title!r}: a finished occurrence, kept as the "
                                   "other app wrote it")
            accounts.record(account, series.uid, series.uid, None, series.href, series.etag,
                            series.text)
            remote = read_task(series.todo)
            _take_times(task.id, {"due_at": remote.due_at, "start_at": remote.start_at})
            report.pulled += 2
        taken |= {item.uid, series.uid}
        report.notes.append(f"{task.title!r}: 1 occurrence(s) ticked off on another device")
    return taken
