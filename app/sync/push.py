"""Sending local changes: each task whose local state moved since it was last pushed.

An item is written only when what Stepwise reads from it differs from what the server
holds (``SyncItem.synced``); updates carry ``If-Match``, creates ``If-None-Match: *``.
An update is the server's copy with only the properties of the fields that changed here
written again (``overlay.written_over``): whatever another app wrote that Stepwise does not
model stays, and so do its alarms (``overlay.alarms_over``); on an item made elsewhere
Stepwise adds none of its automatic alarms.
A 412 (the server changed under us) fetches the server's version and merges it; the
task is pushed again on the next run. Steps that left the plan are deleted with
``If-Match``; so are the items of a task deleted here.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any

from icalendar import Calendar, Component, Todo

from app.calendar.errors import CalendarError
from app.ical.overlay import STEP_PROPS, TASK_PROPS, alarms_over, written_over
from app.ical.vtodo import (
    StepItem,
    TaskItem,
    calendar,
    read_step,
    read_task,
    step_vtodo,
    task_vtodo,
)
from app.sync import accounts, records, whole
from app.sync.dav import Dav
from app.sync.items import Fetched, parse
from app.sync.pull import merge_task
from app.sync.refused import ITEM_ERRORS
from app.sync.report import Progress, Report, first_todo, overrides_of
from models import Task, atomic
from models.tables import DeletedTask, SyncAccount, SyncItem, utc_now

# What a PUT the server took leaves to record: uid, task uid, step id, href, etag, text.
Written = tuple[str, str, str | None, str, str | None, str] | None


def push(account: SyncAccount, dav: Dav, report: Report, progress: Progress | None) -> None:
    """Push every task that changed here, then delete what was deleted here."""
    marks = accounts.marks()
    pushed = accounts.pushed_marks(account)
    dirty = [uid for uid, mark in marks.items() if pushed.get(uid) != mark]
    written = whole.push_whole(account, dav, dirty, marks, report, progress)
    if written:
        with atomic():  # the whole write made every item of these tasks
            SyncItem.update(made_here=True).where(
                SyncItem.account == account, SyncItem.task_uid.in_(sorted(written))).execute()
    dirty = [uid for uid in dirty if uid not in written]
    for done, uid in enumerate(dirty, start=1):
        full = {r.uid: r for r in SyncItem.select().where(SyncItem.account == account,
                                                          SyncItem.task_uid == uid)}
        task = Task.get(Task.uid == uid)
        try:
            _push_task(account, dav, task, full, marks[uid], report)
        except CalendarError:
            raise
        except ITEM_ERRORS as exc:  # one task that cannot be written never stops the rest
            report.skipped.append(f"{task.title!r} was not sent: {exc}")
        if progress is not None:
            progress("push", done, len(dirty))
    gone = sorted(set(pushed) - set(marks))
    deleted = {str(row.uid) for row in DeletedTask.select(DeletedTask.uid).where(
        DeletedTask.uid.in_(gone))} if gone else set()
    if deleted:
        rows = accounts.light_rows_at(account, SyncItem.task_uid, sorted(deleted))
        _delete_items(account, dav, [r for r in rows if r.state is None], report)
    lost = [uid for uid in gone if uid not in deleted]
    if lost:
        _forget(account, lost, report)


def _forget(account: SyncAccount, task_uids: list[str], report: Report) -> None:
    """Tasks that are not here although nobody deleted them (the database was replaced
    or restored from a backup): their items stay on the server, and a full listing at
    the next sync brings them in again."""
    with atomic():
        SyncItem.delete().where(SyncItem.account == account,
                                SyncItem.task_uid.in_(task_uids)).execute()
        SyncAccount.update(sync_token=None).where(SyncAccount.id == account.id).execute()
    report.notes.append(f"{len(task_uids)} task(s) synced before are not on this device "
                        "and were not deleted here: they stay on the server and come back "
                        "at the next sync")


def _push_task(account: SyncAccount, dav: Dav, task: Task, rows: dict[str, SyncItem],
               mark: str, report: Report) -> None:
    """Write the task's changed items, then record them (and, when the server took every
    one, the task's mark) in one transaction."""
    item, steps = records.items_of(task)
    stamp = item.modified or task.created_at
    done: list[Written] = []
    every: list[TaskItem | StepItem] = [item, *steps]
    for it in every:
        row = rows.get(it.uid)
        if row is not None and row.state is not None:
            continue  # refused: the other device's item is never written over
        cal = _to_write(it, row, stamp)
        if cal is not None:
            text = cal.to_ical().decode("utf-8")
            done.append(_put(account, dav, item.uid, it, text, row, report))
    current = {it.uid for it in every}
    gone = [row for uid, row in rows.items() if uid not in current and row.state is None]
    whole = _delete_items(account, dav, gone, report) and None not in done
    made = [w[0] for w in done if w is not None and w[0] not in rows]
    with atomic():
        for written in done:
            if written is not None:
                accounts.record(account, *written)
        if made:
            SyncItem.update(made_here=True).where(SyncItem.account == account,
                                                  SyncItem.uid.in_(made)).execute()
        if whole:
            accounts.set_mark(account, item.uid, mark)
    report.pushed += sum(1 for written in done if written is not None)


