"""The Peewee models of the store (DESIGN.md section 3).

Every model binds to the one deferred database of ``models.db``. Status columns hold
the names declared in ``app.states``; the store itself does not judge transitions.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import peewee

from models.db import database
from models.fields import JSONField, UTCDateTimeField


def utc_now() -> datetime:
    """The current instant, aware, in UTC."""
    return datetime.now(UTC)


def new_uid() -> str:
    """A fresh random UUID, the iCalendar UID of a new task."""
    return str(uuid.uuid4())


class BaseModel(peewee.Model):
    class Meta:
        database = database
        legacy_table_names = False
        only_save_dirty = True  # save() writes what changed, never a column it did not load


class Row(BaseModel):
    """A table with an integer ``id`` key (all but Setting)."""

    id = peewee.AutoField()


class Task(Row):
    title = peewee.TextField()
    detail = peewee.TextField(default="")
    status = peewee.TextField(default="new", index=True)
    problem = peewee.TextField(null=True)  # its words in the task's language (for readers)
    problem_at = UTCDateTimeField(null=True)
    priority = peewee.IntegerField(default=3)
    tags = JSONField(default=list)
    worker = peewee.TextField(default="me")
    creator = peewee.TextField(default="me")
    created_at = UTCDateTimeField(default=utc_now)
    updated_at = UTCDateTimeField(default=utc_now)
    start_at = UTCDateTimeField(null=True)
    due_at = UTCDateTimeField(null=True)
    expires_at = UTCDateTimeField(null=True)
    next_check_at = UTCDateTimeField(null=True)
    recurrence = peewee.TextField(null=True)
    timezone = peewee.TextField(null=True)
    retry_count = peewee.IntegerField(default=0)
    advice = peewee.TextField(null=True)
    result = peewee.TextField(null=True)
    uid = peewee.TextField(null=True, unique=True, default=new_uid)  # iCalendar UID, forever
    # which of start and due hold a clock time the person named ("at 7am", set in the
    # window or on a phone): appointments that the scheduler and planner never move
    named = JSONField(default=list)
    # which of start and due are dates (all day): their *_at holds the day's stand-in
    # moment in the task's zone (app.dates.days), shown, synced and exported as the date
    all_day = JSONField(default=list)
    # a recurring task's exceptions (RFC 5545 EXDATE / RDATE): occurrences left out and
    # added, as UTC stamps of the occurrence's due (or start) moment
    exdates = JSONField(default=list)
    rdates = JSONField(default=list)
    # what the problem is as data (app.tasks.problems.Problem): each screen tells it in
    # its own language, and code tests the code, never the words
    problem_code = peewee.TextField(null=True)
    problem_values = JSONField(null=True)


class Plan(Row):
    task = peewee.ForeignKeyField(Task, backref="plans", on_delete="CASCADE")
    revision = peewee.IntegerField()
    status = peewee.TextField(default="pending")
    origin = peewee.TextField(default="user")
    title = peewee.TextField(default="")
    objective = peewee.TextField(default="")
    source = peewee.TextField(default="user")
    spec = JSONField()
    created_at = UTCDateTimeField(default=utc_now)

    if TYPE_CHECKING:
        task_id: int
        steps: peewee.ModelSelect

    class Meta:
        indexes = ((("task", "revision"), True),)


class Step(Row):
    plan = peewee.ForeignKeyField(Plan, backref="steps", on_delete="CASCADE")
    step_id = peewee.TextField()
    parent = peewee.ForeignKeyField("self", null=True, backref="children", on_delete="CASCADE")
    position = peewee.IntegerField(default=0)
    title = peewee.TextField()
    objective = peewee.TextField(default="")
    target = peewee.TextField(null=True)
    inputs = JSONField(default=dict)
    output_schema = JSONField(null=True)
    done_when = peewee.TextField(default="")
    worker = peewee.TextField(default="me")
    due_at = UTCDateTimeField(null=True)
    estimate_minutes = peewee.IntegerField(null=True)
    status = peewee.TextField(default="pending")
    result = peewee.TextField(null=True)
    error = peewee.TextField(null=True)
    attempts = peewee.IntegerField(default=0)
    uid = peewee.TextField(null=True, index=True)  # null: derived from the task's (app.ical.uids)

    if TYPE_CHECKING:
        plan_id: int
        parent_id: int | None
        children: peewee.ModelSelect

    class Meta:
        indexes = ((("plan", "step_id"), True),)


class StepDependency(Row):
    step = peewee.ForeignKeyField(Step, backref="dependencies", on_delete="CASCADE")
    depends_on = peewee.ForeignKeyField(Step, backref="dependents", on_delete="CASCADE")

    class Meta:
        indexes = ((("step", "depends_on"), True),)


class Reminder(Row):
    task = peewee.ForeignKeyField(Task, null=True, backref="reminders", on_delete="CASCADE")
    step = peewee.ForeignKeyField(Step, null=True, backref="reminders", on_delete="CASCADE")
    kind = peewee.TextField(default="due")
    text = peewee.TextField(default="")
    fire_at = UTCDateTimeField(index=True)
    fired_at = UTCDateTimeField(null=True)
    snoozed_until = UTCDateTimeField(null=True)
    acknowledged_at = UTCDateTimeField(null=True)


# Pending reminders only: the tick's range read stays small however many have fired.
Reminder.add_index(Reminder.index(Reminder.fire_at, name="reminder_pending",
                                  where=Reminder.fired_at.is_null()))


class CalendarSource(Row):
    name = peewee.TextField()
    kind = peewee.TextField()
    location = peewee.TextField()
    username = peewee.TextField(null=True)
    enabled = peewee.BooleanField(default=True)
    etag = peewee.TextField(null=True)
    last_modified = peewee.TextField(null=True)
    last_synced_at = UTCDateTimeField(null=True)
    last_error = peewee.TextField(null=True)
    last_error_at = UTCDateTimeField(null=True)
    created_at = UTCDateTimeField(default=utc_now)


class CalendarEvent(Row):
    source = peewee.ForeignKeyField(CalendarSource, backref="events", on_delete="CASCADE")
    uid = peewee.TextField()
    recurrence_id = peewee.TextField(null=True)
    summary = peewee.TextField(default="")
    location = peewee.TextField(default="")
    description = peewee.TextField(default="")
    start = peewee.TextField(index=True)
    end = peewee.TextField()
    all_day = peewee.BooleanField(default=False)
    tzid = peewee.TextField(null=True)
    busy = peewee.BooleanField(default=True)


class WorkLog(Row):
    task = peewee.ForeignKeyField(Task, backref="worklog", on_delete="CASCADE")
    step = peewee.ForeignKeyField(Step, null=True, backref="worklog", on_delete="SET NULL")
    at = UTCDateTimeField(default=utc_now)
    actor = peewee.TextField(default="user")
    kind = peewee.TextField()
    message = peewee.TextField(default="")
    # a decision as data (migration 3): the loop's stage, what it decided, for which step id
    stage = peewee.TextField(null=True)
    decision = peewee.TextField(null=True)
    plan_step = peewee.TextField(null=True)

    class Meta:
        indexes = ((("task", "stage", "decision"), False),)


class Contact(Row):
    name = peewee.TextField(unique=True)
    address = peewee.TextField()


class OutboxMessage(Row):
    task = peewee.ForeignKeyField(Task, backref="outbox", on_delete="CASCADE")
    step = peewee.ForeignKeyField(Step, null=True, backref="outbox", on_delete="SET NULL")
    contact = peewee.ForeignKeyField(Contact, backref="messages", on_delete="RESTRICT")
    subject = peewee.TextField(default="")
    text = peewee.TextField()
    status = peewee.TextField(default="pending")
    created_at = UTCDateTimeField(default=utc_now)
    decided_at = UTCDateTimeField(null=True)
    sent_at = UTCDateTimeField(null=True)

    if TYPE_CHECKING:
        task_id: int
        step_id: int | None
        contact_id: int


class Setting(BaseModel):
    key = peewee.TextField(primary_key=True)
    value = JSONField()


class StepLayout(Row):
    task = peewee.ForeignKeyField(Task, backref="layout", on_delete="CASCADE")
    step_id = peewee.TextField()
    x = peewee.FloatField()
    y = peewee.FloatField()

    class Meta:
        indexes = ((("task", "step_id"), True),)


class ScheduledBlock(Row):
    """A step's work placed into free time (or a chunk of it), with the reason in words."""

    task = peewee.ForeignKeyField(Task, backref="blocks", on_delete="CASCADE")
    step_id = peewee.TextField()
    start = UTCDateTimeField(index=True)
    end = UTCDateTimeField()
    why = peewee.TextField(default="")
    pinned = peewee.BooleanField(default=False)
    chunk = peewee.IntegerField(default=1)

    if TYPE_CHECKING:
        task_id: int


