"""Sync accounts and what each remembers of its server: items, etags, tokens, marks.

The password lives in the keyring under ``sync:URL`` (``app.config.secrets``); where no
keyring backend exists it is kept for this session only, and ``stepwise sync now
--password-env VAR`` gives it each time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import peewee

from app.config import secrets, urls
from app.errors import KnownError, NotFound
from models import Plan, Reminder, Task, WorkLog, atomic
from models.tables import SyncAccount, SyncItem


def key_name(url: str) -> str:
    return secrets.account_for("sync", url)


def add_account(url: str, user: str, password: str | None, *,
                insecure: bool = False) -> tuple[SyncAccount, bool]:
    """Remember a CalDAV task list; returns it and whether the password is kept for good.
    A user name and password written into the URL are taken out of it: the name is the
    account's user (unless one is given), the password goes to the keyring.

    Raises:
        KnownError: the URL is not http(s) or is already an account.
        urls.Cleartext: a password over plain http to another machine, not ``insecure``.
    """
    urls.cleartext(url, password or urls.split(url)[2], insecure=insecure)
    url, in_user, in_password = urls.split(url)
    if in_user and user and in_user != user:
        raise KnownError(f"the URL names the user {in_user!r} but --user says {user!r}; "
                         "give the user once")
    user, password = user or in_user, password or in_password or None
    if not url.startswith(("http://", "https://")):
        raise KnownError(f"{urls.shown(url)!r} is not an http(s) URL of a CalDAV task list")
    url = url if url.endswith("/") else url + "/"
    if SyncAccount.select().where(SyncAccount.url == url).exists():
        raise KnownError(f"{url} is already a sync account (stepwise sync list)")
    account = SyncAccount.create(url=url, user=user)
    kept = secrets.set_key(key_name(url), password) if password else True
    return account, kept


def get_account(account_id: int) -> SyncAccount:
    """The account; one stored with credentials in its URL (before they were taken
    out on adding) has them moved: the user name to its field, the password to the
    keyring (where there is none, it lasts this session)."""
    account = SyncAccount.get_or_none(SyncAccount.id == account_id)
    if account is None:
        raise NotFound(f"no sync account {account_id} (stepwise sync list)")
    clean, user, password = urls.split(account.url)
    if clean != account.url:
        if password:
            secrets.set_key(key_name(clean), password)
        SyncAccount.update(url=clean, user=account.user or user).where(
            SyncAccount.id == account.id).execute()
        account = SyncAccount.get_by_id(account.id)
    return account


def remove_account(account_id: int) -> None:
    """Forget an account and what it remembered; tasks and the server stay as they are."""
    account = get_account(account_id)
    with atomic():
        SyncItem.delete().where(SyncItem.account == account).execute()
        account.delete_instance()
    secrets.set_key(key_name(account.url), None)


def password(account: SyncAccount, given: str | None) -> str:
    """The password given now, else the kept one, else "" (a server without auth)."""
    return given or secrets.get_key(key_name(account.url)) or ""


def rows(account: SyncAccount, uids: list[str] | None = None) -> dict[str, SyncItem]:
    """The account's items by UID (only ``uids`` when given), with their merge bases."""
    query = SyncItem.select().where(SyncItem.account == account)
    if uids is not None:
        query = query.where(SyncItem.uid.in_(uids))
    return {row.uid: row for row in query}


def light_rows(account: SyncAccount) -> list[SyncItem]:
    """Every item of the account without its text (``synced`` is not loaded: never read
    it from these rows)."""
    fields = [f for f in SyncItem._meta.sorted_fields if f.name != "synced"]
    return list(SyncItem.select(*fields).where(SyncItem.account == account))


def etags(account: SyncAccount) -> dict[str, str | None]:
    """Every item's etag by href (plain tuples: a sync with nothing changed reads 6,000)."""
    query = SyncItem.select(SyncItem.href, SyncItem.etag).where(SyncItem.account == account)
    return dict(query.tuples().iterator())


def known_uids(account: SyncAccount, uids: list[str]) -> set[str]:
    """Which of ``uids`` the account has items for."""
    found: set[str] = set()
    for start in range(0, len(uids), 500):
        query = SyncItem.select(SyncItem.uid).where(SyncItem.account == account,
                                                    SyncItem.uid.in_(uids[start:start + 500]))
        found |= {str(uid) for uid, in query.tuples().iterator()}
    return found


def pushed_marks(account: SyncAccount, task_uids: list[str] | None = None
                 ) -> dict[str, str | None]:
    """The mark stored with each task UID the account has items of (None: not pushed
    whole yet, or only its steps are recorded); refused items are not counted: they are
    another device's, never this device's to push or delete."""
    found: dict[str, str | None] = {}
    query = SyncItem.select(SyncItem.task_uid, SyncItem.uid, SyncItem.mark).where(
        SyncItem.account == account, SyncItem.state.is_null(True))
    if task_uids is not None:
        query = query.where(SyncItem.task_uid.in_(task_uids))
    for task_uid, uid, mark in query.tuples().iterator():
        found.setdefault(task_uid, None)
        if uid == task_uid:
            found[task_uid] = mark
    return found