def _put(account: SyncAccount, dav: Dav, task_uid: str, it: TaskItem | StepItem, text: str,
         row: SyncItem | None, report: Report) -> Written:
    """One PUT; what to record when the server took it, None when it changed under us."""
    href = row.href if row is not None else dav.href_for(it.uid)
    etag = None if row is None else row.etag or _etag_now(dav, href)
    step_id = it.step.id if isinstance(it, StepItem) else None
    put = dav.put(href, text, etag)
    if not put.conflict:
        return it.uid, task_uid, step_id, href, put.etag, text
    got = dav.get(href)
    if got is not None:
        if row is None:
            accounts.record(account, it.uid, task_uid, step_id, href, None, "")
            row = accounts.rows(account, [it.uid])[it.uid]
        fetched = parse({href: got})
        if fetched:
            merge_task(account, task_uid, [(row, fetched[0])], report)
    report.retry += 1
    return None


def _etag_now(dav: Dav, href: str) -> str | None:
    got = dav.get(href)
    return None if got is None else got[0]


def _delete_items(account: SyncAccount, dav: Dav, rows: list[SyncItem],
                  report: Report) -> bool:
    whole = True
    for row in rows:
        if dav.delete(row.href, row.etag).conflict:
            whole = False  # changed elsewhere since: the next pull brings it back in
            report.retry += 1
            continue
        SyncItem.delete().where(SyncItem.id == row.id).execute()
        report.deleted += 1
    return whole


def _to_write(it: TaskItem | StepItem, row: SyncItem | None,
              stamp: datetime) -> Calendar | None:
    """What to PUT for ``it``: a new item whole; an item on the server as its last agreed
    copy with only what changed here written again; None when nothing did."""
    fresh = task_vtodo(it, stamp) if isinstance(it, TaskItem) else step_vtodo(it, stamp)
    base = first_todo(row.synced) if row is not None and row.synced else None
    if row is None or base is None:
        return calendar([fresh])
    alarms, same = alarms_over(base, it.reminders, bool(row.made_here), utc_now())
    changed = changed_props(base, it)
    if not changed and same:
        return None
    todo = written_over(base, fresh, changed, alarms)
    _carry(todo, row.synced)
    # an occurrence another app changed on its own (RECURRENCE-ID) stays in the item
    return calendar([todo, *overrides_of(row.synced)], _zones(row.synced))


def _zones(synced: str) -> list[Component]:
    """The VTIMEZONEs of the server's copy: the TZIDs of the lines it keeps name them."""
    try:
        return list(Calendar.from_ical(synced).walk("VTIMEZONE"))
    except ValueError:
        return []


def _carry(todo: Todo, synced: str) -> None:
    """What the server's copy says that a rewrite must keep: its SEQUENCE only ever
    goes up (RFC 5545 §3.8.7.4), and a COMPLETED time stays while the item stays done."""
    theirs = first_todo(synced)
    if theirs is None:
        return
    sequence = _number(theirs.get("sequence"))
    if sequence is not None and sequence >= (_number(todo.get("sequence")) or 0):
        todo.pop("sequence", None)
        todo.add("sequence", sequence + 1)
    if "completed" in todo and "completed" in theirs:
        todo.pop("completed")
        todo.add("completed", theirs.decoded("completed"))


def _number(value: object) -> int | None:
    try:
        return None if value is None else int(str(value))
    except ValueError:
        return None


def changed_props(base: Todo, it: TaskItem | StepItem) -> list[str]:
    """The properties of the fields in which ``it`` differs from the server's copy
    (``overlay.TASK_PROPS`` / ``STEP_PROPS``); times and counters aside."""
    if isinstance(it, TaskItem):
        ours, theirs, table = _task_values(it), _task_values(read_task(base)), TASK_PROPS
    else:
        ours, table = _step_values(it), STEP_PROPS
        theirs = _step_values(read_step(base, it.step.id))
    theirs["percent"] = _number(base.get("percent-complete"))
    names: list[str] = []
    for name, props in table.items():
        if not _agrees(name, ours[name], theirs[name]):
            names += props
    return names


def _agrees(name: str, ours: Any, theirs: Any) -> bool:
    """Whether the server's value says what ours says. A COMPLETED time stays while the
    item stays done; a percentage another app set (40) stays while this device has none
    to say, or only "not done" (0)."""
    if name == "completed_at":
        return (ours is None) == (theirs is None)
    if name == "percent":
        return ours == theirs or ours is None or ours == 0 and theirs is not None \
            and 0 < theirs < 100
    return bool(ours == theirs)


def _task_values(it: TaskItem) -> dict[str, Any]:
    data = {name: getattr(it, name) for name in TASK_PROPS}
    data["tags"] = sorted(it.tags)
    data["plan"] = None if it.plan is None else asdict(it.plan)
    return data


def _step_values(it: StepItem) -> dict[str, Any]:
    step = asdict(it.step)
    data = {name: step[name] if name in step else getattr(it, name) for name in STEP_PROPS}
    data["depends_on"] = sorted(it.depends_on)
    return data


__all__ = ["Fetched", "push"]