class ModelCall(Row):
    task = peewee.ForeignKeyField(Task, null=True, backref="model_calls", on_delete="SET NULL")
    step = peewee.ForeignKeyField(Step, null=True, backref="model_calls", on_delete="SET NULL")
    provider = peewee.TextField()
    model = peewee.TextField(default="")
    purpose = peewee.TextField(default="")
    prompt = peewee.TextField(default="")
    reply = peewee.TextField(default="")
    outcome = peewee.TextField(default="")
    error = peewee.TextField(null=True)
    latency_ms = peewee.FloatField(null=True)
    prompt_tokens = peewee.IntegerField(null=True)
    completion_tokens = peewee.IntegerField(null=True)
    created_at = UTCDateTimeField(default=utc_now)


class ModelServer(Row):
    """What one model on one server takes: the structured-output form it did not refuse."""

    server = peewee.TextField()
    model = peewee.TextField()
    structured = peewee.TextField()
    updated_at = UTCDateTimeField(default=utc_now)

    class Meta:
        indexes = ((("server", "model"), True),)


class SyncAccount(Row):
    """A CalDAV task list that tasks sync with (app.sync.loop); the password is in the
    keyring (app.config.secrets), never here."""

    kind = peewee.TextField(default="caldav")
    url = peewee.TextField()  # the collection's URL
    user = peewee.TextField(default="")
    sync_token = peewee.TextField(null=True)
    ctag = peewee.TextField(null=True)
    last_sync_at = UTCDateTimeField(null=True)
    last_error = peewee.TextField(null=True)
    created_at = UTCDateTimeField(default=utc_now)
    # What the list was when last synced (app.sync.identity): its sync token's origin.
    identity = peewee.TextField(null=True)


