"""The whole database as one JSON file, and back, with an exact round trip.

The export holds every table's rows in id order with the stored values (instants as
UTC text, JSON columns as JSON), so export → import → export is byte-identical. An
import is one transaction: after a crash it is all there or not at all.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import peewee

from app.errors import BadFile, Refused
from app.events import Change, Kind, events
from app.files import write_atomic
from app.io.importers import bounded_json
from app.io.transfer_checks import id_problem, number_problem, value_problem
from app.reminders import store as reminders
from app.tasks.rows import table_columns
from models import ALL_TABLES, SCHEMA_VERSION, Task, atomic, database
from models.fields import JSONField, UTCDateTimeField, dump_json, format_utc, parse_utc

FORMAT = "stepwise-export"
FORMAT_VERSION = 1


def export_data() -> dict[str, Any]:
    """Every row of every table, as plain JSON data."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for model in ALL_TABLES:
        columns = table_columns(model)
        names = ", ".join(f'"{c}"' for c, _ in columns)
        table = model._meta.table_name
        order = model._meta.primary_key.column_name  # type: ignore[union-attr]
        cursor = database.execute_sql(f'SELECT {names} FROM "{table}" ORDER BY "{order}"')
        rows = []
        for values in cursor:
            rows.append({c: (json.loads(v) if is_json and v is not None else v)
                         for (c, is_json), v in zip(columns, values, strict=True)})
        tables[table] = rows
    return {"format": FORMAT, "version": FORMAT_VERSION, "schema_version": SCHEMA_VERSION,
            "tables": tables}


def export_text() -> str:
    return json.dumps(export_data(), ensure_ascii=False, indent=1) + "\n"


def export_file(path: Path) -> int:
    """Write the export atomically; returns the number of tasks written."""
    with database.atomic():  # one consistent snapshot (a read transaction)
        text = export_text()
        count = Task.select().count()
    write_atomic(path, text)
    return count


def import_file(path: Path, *, replace: bool = False) -> int:
    """Load an export into the database in one transaction; returns the task count.

    Raises:
        BadFile: the file is missing, empty, not JSON or not a Stepwise export, or a
            value has the wrong type or is not text.
        Refused: the database has tasks and ``replace`` is False, or a row's value is
            not one Stepwise accepts (the row is named).
    """
    data = bounded_json.read_file(path)  # bounded: no deep nesting, huge numbers, \ud800
    tables = _check_shape(data, path)
    try:
        with atomic():
            if Task.select().exists() and not replace:
                raise Refused("this database already has tasks; add --replace to replace them "
                              "all with the file's (export first if you want to keep them)")
            database.execute_sql("PRAGMA defer_foreign_keys = ON")
            for model in reversed(ALL_TABLES):
                model.delete().execute()
            for model in ALL_TABLES:
                _insert_rows(model, tables.get(model._meta.table_name, []))
            reminders.schedule_all()
    except peewee.IntegrityError as exc:  # deferred foreign keys are checked at commit
        raise BadFile(f"{path}: rows point at rows that are not there ({exc}); "
                      "nothing was imported") from None
    events.emit(Change(Kind.DATABASE_REPLACED))
    return len(tables.get(Task._meta.table_name, []))


