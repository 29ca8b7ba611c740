"""Task rows holding values the store would read differently, noted as they are written.

The store only writes values of its columns' kinds (an instant as ``…T09:00:00Z``
text inside the range it keeps, an integer, text). Another program writing to the file
(the ``sqlite3`` shell, a script) can leave anything: ``2026-02-30`` as a due date, a
blob as a title. Readers that skip Peewee (``app.lean``, the fast ``stepwise list``)
must then leave the row to the store, so they used to look through every row for such
values: 0.2 s of ``stepwise list --json`` on 100,000 tasks.

Three triggers keep the table ``odd_task`` instead: a task inserted or updated with an
odd value gets its id there, an update to usual values or a delete takes it out. They
run inside SQLite, for every program that writes the file. A reader that finds the
triggers exactly as written here (``TRIGGERS``, compared by their SQL text) and the
table empty knows no row is odd; otherwise it looks through the rows as before.

A change to what counts as odd changes this SQL: the readers then find the triggers
of the older text and look through the rows, until a migration calls ``recreate``.
"""

from __future__ import annotations

import peewee

from models.fields import EARLIEST, LATEST, JSONField, UTCDateTimeField, format_utc
from models.tables import Task

TABLE = "odd_task"
_INSTANT_SHAPE = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z"


def odd_value(field: peewee.Field, row: str = "") -> str:
    """SQL true for a value of ``field`` Peewee would read differently from sqlite3 (or
    refuse); ``row`` is ``NEW.`` in a trigger."""
    c = f'{row}"{field.column_name}"'
    if isinstance(field, UTCDateTimeField):
        return (f"({c} IS NOT NULL AND (typeof({c}) != 'text' OR {c} NOT GLOB "
                f"'{_INSTANT_SHAPE}' OR {c} < '{format_utc(EARLIEST)}' OR {c} > "
                f"'{format_utc(LATEST)}' OR datetime({c}, '+0 seconds') IS NOT "
                f"replace(substr({c}, 1, 19), 'T', ' ')))")
    if isinstance(field, peewee.IntegerField | peewee.ForeignKeyField):
        return f"typeof({c}) NOT IN ('integer', 'null')"
    if isinstance(field, peewee.TextField | JSONField):
        return f"typeof({c}) NOT IN ('text', 'null')"
    raise TypeError(f"no lean reading of {field!r}")


def _odd_new() -> str:
    return " OR ".join(odd_value(f, "NEW.") for f in Task._meta.sorted_fields)


def _triggers() -> dict[str, str]:
    odd = _odd_new()
    return {
        "task_odd_insert": (
            f'CREATE TRIGGER "task_odd_insert" AFTER INSERT ON "task" WHEN {odd} '
            f'BEGIN INSERT OR IGNORE INTO "{TABLE}" ("id") VALUES (NEW."id"); END'),
        "task_odd_update": (
            f'CREATE TRIGGER "task_odd_update" AFTER UPDATE ON "task" '
            f'BEGIN DELETE FROM "{TABLE}" WHERE "id" = OLD."id"; '
            f'INSERT OR IGNORE INTO "{TABLE}" ("id") SELECT NEW."id" WHERE {odd}; END'),
        "task_odd_delete": (
            f'CREATE TRIGGER "task_odd_delete" AFTER DELETE ON "task" '
            f'BEGIN DELETE FROM "{TABLE}" WHERE "id" = OLD."id"; END'),
    }


TRIGGERS: dict[str, str] = _triggers()
"""Each trigger's name and the exact SQL text SQLite keeps for it in ``sqlite_master``."""


def recreate(db: peewee.SqliteDatabase) -> None:
    """The table and the triggers as written here, the table filled from the rows now
    in the file (inside the caller's transaction)."""
    db.execute_sql(f'CREATE TABLE IF NOT EXISTS "{TABLE}" ("id" INTEGER NOT NULL PRIMARY KEY)')
    for name, text in TRIGGERS.items():
        db.execute_sql(f'DROP TRIGGER IF EXISTS "{name}"')
        db.execute_sql(text)
    odd = " OR ".join(odd_value(f) for f in Task._meta.sorted_fields)
    db.execute_sql(f'DELETE FROM "{TABLE}"')
    db.execute_sql(f'INSERT INTO "{TABLE}" ("id") SELECT "id" FROM "task" WHERE {odd}')