class SyncItem(Row):
    """One task's or step's VTODO on a sync account's server: where it is, its ETag, and
    ``synced``, the VTODO text last agreed with the server (the three-way merge base)."""

    account = peewee.ForeignKeyField(SyncAccount, backref="items", on_delete="CASCADE")
    uid = peewee.TextField()
    href = peewee.TextField()
    etag = peewee.TextField(null=True)
    task_uid = peewee.TextField()  # the task the item belongs to (itself, for a task)
    step_id = peewee.TextField(null=True)  # None: the task's own VTODO
    synced = peewee.TextField(default="")
    mark = peewee.TextField(null=True)  # a task item: its local state when last pushed
    # None: taken; "refused": another device's item Stepwise could not take (``reason``
    # says why; kept on the server, never deleted); "delete": to delete on the server
    # (a step of a task deleted on another device).
    state = peewee.TextField(null=True)
    reason = peewee.TextField(null=True)
    # Whether this device made the item on the server (a push's create): its alarms are
    # Stepwise's to add; on an item made elsewhere, only its author's are written back.
    made_here = peewee.BooleanField(default=False)

    class Meta:
        indexes = ((("account", "uid"), True), (("account", "task_uid"), False))


class Trash(Row):
    """A task deleted by a sync (another device deleted it): everything to restore it."""

    task_uid = peewee.TextField()
    title = peewee.TextField()
    snapshot = JSONField()
    deleted_at = UTCDateTimeField(default=utc_now)


class DeletedTask(Row):
    """A task the person deleted here (``app.tasks.store.delete_task``): what lets sync
    delete its items on the server; gone again when the task is restored."""

    uid = peewee.TextField(unique=True)
    deleted_at = UTCDateTimeField(default=utc_now)


class AgentChange(Row):
    """A change another AI agent made through ``stepwise mcp`` (``app.mcp.changes``): who,
    to which task, what, and the task's rows before it, so the person can undo it."""

    client = peewee.TextField()  # the MCP client's name, as it gave it
    task_id = peewee.IntegerField(null=True)  # no key: the change outlives its task
    task_uid = peewee.TextField(null=True)  # which task it was (a freed id is given again)
    summary = peewee.TextField()
    before = JSONField(null=True)  # the task's rows before (None: the agent added it)
    log_id = peewee.IntegerField(null=True)  # its work-log entry: what came after is later
    at = UTCDateTimeField(default=utc_now, index=True)
    undone_at = UTCDateTimeField(null=True)


class PublishTarget(Row):
    """Where the person publishes the schedule (``app.publish``): an iCalendar file kept
    current for any calendar app to subscribe to, what goes into it, and how its last
    publish went."""

    kind = peewee.TextField()  # "ics_file" or "caldav"
    location = peewee.TextField(unique=True)  # the file's absolute path, or the calendar's URL
    user = peewee.TextField(default="")  # CalDAV: as whom (the password is in the keyring)
    dues = peewee.BooleanField(default=False)  # open tasks' due times too
    steps = peewee.BooleanField(default=False)  # steps' own due times too
    created_at = UTCDateTimeField(default=utc_now)
    published_at = UTCDateTimeField(null=True)
    events = peewee.IntegerField(default=0)  # VEVENTs in the last file written
    error = peewee.TextField(default="")  # why the last publish failed ("" when it worked)
    # CalDAV: each event written, by UID: its href, etag, start as written, and a digest
    # of its text (a move made in another app is told from the etag and start)
    state = JSONField(default=dict)


# In foreign-key order: a table comes after every table it points to.
ALL_TABLES: tuple[type[BaseModel], ...] = (
    Task,
    Plan,
    Step,
    StepDependency,
    Reminder,
    CalendarSource,
    CalendarEvent,
    WorkLog,
    Contact,
    OutboxMessage,
    Setting,
    StepLayout,
    ModelCall,
    ScheduledBlock,
    ModelServer,
    SyncAccount,
    SyncItem,
    Trash,
    DeletedTask,
    AgentChange,
)
