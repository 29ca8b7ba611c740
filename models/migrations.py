"""Ordered schema migrations, keyed by ``PRAGMA user_version``.

Pending migrations run in one IMMEDIATE transaction after a backup of the file; a
database with a newer version than the last one here is refused, never touched.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, time
from pathlib import Path

import peewee

from models import odd_rows
from models.db import StoreError
from models.fields import dump_json
from models.tables import (
    ALL_TABLES,
    AgentChange,
    DeletedTask,
    ModelServer,
    PublishTarget,
    ScheduledBlock,
    SyncAccount,
    SyncItem,
    Trash,
)


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: Callable[[peewee.SqliteDatabase], None]


def _create_tables(db: peewee.SqliteDatabase) -> None:
    db.create_tables(ALL_TABLES, safe=False)


def _calendar_busy_and_failure_time(db: peewee.SqliteDatabase) -> None:
    """CalendarEvent.busy and CalendarSource.last_error_at, on a file made by version 1
    (a new file already has them: version 1 creates the tables as they are now)."""
    for table, column, ddl in (("calendar_event", "busy", "INTEGER NOT NULL DEFAULT 1"),
                               ("calendar_source", "last_error_at", "TEXT")):
        present = {row[1] for row in db.execute_sql(f'PRAGMA table_info("{table}")')}
        if column not in present:
            db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "{column}" {ddl}')
    db.execute_sql('CREATE INDEX IF NOT EXISTS "reminder_pending" ON "reminder" ("fire_at") '
                   'WHERE "fired_at" IS NULL')


def _estimates_and_blocks(db: peewee.SqliteDatabase) -> None:
    """Step.estimate_minutes and the scheduled_block table, on a file made before them."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("step")')}
    if "estimate_minutes" not in present:
        db.execute_sql('ALTER TABLE "step" ADD COLUMN "estimate_minutes" INTEGER')
    with db.bind_ctx([ScheduledBlock], bind_refs=False, bind_backrefs=False):
        db.create_tables([ScheduledBlock], safe=True)


def _sync_uids(db: peewee.SqliteDatabase) -> None:
    """Task.uid (a random UUID for every task already there) and Step.uid (empty: a step's
    UID is derived from its task's and its step id unless it came from elsewhere)."""
    import uuid

    for table in ("task", "step"):
        present = {row[1] for row in db.execute_sql(f'PRAGMA table_info("{table}")')}
        if "uid" not in present:
            db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "uid" TEXT')
    for (task_id,) in db.execute_sql('SELECT id FROM "task" WHERE uid IS NULL').fetchall():
        db.execute_sql('UPDATE "task" SET uid = ? WHERE id = ?', (str(uuid.uuid4()), task_id))
    db.execute_sql('CREATE UNIQUE INDEX IF NOT EXISTS "task_uid" ON "task" ("uid")')
    db.execute_sql('CREATE INDEX IF NOT EXISTS "step_uid" ON "step" ("uid")')


def _structured_worklog(db: peewee.SqliteDatabase) -> None:
    """WorkLog.stage, .decision and .plan_step, so decisions are counted by column; the
    failure reviews already logged get theirs from their text, once, here."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("work_log")')}
    for column in ("stage", "decision", "plan_step"):
        if column not in present:
            db.execute_sql(f'ALTER TABLE "work_log" ADD COLUMN "{column}" TEXT')
    db.execute_sql('CREATE INDEX IF NOT EXISTS "worklog_task_stage_decision" ON "work_log" '
                   '("task_id", "stage", "decision")')
    rows = db.execute_sql('SELECT id, message FROM "work_log" WHERE kind = \'failure_review\' '
                          'AND stage IS NULL').fetchall()
    for row_id, message in rows:
        found = re.match(r"step '([^']*)': (\w+)", message or "")
        if found:
            db.execute_sql('UPDATE "work_log" SET stage = ?, decision = ?, plan_step = ? '
                           'WHERE id = ?', ("failure_review", found.group(2), found.group(1),
                                            row_id))


def _model_servers(db: peewee.SqliteDatabase) -> None:
    """The model_server table: the structured-output form each server and model takes."""
    with db.bind_ctx([ModelServer], bind_refs=False, bind_backrefs=False):
        db.create_tables([ModelServer], safe=True)


def _sync_accounts(db: peewee.SqliteDatabase) -> None:
    """The sync_account, sync_item and trash tables (task sync over CalDAV)."""
    tables = [SyncAccount, SyncItem, Trash]
    with db.bind_ctx(tables, bind_refs=False, bind_backrefs=False):
        db.create_tables(tables, safe=True)


def _named_times(db: peewee.SqliteDatabase) -> None:
    """Task.named: the times the person named (empty for the tasks already there)."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("task")')}
    if "named" not in present:
        db.execute_sql('ALTER TABLE "task" ADD COLUMN "named" TEXT NOT NULL DEFAULT \'[]\'')


