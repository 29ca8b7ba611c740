"""What another device did to a task's place in the list, read back here: a task made a
subtask of another task there becomes a step of it here (the task as it was goes to the
trash); a task deleted here but edited there since comes back (from the trash when it is
there, with the edit merged; else anew from the server's items)."""

from __future__ import annotations

from app.ical.values import related
from app.ical.vtodo import read_step, read_task
from app.sync import records
from app.sync.items import Fetched, title
from app.sync.merge import step_fields, task_fields
from app.sync.report import Report, first_todo
from app.tasks import trash
from models import Task, atomic
from models.tables import DeletedTask, SyncAccount, SyncItem, Trash


def here(task_uid: str) -> bool:
    return Task.select().where(Task.uid == task_uid).exists()


def made_subtasks(account: SyncAccount, fetched: list[Fetched], full: dict[str, SyncItem],
                   known: dict[str, SyncItem], report: Report) -> set[str]:
    """Tasks another device made a subtask of another task (a PARENT link added to a
    task's item): each leaves the list for the trash and comes in again as a step of
    that task. A task with steps of its own here stays a task (said in a note)."""
    moved: set[str] = set()
    for item in fetched:
        row = full.get(item.uid)
        if row is None or row.state is not None or row.uid != row.task_uid:
            continue
        parent = next(iter(related(item.todo, "PARENT")), None)
        owner = None if parent is None or parent == item.uid else (
            known[parent].task_uid if parent in known and known[parent].state is None
            else parent if here(parent) else None)
        task = Task.get_or_none(Task.uid == item.uid)
        if owner is None or owner == item.uid or task is None or not here(owner):
            continue
        if records.items_of(task)[1]:
            report.notes.append(f"{title(item.todo)}: made a subtask on another device, but "
                                "it has steps of its own here, so it stays a task")
            continue
        with atomic():
            trash.trash_task(task.id)  # its reminders and work log stay restorable
            DeletedTask.delete().where(DeletedTask.uid == item.uid).execute()
            SyncItem.delete().where(SyncItem.account == account,
                                    SyncItem.task_uid == item.uid).execute()
        moved.add(item.uid)
        report.notes.append(f"{title(item.todo)}: made a subtask on another device, so it is "
                            "a step of its task now (the task as it was is in the trash)")
    return moved


def _edited(row: SyncItem, item: Fetched) -> bool:
    """Whether the server's copy says something else than the one last agreed on (not
    only our own write coming back with an etag we did not hear of)."""
    base = first_todo(row.synced) if row.synced else None
    if base is None:
        return True
    if row.step_id is None:
        return task_fields(read_task(base)) != task_fields(read_task(item.todo))
    return step_fields(read_step(base, row.step_id)) != \
        step_fields(read_step(item.todo, row.step_id))


def deleted_here_but_changed(account: SyncAccount, fetched: list[Fetched],
                              full: dict[str, SyncItem], report: Report) -> set[str]:
    """Changed items whose task the person deleted here: the other device's edit wins.
    A task in the trash comes back from it (its plan, log and reminders with it) and the
    edit merges as usual; one deleted without the trash (the window's delete, undone by
    Ctrl+Z) has its records and tombstone dropped, and its items come in again as new
    (its unchanged items follow at the next full listing). Returns those items' UIDs."""
    gone = {row.task_uid for item in fetched if (row := full.get(item.uid)) is not None
            and row.state is None and not here(row.task_uid) and _edited(row, item)}
    gone = {uid for uid in gone
            if DeletedTask.select().where(DeletedTask.uid == uid).exists()}
    if not gone:
        return set()
    newest = {deleted.task_uid: deleted for deleted in Trash.select().where(
        Trash.task_uid.in_(sorted(gone))).order_by(Trash.id)}  # the latest deletion wins
    titles = {uid: str(deleted.title) for uid, deleted in newest.items()}
    with atomic():
        for deleted in newest.values():
            trash.restore_row(deleted)
        lost = sorted(gone - set(titles))
        SyncItem.delete().where(SyncItem.account == account,
                                SyncItem.task_uid.in_(lost)).execute()
        DeletedTask.delete().where(DeletedTask.uid.in_(sorted(gone))).execute()
        if lost:
            SyncAccount.update(sync_token=None).where(SyncAccount.id == account.id).execute()
    report.notes += [f"{name!r}: deleted here but changed on another device since, so it "
                     "is back from the trash with that change" for name in titles.values()]
    back = {item.uid for item in fetched if (row := full.get(item.uid)) is not None
            and row.task_uid in gone and row.task_uid not in titles}
    report.notes += [f"{title(item.todo)}: deleted here but changed on another device "
                     "since, so it is back" for item in fetched
                     if item.uid in back and item.uid in gone]
    return back
