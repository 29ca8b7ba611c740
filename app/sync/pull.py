"""Bringing the server's changes in: merged edits, items made elsewhere, remote deletes.

Every item's store change and its ``SyncItem`` record are written in one transaction,
so a run killed half-way repeats only what it had not recorded (no duplicates).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from icalendar import Todo

from app.ical.tree import ReadTask, read_tree
from app.ical.values import related, text_of
from app.ical.vtodo import read_step, read_task
from app.io.importers import ics
from app.io.importers.incoming import Batch, Incoming
from app.io.importers.store import import_batch
from app.plan import store as plans
from app.plan.spec import ORIGINS
from app.reminders import store as reminders
from app.states import PlanStatus, TaskStatus
from app.sync import accounts, alarms, apply, conflicts, moved, records, recurring, refused
from app.sync.items import Fetched, parse, parse_all, title
from app.sync.merge import Conflict, step_fields, task_fields, three_way
from app.sync.report import Report, first_todo
from app.tasks import store as tasks
from app.tasks import trash
from models import Task, atomic
from models.tables import SyncAccount, SyncItem

__all__ = ["Fetched", "merge_task", "parse", "parse_all", "pull", "remove_gone"]


def pull(account: SyncAccount, fetched: list[Fetched], report: Report) -> None:
    """Merge changed items into their tasks; add the ones made elsewhere."""
    if not fetched:
        return
    known = {row.uid: row for row in accounts.light_rows(account)}
    full = accounts.rows(account, [item.uid for item in fetched])
    by_task: dict[str, list[tuple[SyncItem, Fetched]]] = {}
    new: list[Fetched] = []
    back = moved.deleted_here_but_changed(account, fetched, full, report)
    back |= moved.made_subtasks(account, fetched, full, known, report)
    done = recurring.copied_on(account, fetched, full, report)
    fetched = [item for item in fetched if item.uid not in done]
    for item in fetched:
        row = None if item.uid in back else full.get(item.uid)
        if row is not None and row.state == refused.KEPT:  # another app's, as it wrote it
            accounts.record(account, row.uid, row.task_uid, None, item.href, item.etag,
                            item.text, state=refused.KEPT, reason=row.reason)
            continue
        if row is not None and row.state == refused.REFUSED and (
                not moved.here(row.task_uid) or row.step_id is None and row.uid != row.task_uid):
            row = None  # changed since it was refused: tried again as a new item
        if row is None and moved.here(item.uid):
            accounts.record(account, item.uid, item.uid, None, item.href, None, "")
            row = accounts.rows(account, [item.uid])[item.uid]
        if item.dropped:
            report.notes.append(f"{title(item.todo)}: left out what could not be read "
                                f"({'; '.join(item.dropped)})")
        if row is None:
            new.append(item)
        else:
            by_task.setdefault(row.task_uid, []).append((row, item))
    for task_uid, entries in by_task.items():
        try:
            merge_task(account, task_uid, entries, report)
        except refused.ITEM_ERRORS as exc:  # kept as they are on the server, tried when changed
            refused.refuse_all(account, task_uid, [got for _, got in entries], exc)
            report.pulled += len(entries)
    _add_new(account, new, known, report)


def merge_task(account: SyncAccount, task_uid: str, entries: list[tuple[SyncItem, Fetched]],
               report: Report) -> None:
    """Three-way merge of one task's changed items, applied as a person's edits."""
    with atomic():
        task = Task.get_or_none(Task.uid == task_uid)
        clean = task is not None and _clean(account, task)
        before = len(report.conflicts)
        if task is not None:
            _merge_into(task, entries, report)
            reminders.schedule_for_task(task.id)  # after its alarms: they cover due times
        for row, item in entries:
            accounts.record(account, row.uid, task_uid, row.step_id, item.href, item.etag,
                            item.text)
        if clean and len(report.conflicts) == before:
            _agreed(account, [task_uid])
        report.pulled += len(entries)


def _clean(account: SyncAccount, task: Task) -> bool:
    """Whether the task has nothing to push (its mark is the one last pushed)."""
    uid = str(task.uid)
    pushed = accounts.pushed_marks(account, [uid]).get(uid)
    return pushed is not None and pushed == accounts.marks([task.id]).get(uid)


def _agreed(account: SyncAccount, task_uids: list[str]) -> None:
    """Tasks whose items say what the server's copies say (the properties sync merges:
    not this device's counters, times or derived percentages) have nothing to push: they
    are not written again. One the rules changed on the way in (a repeating task rolled
    on, a step reset) stays to push."""
    found = list(Task.select().where(Task.uid.in_(task_uids)))
    same = [t.id for t in found if _as_on_server(account, t)]
    for uid, mark in accounts.marks(same).items():
        accounts.set_mark(account, uid, mark)


def _as_on_server(account: SyncAccount, task: Task) -> bool:
    item, steps = records.items_of(task)
    rows = accounts.rows(account, [item.uid, *(s.uid for s in steps)])

    def server(uid: str) -> Todo | None:
        row = rows.get(uid)
        return first_todo(row.synced) if row is not None and row.synced else None

    mine = server(item.uid)
    if mine is None or task_fields(item) != task_fields(read_task(mine)):
        return False
    for step in steps:
        theirs = server(step.uid)
        if theirs is None or step_fields(step) != step_fields(read_step(theirs, step.step.id)):
            return False
    return True


def _merge_into(task: Task, entries: list[tuple[SyncItem, Fetched]], report: Report) -> None:
    item, steps = records.items_of(task)
    local_steps = {s.uid: s for s in steps}
    take_task, changes, lost = {}, apply.StepChanges(), []
    times: dict[str | None, tuple[datetime | None, datetime | None]] = {}
    for row, got in entries:
        base = first_todo(row.synced) if row.synced else None
        if row.step_id is None and row.uid == row.task_uid:
            remote = read_task(got.todo)
            out = three_way(None if base is None else task_fields(read_task(base)),
                            task_fields(item), task_fields(remote), item.modified,
                            remote.modified)
            take_task.update(out.take)
            if remote.timezone and {"start_at", "due_at"} & set(out.take):
                take_task["timezone"] = remote.timezone  # a time taken in the zone it is set in
            times[None] = (item.modified, remote.modified)
        elif row.uid in local_steps and row.step_id is not None:
            mine, theirs = local_steps[row.uid], read_step(got.todo, row.step_id)
            out = three_way(None if base is None else step_fields(read_step(base, row.step_id)),
                            step_fields(mine), step_fields(theirs), mine.modified,
                            theirs.modified, step=row.uid)
            if out.take:
                changes.changed[row.uid] = out.take
            times[row.uid] = (mine.modified, theirs.modified)
        else:
            continue
        lost += out.lost
        report.merged += 1 if out.take else 0
    ticked = recurring.ticked_off(task, take_task, changes)
    refused = apply.apply_task(task.id, take_task) + apply.apply_steps(task.id, changes)
    _keep(task, lost + [c.timed(*times.get(c.step, (None, None))) for c in refused], report)
    if ticked:
        recurring.roll_on(task.id, ticked)
        report.notes.append(f"{task.title!r}: {ticked.count} occurrence(s) ticked off on "
                            "another device")
    else:
        own = next((got for row, got in entries
                    if row.step_id is None and row.uid == row.task_uid), None)
        if own is not None:
            _done_occurrences(tasks.get_task(task.id), own, report)
    task = tasks.get_task(task.id)  # as the edits above left it
    for row, got in entries:
        alarms.merge(task, None if row.step_id is None else row.uid,
                     first_todo(row.synced) if row.synced else None, got.todo)


def _keep(task: Task, found: list[Conflict], report: Report) -> None:
    conflicts.keep(task.id, found)
    report.conflicts += [f"{task.title!r}: {c.line}" for c in found]


def _add_new(account: SyncAccount, new: list[Fetched], known: dict[str, SyncItem],
             report: Report) -> None:
    """Items made elsewhere: a tree under a new root is a new task; an item under one of
    our tasks or steps is a new step of that task."""
    by_uid = {item.uid: item for item in new}
    groups: dict[str, list[Fetched]] = {}
    roots: dict[str, str] = {}  # each item's root, found once (a chain is not n² steps)
    for item in new:
        groups.setdefault(_root(item.uid, by_uid, known, roots), []).append(item)
    for root, members in groups.items():
        try:
            if root in by_uid:
                _new_task(account, root, members, report)
            else:
                _new_steps(account, root, members, report)
        except refused.ITEM_ERRORS as exc:  # one bad tree never stops the rest
            refused.refuse_all(account, root, members, exc)
            report.pulled += len(members)


def _root(uid: str, by_uid: dict[str, Fetched], known: dict[str, SyncItem],
          roots: dict[str, str]) -> str:
    """The UID of the task ``uid`` belongs to: a known task's, or a new root's. Every
    item walked through is noted in ``roots`` (not the members of a parent loop: each
    of them is its own root)."""
    path: dict[str, None] = {}  # walked so far, in order (a dict: membership in O(1))
    while uid not in roots and uid not in path:
        path[uid] = None
        parents = related(by_uid[uid].todo, "PARENT") if uid in by_uid else []
        parent = parents[0] if parents else None
        if parent is None or parent == uid:
            return _note(path, uid, roots)
        if parent in known:
            return _note(path, known[parent].task_uid, roots)
        if parent not in by_uid:
            found = Task.select().where(Task.uid == parent).exists()
            return _note(path, parent if found else uid, roots)
        uid = parent
    if uid in roots:
        return _note(path, roots[uid], roots)
    walked = list(path)
    return _note(walked[:walked.index(uid)], uid, roots) if walked[0] != uid else uid


def _note(path: Iterable[str], root: str, roots: dict[str, str]) -> str:
    roots.update(dict.fromkeys(path, root))
    return root


def _new_task(account: SyncAccount, root: str, members: list[Fetched], report: Report) -> None:
    read = read_tree([m.todo for m in sorted(members, key=lambda m: m.uid != root)])
    with atomic():
        batch = Batch(tasks=[_incoming(t) for t in read.tasks], read=len(members))
        summary = import_batch(batch, "caldav")
        report.created += len(summary.added)
        _approve_running(read.tasks)
        taken = moved.here(root)
        step_of = {s.uid: s.step.id for t in read.tasks for s in t.steps} if taken else {}
        why = [*read.skipped, *summary.skipped]
        head = next(m for m in members if m.uid == root)
        for member in members:
            if member.uid != root and member.uid not in step_of:
                refused.refuse(account, member, root, refused.why(member, why, taken, head))
                continue
            if member.uid == root and not taken:
                refused.refuse(account, member, root, refused.why(member, why, taken, head))
                continue
            alarms.first_seen(root, member.uid if member.uid in step_of else None, member.todo)
            accounts.record(account, member.uid, root, step_of.get(member.uid), member.href,
                            member.etag, member.text)
        for task_id in summary.added:  # after their alarms: they cover due times
            reminders.schedule_for_task(task_id)
        if taken:
            _agreed(account, [root])
            _done_occurrences(tasks.get_task(summary.added[0]) if summary.added else None,
                              head, report)
        report.pulled += len(members)


def _done_occurrences(task: Task | None, item: Fetched, report: Report) -> None:
    """Roll a series on by the occurrences another app marked done with a
    ``RECURRENCE-ID`` override (``recurring.done_overrides``)."""
    count = 0 if task is None else recurring.done_overrides(task, item.overrides)
    if task is not None and count:
        recurring.roll_on(task.id, recurring.Ticked(count, {}))
        report.notes.append(f"{task.title!r}: {count} occurrence(s) ticked off on another "
                            "device")


def _incoming(read: ReadTask) -> Incoming:
    """An item made on another device as an import; its plan keeps its origin."""
    incoming = ics._incoming(read)
    # its times stay in the zone the other app set them in, and a clock time set there is
    # an appointment here (a date is not)
    incoming.new = replace(incoming.new, timezone=read.task.timezone or incoming.new.timezone,
                           named=apply.clock_times({"start_at": read.task.start_at,
                                                    "due_at": read.task.due_at}))
    if read.task.status == TaskStatus.IN_PROGRESS and incoming.plan is None:
        incoming.status = TaskStatus.IN_PROGRESS  # IN-PROCESS on the phone: under way here
    origin = read.task.plan.origin if read.task.plan is not None else None
    if incoming.plan is not None and origin in ORIGINS:
        incoming.plan["origin"] = origin
    return incoming


def _approve_running(read: list[ReadTask]) -> None:
    """A plan that runs on the other device runs here too (it was approved there)."""
    for one in read:
        task = Task.get_or_none(Task.uid == one.task.uid)
        if task is None or one.task.status != TaskStatus.IN_PROGRESS:
            continue
        plan = plans.latest_plan(task.id)
        if plan is not None and plan.status == PlanStatus.PENDING:
            plans.plan_action(task.id, "approve")


def _new_steps(account: SyncAccount, task_uid: str, members: list[Fetched],
               report: Report) -> None:
    with atomic():
        task = Task.get_or_none(Task.uid == task_uid)
        ids: dict[str, str] = {}
        said_no: list[Conflict] = []
        if task is not None:
            clean = _clean(account, task)
            items = [read_step(m.todo, _fallback(m.todo)) for m in members]
            said_no = apply.apply_steps(task.id, apply.StepChanges(added=items))
            _keep(task, said_no, report)
            ids = {s.uid: s.step.id for s in records.items_of(task)[1]}
            for member in members:
                if member.uid in ids:
                    alarms.first_seen(task_uid, member.uid, member.todo)
            reminders.schedule_for_task(task.id)  # after its alarms: they cover due times
        for member in members:
            if member.uid in ids:
                accounts.record(account, member.uid, task_uid, ids[member.uid],
                                member.href, member.etag, member.text)
                report.created += 1
                continue
            reason = ("its task is not on this device (deleted here, or it could not be "
                      "read)" if task is None
                      else next((c.line for c in said_no), "could not be taken as a step"))
            refused.refuse(account, member, task_uid, f"{title(member.todo)}: {reason}")
        if task is not None and clean and not said_no:
            _agreed(account, [task_uid])
        report.pulled += len(members)


def _fallback(todo: Todo) -> str:
    import re

    words = re.findall(r"[a-z0-9]+", text_of(todo, "summary").lower())
    return "-".join(words)[:40].strip("-") or "step"


def remove_gone(account: SyncAccount, gone: Iterable[SyncItem], report: Report) -> None:
    """Items deleted on the server: a task goes to the trash, a step leaves its plan."""
    steps: dict[str, list[SyncItem]] = {}
    for row in gone:
        if row.step_id is None:
            _trash(account, row.task_uid, report)
        else:
            steps.setdefault(row.task_uid, []).append(row)
    for task_uid, rows in steps.items():
        with atomic():
            task = Task.get_or_none(Task.uid == task_uid)
            if task is not None:
                _keep(task, apply.apply_steps(task.id, apply.StepChanges(
                    gone=[r.uid for r in rows])), report)
            SyncItem.delete().where(SyncItem.id.in_([r.id for r in rows])).execute()
            report.deleted += len(rows)


def _trash(account: SyncAccount, task_uid: str, report: Report) -> None:
    """The task goes to the trash; the records of its steps stay, so the push deletes
    them on the server too (as the other device meant: a deleted task's steps would
    otherwise be left there as tasks of their own on every device)."""
    with atomic():
        task = Task.get_or_none(Task.uid == task_uid)
        if task is not None:
            trash.trash_task(task.id)
            report.trashed += 1
        SyncItem.delete().where(SyncItem.account == account, SyncItem.task_uid == task_uid,
                                (SyncItem.uid == task_uid) | (SyncItem.state == refused.REFUSED)
                                ).execute()