def _sync_safety(db: peewee.SqliteDatabase) -> None:
    """Sync that never deletes another device's items: refused items, the list's
    identity, and the tasks the person deleted here."""
    for table, column in (("sync_account", "identity"), ("sync_item", "state"),
                          ("sync_item", "reason")):
        present = {row[1] for row in db.execute_sql(f'PRAGMA table_info("{table}")')}
        if column not in present:
            db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "{column}" TEXT')
    with db.bind_ctx([DeletedTask], bind_refs=False, bind_backrefs=False):
        db.create_tables([DeletedTask], safe=True)


def _made_here(db: peewee.SqliteDatabase) -> None:
    """SyncItem.made_here. An item synced before is taken as made here when it is the
    VTODO of a task this device made (not one an import or a sync brought in), or of a
    step whose UID Stepwise derived (a step made on another device keeps its own UID in
    ``step.uid``)."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("sync_item")')}
    if "made_here" not in present:
        db.execute_sql('ALTER TABLE "sync_item" ADD COLUMN "made_here" INTEGER NOT NULL '
                       'DEFAULT 0')
    db.execute_sql(
        'UPDATE "sync_item" SET made_here = 1 WHERE state IS NULL AND ('
        '(step_id IS NULL AND uid IN (SELECT uid FROM "task" WHERE uid IS NOT NULL '
        'AND creator != \'import\')) OR (step_id IS NOT NULL AND uid NOT IN '
        '(SELECT uid FROM "step" WHERE uid IS NOT NULL)))')


_STAND_IN = {"start": time(9, 0), "due": time(18, 0)}  # a date's moment before version 11
_DATE_LINE = {"start": re.compile(r"^DTSTART;(?:[^:\r\n]*;)?VALUE=DATE[;:][^\r\n]*?(\d{8})\s*$",
                                  re.M | re.I),
              "due": re.compile(r"^DUE;(?:[^:\r\n]*;)?VALUE=DATE[;:][^\r\n]*?(\d{8})\s*$",
                                re.M | re.I)}


def _all_day(db: peewee.SqliteDatabase) -> None:
    """Task.all_day. Before it, a date was stored as its day at 09:00 (a start) or 18:00
    (a due), local time. A start or due the person did not name becomes a date again when
    the task's synced item holds it as a ``VALUE=DATE`` (that date), or, with no synced
    item to ask, when it sits exactly on that time in the task's zone; the zone is kept
    so the day stays the day."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from tzlocal import get_localzone

    present = {row[1] for row in db.execute_sql('PRAGMA table_info("task")')}
    if "all_day" not in present:
        db.execute_sql('ALTER TABLE "task" ADD COLUMN "all_day" TEXT NOT NULL DEFAULT \'[]\'')
    try:
        here = get_localzone()
    except (LookupError, ValueError, OSError):
        here = ZoneInfo("UTC")
    synced: dict[str, str] = {}
    for uid, text in db.execute_sql('SELECT uid, synced FROM "sync_item" WHERE step_id IS '
                                    'NULL AND state IS NULL'):
        synced[uid] = synced.get(uid, "") + (text or "")
    rows = db.execute_sql('SELECT id, uid, start_at, due_at, named, timezone FROM "task" '
                          'WHERE start_at IS NOT NULL OR due_at IS NOT NULL').fetchall()
    for task_id, uid, start_at, due_at, named, timezone in rows:
        try:
            where = ZoneInfo(timezone) if timezone else here
        except (ZoneInfoNotFoundError, ValueError):
            where = here
        values = {"start": start_at, "due": due_at}
        days = []
        for role, stored in values.items():
            if stored is None or role in json.loads(named or "[]"):
                continue
            if uid in synced:
                found = _DATE_LINE[role].search(synced[uid])
                if found is None:
                    continue
                day = datetime.strptime(found[1], "%Y%m%d").date()
            else:
                local = datetime.fromisoformat(stored.replace("Z", "+00:00")).astimezone(where)
                if local.time() != _STAND_IN[role]:
                    continue
                day = local.date()
            days.append(role)
            values[role] = datetime.combine(day, _STAND_IN[role], where).astimezone(UTC) \
                .strftime("%Y-%m-%dT%H:%M:%SZ")
        if days:
            db.execute_sql('UPDATE "task" SET all_day = ?, timezone = ?, start_at = ?, '
                           'due_at = ? WHERE id = ?',
                           (dump_json(days), timezone or getattr(where, "key", None),
                            values["start"], values["due"], task_id))