def _check_shape(data: Any, path: Path) -> dict[str, list[Any]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile(f"{path} is not a Stepwise database export (no \"format\": \"{FORMAT}\")")
    if data.get("version") != FORMAT_VERSION:
        raise BadFile(f"{path} is export format {data.get('version')!r}; this Stepwise reads "
                      f"{FORMAT_VERSION}")
    schema = data.get("schema_version")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise BadFile(f"{path}: \"schema_version\" should be a whole number from 1, not "
                      f"{str(schema)[:20]!r}; it is not a Stepwise database export")
    if schema > SCHEMA_VERSION:
        raise BadFile(f"{path} comes from schema {schema!r}, newer than this Stepwise's "
                      f"{SCHEMA_VERSION}; upgrade Stepwise to import it")
    tables = data.get("tables")
    known = {m._meta.table_name for m in ALL_TABLES}
    if not isinstance(tables, dict) or set(tables) - known:
        extra = sorted(set(tables) - known) if isinstance(tables, dict) else []
        raise BadFile(f"{path}: 'tables' must map table names to rows"
                      + (f"; unknown tables: {', '.join(extra)}" if extra else ""))
    for name, rows in tables.items():
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise BadFile(f"{path}: table {name!r} must be a list of rows (objects)")
    return tables


_PLAIN_TYPES: dict[type, tuple[type, ...]] = {
    peewee.IntegerField: (int,), peewee.AutoField: (int,), peewee.ForeignKeyField: (int,),
    peewee.FloatField: (int, float), peewee.BooleanField: (bool, int),
    peewee.TextField: (str,),
}


def _type_problem(model: Any, row: dict[str, Any]) -> str | None:
    for field in model._meta.sorted_fields:
        value = row.get(field.column_name)
        if value is None:
            if not field.null and not isinstance(field, peewee.AutoField):
                return f"{field.column_name!r} is required"
            continue
        if isinstance(field, JSONField):
            continue
        kinds = next((k for t, k in _PLAIN_TYPES.items() if isinstance(field, t)), (str,))
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            return f"{field.column_name!r} has the wrong type ({type(value).__name__})"
        if isinstance(field, UTCDateTimeField) and isinstance(value, str):
            try:
                parse_utc(value)
            except ValueError as exc:  # InstantOutOfRange too: it says which range
                return f"{field.column_name!r} is not a time Stepwise keeps: {exc}"
        problem = number_problem(field.column_name, value)
        if problem:
            return problem
    return None


def _insert_rows(model: Any, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    columns = table_columns(model)
    kinds = [(f.column_name, f) for f in model._meta.sorted_fields]
    ids = [c for c, f in kinds if isinstance(f, peewee.AutoField | peewee.ForeignKeyField)]
    names = {c for c, _ in columns}
    table = model._meta.table_name
    sql = (f'INSERT INTO "{table}" ({", ".join(chr(34) + c + chr(34) for c, _ in columns)}) '
           f'VALUES ({", ".join("?" for _ in columns)})')
    values = []
    for number, row in enumerate(rows, start=1):
        unknown = set(row) - names
        if unknown:
            raise BadFile(f"table {table!r}, row {number}: unknown columns "
                          f"{', '.join(sorted(unknown))}; nothing was imported")
        row = {**_added_later(model, row), **row}
        problem = _type_problem(model, row)
        if problem:
            raise BadFile(f"table {table!r}, row {number}: {problem}; nothing was imported")
        problem = id_problem(row, ids) or value_problem(table, row)
        if problem:
            raise Refused(f"table {table!r}, row {number}: {problem}; nothing was imported")
        values.append([_db_value(row.get(c), kind) for c, kind in kinds])
    try:
        database.cursor().executemany(sql, values)
    except sqlite3.IntegrityError as exc:  # duplicate ids and the like: the file's fault
        raise BadFile(f"table {table!r} does not fit the schema: {exc}; nothing was "
                      "imported") from None


def _added_later(model: Any, row: dict[str, Any]) -> dict[str, Any]:
    """The defaults of columns a row leaves out (an export from an older schema has no
    ``outbox_message.subject``): a missing column takes its declared default, not null."""
    return {f.column_name: f.default for f in model._meta.sorted_fields
            if f.column_name not in row and f.default is not None and not callable(f.default)}


def _db_value(value: Any, field: Any) -> Any:
    """A checked value as stored: JSON as its canonical text, instants as UTC text."""
    if value is None:
        return None
    if isinstance(field, JSONField):
        return dump_json(value)
    if isinstance(field, UTCDateTimeField):
        return format_utc(parse_utc(value))
    return value
