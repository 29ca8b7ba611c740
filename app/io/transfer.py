"""The whole database as one JSON file, and back, with an exact round trip.

The export holds every table's rows in id order with the stored values (instants as
UTC text, JSON columns as JSON), so export → import → export is byte-identical.

An import checks every row first (types, values, references), then writes in
transactions of a fraction of a second each (``HOLD_S``), so another writer waits for
the lock briefly, never for the whole file. Rows keep their ids, so a cut import
(Ctrl+C, a crash) left a beginning of the file: importing the file again, without
``--replace``, finds those rows and adds the rest.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, NamedTuple

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
# The longest a transaction of an import holds the write lock, and the pause after it
# (longer than the 100 ms between a waiting writer's tries), as app.io.importers.store.
HOLD_S = 0.4
GAP_S = 0.11


class Cancelled(Exception):
    """Ctrl+C stopped an import; what was committed stays (``str()`` says how much)."""


class Rows(NamedTuple):
    """One table's checked rows, ready to insert: the statement and each row's values."""

    model: Any
    sql: str
    values: list[list[Any]]


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
    """Load an export into the database in short transactions; returns the task count.

    Raises:
        BadFile: the file is missing, empty, not JSON or not a Stepwise export, a
            value has the wrong type or is not text, or a row points at a row that is
            not there (nothing was imported).
        Refused: the database has other tasks and ``replace`` is False, or a row's value
            is not one Stepwise accepts (the row is named; nothing was imported).
        Cancelled: Ctrl+C; the transactions committed before it stay.
    """
    data = bounded_json.read_file(path)  # bounded: no deep nesting, huge numbers, \ud800
    tables = _check_shape(data, path)
    prepared = [_prepared(model, tables.get(model._meta.table_name, []))
                for model in ALL_TABLES]
    _check_references(prepared, path)
    total = len(tables.get(Task._meta.table_name, []))
    try:
        _write(prepared, replace)
    except KeyboardInterrupt:
        done = Task.select().count()
        events.emit(Change(Kind.DATABASE_REPLACED))
        raise Cancelled(f"imported {done:,} of {total:,} tasks before it was cancelled; "
                        "importing the file again skips those") from None
    events.emit(Change(Kind.DATABASE_REPLACED))
    return total


def _write(prepared: list[Rows], replace: bool) -> None:
    with atomic():
        if replace or not Task.select().exists():  # settings and the like go too
            for model in reversed(ALL_TABLES):
                model.delete().execute()
        here = _rows_here(prepared)
    for rows, start in zip(prepared, here, strict=True):
        _insert_from(rows, start)
    with atomic():
        reminders.schedule_all()


def _rows_here(prepared: list[Rows]) -> list[int]:
    """How many of each table's rows are here already: none in an empty database, or a
    beginning of the file that a cut import of it committed.

    Raises:
        Refused: the database holds rows that are not such a beginning.
    """
    here = []
    for rows in prepared:
        stored = [list(r) for r in database.execute_sql(
            f'SELECT {_names(rows.model)} FROM "{rows.model._meta.table_name}" '
            f'ORDER BY "{rows.model._meta.primary_key.column_name}"')]
        if stored != rows.values[:len(stored)]:
            raise Refused("this database already has tasks; add --replace to replace them "
                          "all with the file's (export first if you want to keep them)")
        here.append(len(stored))
    return here


def _insert_from(rows: Rows, start: int) -> None:
    """Insert ``rows`` from ``start`` on, committing about every ``HOLD_S``.

    A table whose rows point at later rows of itself (a step's parent) goes in one
    transaction: a commit between them would find the reference dangling.
    """
    step = len(rows.values) if _points_ahead(rows) else 500
    position = start
    while position < len(rows.values):
        ends = time.monotonic() + HOLD_S
        first = position
        with atomic():
            database.execute_sql("PRAGMA defer_foreign_keys = ON")
            while position < len(rows.values) and (position == first or
                                                    time.monotonic() < ends):
                chunk = rows.values[position:position + step]
                _insert(rows, chunk)
                position += len(chunk)
        if position < len(rows.values):
            time.sleep(GAP_S)


def _insert(rows: Rows, values: list[list[Any]]) -> None:
    table = rows.model._meta.table_name
    try:
        database.cursor().executemany(rows.sql, values)
    except sqlite3.IntegrityError as exc:  # duplicate ids and the like: the file's fault
        raise BadFile(f"table {table!r} does not fit the schema: {exc}; nothing was "
                      "imported") from None


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


def _prepared(model: Any, rows: list[dict[str, Any]]) -> Rows:
    """The table's rows checked and as stored, in the table's column order.

    Raises:
        BadFile: a row has an unknown column or a value of the wrong type.
        Refused: a row's value is not one Stepwise accepts.
    """
    columns = table_columns(model)
    kinds = [(f.column_name, f) for f in model._meta.sorted_fields]
    ids = [c for c, f in kinds if isinstance(f, peewee.AutoField | peewee.ForeignKeyField)]
    names = {c for c, _ in columns}
    table = model._meta.table_name
    sql = (f'INSERT INTO "{table}" ({_names(model)}) '
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
    return Rows(model, sql, values)


def _names(model: Any) -> str:
    return ", ".join(f'"{c}"' for c, _ in table_columns(model))


def _foreign_keys(model: Any) -> list[tuple[int, Any]]:
    """(column position, referenced model) of each foreign key of ``model``."""
    return [(n, f.rel_model) for n, f in enumerate(model._meta.sorted_fields)
            if isinstance(f, peewee.ForeignKeyField)]


def _check_references(prepared: list[Rows], path: Path) -> None:
    """Every foreign key names a row of the file (checked before anything is written,
    since the transactions commit one by one).

    Raises:
        BadFile: a row points at a row that is not in the file.
    """
    ids = {rows.model: {values[0] for values in rows.values} for rows in prepared}
    for rows in prepared:
        for column, target in _foreign_keys(rows.model):
            known = ids.get(target, set())
            if any(v[column] is not None and v[column] not in known for v in rows.values):
                raise BadFile(f"{path}: rows of {rows.model._meta.table_name!r} point at rows "
                              "that are not there; nothing was imported")


def _points_ahead(rows: Rows) -> bool:
    """Whether a row refers to a row of its own table that comes later in the file."""
    own = [n for n, target in _foreign_keys(rows.model) if target is rows.model]
    place = {values[0]: n for n, values in enumerate(rows.values)}
    return any(values[c] is not None and place.get(values[c], -1) > n
               for n, values in enumerate(rows.values) for c in own)


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