def _exceptions(db: peewee.SqliteDatabase) -> None:
    """Task.exdates and Task.rdates: a series' left-out and added occurrences."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("task")')}
    for column in ("exdates", "rdates"):
        if column not in present:
            db.execute_sql(f'ALTER TABLE "task" ADD COLUMN "{column}" TEXT NOT NULL '
                           "DEFAULT '[]'")


def _agent_changes(db: peewee.SqliteDatabase) -> None:
    """The agent_change table: what other AI agents changed, undoable."""
    with db.bind_ctx([AgentChange], bind_refs=False, bind_backrefs=False):
        db.create_tables([AgentChange], safe=True)


def _message_subjects(db: peewee.SqliteDatabase) -> None:
    """OutboxMessage.subject: a message's subject line, as its draft wrote it."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("outbox_message")')}
    if "subject" not in present:
        db.execute_sql('ALTER TABLE "outbox_message" ADD COLUMN "subject" TEXT NOT NULL '
                       "DEFAULT ''")


def _odd_rows(db: peewee.SqliteDatabase) -> None:
    """The odd_task table and its triggers (``models.odd_rows``): rows another program
    wrote with values the store would read differently, noted as they are written."""
    odd_rows.recreate(db)


def _published(db: peewee.SqliteDatabase) -> None:
    """The publish_target table: where the schedule is published (``app.publish``)."""
    with db.bind_ctx([PublishTarget], bind_refs=False, bind_backrefs=False):
        db.create_tables([PublishTarget], safe=True)


def _problem_codes(db: peewee.SqliteDatabase) -> None:
    """Task.problem_code and problem_values: a problem as a code with values, told in
    each screen's language. A sync conflict written before is known by its words."""
    present = {row[1] for row in db.execute_sql('PRAGMA table_info("task")')}
    for column in ("problem_code", "problem_values"):
        if column not in present:
            db.execute_sql(f'ALTER TABLE "task" ADD COLUMN "{column}" TEXT')
    db.execute_sql("""UPDATE "task" SET "problem_code" = 'sync_conflict' """
                   """WHERE "problem" LIKE 'sync conflict: %'""")
    odd_rows.recreate(db)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "create the tables", _create_tables),
    Migration(2, "calendar: busy events, when a source last failed",
              _calendar_busy_and_failure_time),
    Migration(3, "work log: decisions as data (stage, decision, step id)", _structured_worklog),
    Migration(4, "steps: estimates; scheduled blocks", _estimates_and_blocks),
    Migration(5, "tasks and steps: stable UUIDs for sync and iCalendar", _sync_uids),
    Migration(6, "model servers: the structured output each one takes", _model_servers),
    Migration(7, "task sync: accounts, synced items, trash", _sync_accounts),
    Migration(8, "tasks: the times the person named", _named_times),
    Migration(9, "task sync: refused items, list identity, deleted tasks", _sync_safety),
    Migration(10, "task sync: which items this device made", _made_here),
    Migration(11, "tasks: dates stay dates (all day)", _all_day),
    Migration(12, "tasks: a series' left-out and added occurrences", _exceptions),
    Migration(13, "what other AI agents changed (stepwise mcp)", _agent_changes),
    Migration(14, "outbox: a message's subject line", _message_subjects),
    Migration(15, "tasks: rows with odd values noted as they are written", _odd_rows),
    Migration(16, "the schedule published as a calendar", _published),
    Migration(17, "tasks: a problem as a code with values", _problem_codes),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def user_version(db: peewee.SqliteDatabase) -> int:
    return int(db.execute_sql("PRAGMA user_version").fetchone()[0])


def backup_file(path: str, version: int) -> Path:
    """Copy the database with SQLite's online backup before it is migrated."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = Path(f"{path}.v{version}-{stamp}.bak")
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target


def migrate(db: peewee.SqliteDatabase, path: str) -> None:
    """Bring the schema to the latest version, or refuse a newer one.

    Raises:
        StoreError: the database was written by a newer Stepwise.
    """
    latest = SCHEMA_VERSION
    current = user_version(db)
    if current > latest:
        raise StoreError(
            "newer_schema",
            f"The database at {path} has schema version {current}, newer than this "
            f"Stepwise understands ({latest}). Upgrade Stepwise, or open another "
            "database with --db PATH. The file was not changed.",
        )
    if current == latest:
        return
    if current > 0 and path != ":memory:":
        backup_file(path, current)
    with db.atomic("IMMEDIATE"):
        if user_version(db) != current:  # another process migrated while we waited
            return
        for step in MIGRATIONS:
            if step.version > current:
                step.apply(db)
        db.execute_sql(f"PRAGMA user_version = {latest}")