def light_rows_at(account: SyncAccount, column: peewee.Field,
                  values: list[str]) -> list[SyncItem]:
    """``light_rows`` whose ``column`` (href, task uid) is one of ``values``."""
    fields = [f for f in SyncItem._meta.sorted_fields if f.name != "synced"]
    found: list[SyncItem] = []
    for start in range(0, len(values), 500):
        found.extend(SyncItem.select(*fields).where(SyncItem.account == account,
                                                    column.in_(values[start:start + 500])))
    return found


def marks(task_ids: list[int] | None = None) -> dict[str, str]:
    """Every task's local state (only ``task_ids``' when given) as one string by task
    UID (four grouped queries): a task whose mark equals the one stored when it was
    last pushed has nothing to push."""
    def latest(model: Any, column: peewee.Field) -> dict[int, int]:
        query = model.select(column, peewee.fn.MAX(model.id)).group_by(column)
        if task_ids is not None:
            query = query.where(column.in_(task_ids))
        return {int(k): int(v) for k, v in query.tuples().iterator() if k is not None}

    plan, log = latest(Plan, Plan.task), latest(WorkLog, WorkLog.task)
    alarm = _alarm_states(task_ids)
    found = {}
    query = Task.select(Task.id, Task.uid, Task.updated_at)
    if task_ids is not None:
        query = query.where(Task.id.in_(task_ids))
    query = query.tuples()
    for task_id, uid, updated in query.iterator():
        stamp = updated.isoformat() if isinstance(updated, datetime) else str(updated)
        found[str(uid)] = f"{stamp}|{plan.get(task_id)}|{log.get(task_id)}|{alarm.get(task_id)}"
    return found


def _alarm_states(task_ids: list[int] | None = None) -> dict[int, str]:
    """Each task's reminders as one string: a new, snoozed, fired or dismissed reminder
    changes it (they change the task's VALARMs)."""
    fn = peewee.fn
    query = (Reminder.select(Reminder.task, fn.MAX(Reminder.id), fn.COUNT(Reminder.fired_at),
                             fn.MAX(Reminder.snoozed_until), fn.MAX(Reminder.acknowledged_at),
                             fn.COUNT(Reminder.id))
             .group_by(Reminder.task))
    if task_ids is not None:
        query = query.where(Reminder.task.in_(task_ids))
    return {int(task): "/".join(str(v) for v in rest)
            for task, *rest in query.tuples().iterator() if task is not None}


def record(account: SyncAccount, uid: str, task_uid: str, step_id: str | None, href: str,
           etag: str | None, synced: str, *, state: str | None = None,
           reason: str | None = None) -> None:
    """What the server now holds for ``uid`` (inside or outside a transaction); ``state``
    "refused" with its ``reason`` for an item Stepwise could not take."""
    SyncItem.insert(account=account, uid=uid, task_uid=task_uid, step_id=step_id, href=href,
                    etag=etag, synced=synced, state=state, reason=reason).on_conflict(
        conflict_target=[SyncItem.account, SyncItem.uid],
        update={SyncItem.href: href, SyncItem.etag: etag, SyncItem.synced: synced,
                SyncItem.task_uid: task_uid, SyncItem.step_id: step_id,
                SyncItem.state: state, SyncItem.reason: reason}).execute()


def refused(account: SyncAccount) -> list[str]:
    """What the account holds of other devices' items that could not be taken, a line
    each (oldest first)."""
    query = (SyncItem.select(SyncItem.reason, SyncItem.href)
             .where(SyncItem.account == account, SyncItem.state == "refused")
             .order_by(SyncItem.id))
    return [str(reason or href) for reason, href in query.tuples().iterator()]


def record_many(account: SyncAccount, rows: list[tuple[str, str, str | None, str,
                                                     str | None, str, str | None]]) -> None:
    """Like ``record`` for many items at once, each with its mark (uid, task uid, step id,
    href, etag, text, mark; call inside a transaction so the marks come with the items)."""
    names = ("uid", "task_uid", "step_id", "href", "etag", "synced", "mark")
    for start in range(0, len(rows), 500):
        chunk = [{"account": account.id, **dict(zip(names, row, strict=True))}
                 for row in rows[start:start + 500]]
        SyncItem.insert_many(chunk).on_conflict(
            conflict_target=[SyncItem.account, SyncItem.uid],
            preserve=[SyncItem.href, SyncItem.etag, SyncItem.synced, SyncItem.task_uid,
                      SyncItem.step_id, SyncItem.mark]).execute()


def set_mark(account: SyncAccount, task_uid: str, mark: str | None) -> None:
    SyncItem.update(mark=mark).where(SyncItem.account == account,
                                     SyncItem.uid == task_uid).execute()
