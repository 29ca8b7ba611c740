"""A first push into an empty collection as one write of the whole collection.

Radicale checks a new item's UID against every item it already holds, so N creates
cost O(N²) (measured: 10 ms a PUT into an empty list, 44 ms at 1,200 items; 6,000
VTODOs took more than 13 minutes one by one). One PUT of a VCALENDAR to the collection
URL stores them all at once (6,000 in ≈ 8 s). Such a PUT replaces the collection, so it
is sent only when one listing proved the collection empty, with ``If-Match`` on the
etag that same listing gave: a write in between makes it 412. A server that does not
take it (Xandikos answers 405) gets one PUT per item as before. A task is recorded
(items, etags and mark, a batch of tasks per transaction) only when the listing after
the write shows every one of its items where ``Dav.href_for`` puts it; anything else is
left to the per-item push, whose ``If-None-Match`` then meets the stored item (412 →
fetched and merged), so nothing is written twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.ical.vtodo import StepItem, TaskItem, calendar, step_vtodo, task_vtodo
from app.sync import accounts, records
from app.sync.dav import Dav, Listing
from app.sync.report import Progress, Report
from models import Task, atomic
from models.tables import SyncAccount, SyncItem

MIN_TASKS = 20  # fewer go item by item: one write saves little there
BATCH_TASKS = 100  # tasks recorded per transaction (and between progress reports)
# One item to record: uid, task uid, step id, href, etag, text, mark.
Row = tuple[str, str, str | None, str, str | None, str, str | None]


@dataclass
class Prepared:
    """One task's items as written: (uid, step id, text) each, the task's first."""

    task_uid: str
    mark: str
    items: list[tuple[str, str | None, str]] = field(default_factory=list)


def push_whole(account: SyncAccount, dav: Dav, dirty: list[str], marks: dict[str, str],
               report: Report, progress: Progress | None) -> set[str]:
    """Write every task of ``dirty`` in one PUT when the collection is empty.

    Returns:
        The UIDs of the tasks written and recorded (the caller pushes the rest).
    """
    if len(dirty) < MIN_TASKS or SyncItem.select().where(
            SyncItem.account == account).exists():
        return set()
    etag = dav.empty_etag()
    if etag is None:
        return set()
    prepared = [p for p in _prepare(dav, dirty, marks, progress) if p is not None]
    if progress is not None:
        progress("push", 0, len(dirty))
    items = sum(len(one.items) for one in prepared)
    if not prepared or not dav.put_all(_body(prepared), etag, items):
        return set()
    status = dav.restore_props()
    if status >= 400:
        report.skipped.append(f"the task list's name and component set were not set "
                              f"again after the first write (HTTP {status})")
    listing = dav.listing(items)
    return _record(account, dav, listing, prepared, report, progress, len(dirty))


def _prepare(dav: Dav, dirty: list[str], marks: dict[str, str],
             progress: Progress | None) -> list[Prepared | None]:
    """Each task's texts; None for a task with an item whose UID would not name its
    file as ``href_for`` does (a foreign UID): that task goes item by item."""
    found: list[Prepared | None] = []
    wanted = set(dirty)
    tasks = {t.uid: t for t in Task.select().iterator() if t.uid in wanted}
    for done, uid in enumerate(dirty, start=1):
        found.append(_prepared(dav, tasks[uid], marks[uid]))
        if progress is not None:
            progress("prepare", done, len(dirty))
    return found


def _prepared(dav: Dav, task: Task, mark: str) -> Prepared | None:
    item, steps = records.items_of(task)
    stamp = item.modified or task.created_at
    one = Prepared(item.uid, mark)
    every: list[TaskItem | StepItem] = [item, *steps]
    for it in every:
        if dav.href_for(it.uid) != f"{dav.path}{it.uid}.ics":
            return None
        todo = task_vtodo(it, stamp) if isinstance(it, TaskItem) else step_vtodo(it, stamp)
        text = calendar([todo]).to_ical().decode("utf-8")
        one.items.append((it.uid, None if isinstance(it, TaskItem) else it.step.id, text))
    return one


def _body(prepared: list[Prepared]) -> str:
    """One VCALENDAR holding every item's VTODO (cut from its own calendar's text)."""
    parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stepwise//sync//EN\r\n"
             "X-WR-CALNAME:Stepwise\r\n"]
    for one in prepared:
        for _, _, text in one.items:
            parts.append(text[text.index("BEGIN:VTODO\r\n"):text.rindex("END:VCALENDAR")])
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def _record(account: SyncAccount, dav: Dav, listing: Listing, prepared: list[Prepared],
            report: Report, progress: Progress | None, total: int) -> set[str]:
    """Record the tasks the listing shows whole, a batch per transaction."""
    recorded: set[str] = set()
    shown = [p for p in prepared if all(listing.etags.get(dav.href_for(uid))
                                        for uid, _, _ in p.items)]
    for start in range(0, len(shown), BATCH_TASKS):
        batch = shown[start:start + BATCH_TASKS]
        with atomic():
            rows = [_row(dav, listing, one, n) for one in batch
                    for n in range(len(one.items))]
            accounts.record_many(account, rows)
        recorded |= {one.task_uid for one in batch}
        report.pushed += len(rows)
        if progress is not None:
            progress("push", len(recorded), total)
    return recorded


def _row(dav: Dav, listing: Listing, one: Prepared, n: int) -> Row:
    uid, step_id, text = one.items[n]
    href = dav.href_for(uid)
    return (uid, one.task_uid, step_id, href, listing.etags[href], text,
            one.mark if n == 0 else None)
