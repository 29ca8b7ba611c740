"""The store: Peewee models, database setup and schema migrations. No Qt, no app."""

from models.db import (
    StoreError,
    after_commit,
    atomic,
    close_database,
    database,
    gather_until_commit,
    store_errors,
)
from models.migrations import SCHEMA_VERSION
from models.opening import open_database
from models.tables import (
    ALL_TABLES,
    CalendarEvent,
    CalendarSource,
    Contact,
    ModelCall,
    ModelServer,
    OutboxMessage,
    Plan,
    Reminder,
    ScheduledBlock,
    Setting,
    Step,
    StepDependency,
    StepLayout,
    Task,
    WorkLog,
)

__all__ = [
    "ALL_TABLES",
    "SCHEMA_VERSION",
    "CalendarEvent",
    "CalendarSource",
    "Contact",
    "ModelCall",
    "ModelServer",
    "OutboxMessage",
    "Plan",
    "Reminder",
    "ScheduledBlock",
    "Setting",
    "Step",
    "StepDependency",
    "StepLayout",
    "StoreError",
    "Task",
    "WorkLog",
    "after_commit",
    "gather_until_commit",
    "atomic",
    "close_database",
    "database",
    "open_database",
    "store_errors",
]
