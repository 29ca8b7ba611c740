"""Reads of tasks and plans with the standard ``sqlite3`` module, without Peewee.

The lean query layer: it runs the store's own SQL (``app.lean.sql``, generated from the
models and the store's queries) on a read-only connection and returns plain data shaped
exactly as the full path's (``app.tasks.store.list_rows``, ``app.plan.views.task_json``,
``app.plan.views.task_detail``). It never writes and never migrates: a file that is missing,
empty or of another schema version gets no connection (the caller takes the full path,
which checks, migrates or refuses it). A row that Peewee would read differently (a value
of another type, an instant out of range, JSON that does not parse) raises ``Unusual``
for the same reason.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from app.lean import sql

BUSY_TIMEOUT_S = 15  # as the store's (models.db)

Row = list[Any]


class Unusual(Exception):
    """A row the lean path cannot promise to show exactly as the full path does."""


def connect(path: Path) -> sqlite3.Connection | None:
    """A read-only connection to the database at ``path`` when it has this version's schema.

    Returns None for a missing or empty file and for any other schema version (older:
    it needs a migration; newer, or none: the full path refuses it).

    Raises:
        sqlite3.Error: the file cannot be opened or is not a database.
    """
    if not path.is_file() or path.stat().st_size == 0:
        return None
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True,
                           timeout=BUSY_TIMEOUT_S)
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
    except BaseException:
        conn.close()
        raise
    if version != sql.SCHEMA_VERSION:
        conn.close()
        return None
    return conn


_EARLIEST = datetime.fromisoformat(sql.EARLIEST.replace("Z", "+00:00"))
_LATEST = datetime.fromisoformat(sql.LATEST.replace("Z", "+00:00"))


def instant(text: str) -> datetime:
    """A stored instant (``2026-12-03T09:00:00Z``) as an aware datetime, as the store reads it.

    Raises:
        Unusual: the text is not an ISO 8601 instant with an offset inside the range the
            store keeps (the store reads some such text leniently; the full path shows it).
    """
    try:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        raise Unusual("a stored time is not ISO 8601") from None
    if value.utcoffset() is None or not _EARLIEST <= value <= _LATEST:
        raise Unusual("a stored time has no offset or is out of range")
    return value


def _json(text: str, seen: dict[str, Any]) -> Any:
    """The value of JSON ``text``; the same text again gives the same (shared) value."""
    if text not in seen:
        try:
            seen[text] = json.loads(text)
        except (ValueError, RecursionError):
            raise Unusual("a JSON column does not parse") from None
    return seen[text]


def converter(columns: Sequence[str], table: str, instants: bool) -> Callable[[Any], Row]:
    """Turns a row of ``columns`` into the store's values: JSON decoded, and instants as
    datetimes when ``instants`` (else left as their stored text, which is the JSON form).
    Decoded values are shared between rows with the same text: do not change them."""
    dated = [i for i, c in enumerate(columns) if instants and c in sql.INSTANTS[table]]
    decoded = [i for i, c in enumerate(columns) if c in sql.JSON_COLUMNS.get(table, ())]
    seen: dict[str, Any] = {}
    times: dict[str, datetime] = {}  # many rows share a time: parse each text once

    def convert(row: Any) -> Row:
        values = list(row)
        for i in dated:
            text = values[i]
            if text is not None:
                if text not in times:
                    times[text] = instant(text)
                values[i] = times[text]
        for i in decoded:
            if values[i] is not None:
                values[i] = _json(values[i], seen)
        return values

    return convert


def refuse_odd(conn: sqlite3.Connection, query: str, params: Sequence[object]) -> None:
    """Raise ``Unusual`` when the ``SELECT EXISTS`` ``query`` finds a row."""
    if conn.execute(query, tuple(params)).fetchone()[0]:
        raise Unusual("a row holds values the store would read differently")


def none_odd(conn: sqlite3.Connection) -> bool:
    """Whether the file notes every task row with odd values as it is written (its
    triggers are ``models.odd_rows``' to the letter) and notes none: then no row needs
    looking through (100,000 tasks: 0.1 to 0.2 s saved)."""
    kept = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                             "AND tbl_name = 'task'").fetchall())
    if any(kept.get(name) != text for name, text in sql.ODD_TRIGGERS.items()):
        return False
    return not conn.execute(sql.ODD_NOTED).fetchone()[0]


def list_rows(conn: sqlite3.Connection, include_closed: bool = False) -> list[tuple[Any, ...]]:
    """The rows ``app.tasks.store.list_rows`` gives (``LIST_COLUMNS``, instants as datetimes)."""
    if not none_odd(conn):
        refuse_odd(conn, *(sql.ODD_LIST_ALL if include_closed else sql.ODD_LIST_OPEN))
    text, params = sql.LIST_ALL if include_closed else sql.LIST_OPEN
    convert = converter(sql.LIST_COLUMNS, "task", instants=True)
    return [tuple(convert(row)) for row in conn.execute(text, params)]


def first_open_rows(conn: sqlite3.Connection, limit: int) -> list[tuple[Any, ...]]:
    """The first ``limit`` of ``list_rows``' open rows, for a glimpse (the window's first
    frame, replaced by the full path's list moments later).

    Unlike ``list_rows`` it does not look through the whole table for rows the store
    would read differently (at 100,000 tasks that costs 100 ms); a value it cannot
    convert still raises ``Unusual``. SQLite sorts only the first ``limit`` rows.
    """
    text, params = sql.LIST_OPEN
    convert = converter(sql.LIST_COLUMNS, "task", instants=True)
    return [tuple(convert(row)) for row in conn.execute(f"{text} LIMIT ?", (*params, limit))]


def task_json(conn: sqlite3.Connection, task_id: int) -> dict[str, Any] | None:
    """One task as ``app.plan.views.task_json`` shapes it, or None when there is none."""
    refuse_odd(conn, sql.ODD_TASK, (task_id,))
    row = conn.execute(sql.TASK_BY_ID[0], (task_id,)).fetchone()
    if row is None:
        return None
    convert = converter(sql.TASK_COLUMNS, "task", instants=False)
    return dict(zip(sql.TASK_COLUMNS, convert(row), strict=True))


def task_detail(conn: sqlite3.Connection, task_id: int) -> dict[str, Any] | None:
    """What ``app.plan.views.task_detail`` gives (task, latest plan, revisions), or None when
    there is no such task."""
    task = task_json(conn, task_id)
    if task is None:
        return None
    refuse_odd(conn, sql.ODD_PLANS, (task_id,))
    plans = [dict(zip(sql.PLAN_COLUMNS, row, strict=True))
             for row in conn.execute(sql.PLANS_OF_TASK[0], (task_id,))]
    latest = plans[-1] if plans else None
    return {
        "task": task,
        "plan": None if latest is None else plan_json(conn, latest),
        "plan_status": None if latest is None else latest["status"],
        "revisions": [{key: p[key] for key in ("revision", "status", "origin", "source",
                                                "created_at")} for p in plans],
    }


def plan_json(conn: sqlite3.Connection, plan: dict[str, Any]) -> dict[str, Any]:
    """A stored plan as it stands now, as PlanSpec JSON (``PlanSpec.to_json``)."""
    refuse_odd(conn, sql.ODD_STEPS, (plan["id"],))
    convert = converter(sql.STEP_COLUMNS, "step", instants=False)
    rows = [dict(zip(sql.STEP_COLUMNS, convert(row), strict=True))
            for row in conn.execute(sql.STEPS_OF_PLAN[0], (plan["id"],))]
    by_pk = {row["id"]: row["step_id"] for row in rows}
    depends: dict[int, list[str]] = {row["id"]: [] for row in rows}
    for step_pk, dep_pk in conn.execute(sql.EDGES_OF_PLAN[0], (plan["id"],)):
        depends[step_pk].append(_step_id(by_pk, dep_pk))
    steps = [_step_json(row, depends[row["id"]], by_pk) for row in rows]
    return {"schema_version": sql.PLANSPEC_VERSION, "revision": plan["revision"],
            "origin": plan["origin"], "title": plan["title"],
            "objective": plan["objective"], "steps": steps}


def _step_id(by_pk: dict[int, str], pk: int) -> str:
    if pk not in by_pk:
        raise Unusual("a step refers to a step of another plan")
    return by_pk[pk]


def _step_json(row: dict[str, Any], depends_on: list[str], by_pk: dict[int, str]
               ) -> dict[str, Any]:
    renamed = {"id": row["step_id"], "depends_on": depends_on, "due": row["due_at"],
               "parent": None if row["parent_id"] is None else _step_id(by_pk, row["parent_id"])}
    return {key: renamed[key] if key in renamed else row[key] for key in sql.STEP_KEYS}


def page_rows(conn: sqlite3.Connection, ids: Sequence[int]) -> dict[int, tuple[Any, ...]]:
    """One page of the window's task list as ``app.tasks.queries.rows_for`` reads it, by id:
    (id, title, status, priority, due_at, tags as a tuple, problem, has_plan, due_day,
    problem_code, problem_values).

    Open the connection in the worker thread that reads (sqlite3 connections stay on
    their thread); the rows are plain values, never ORM objects.
    """
    chosen = json.dumps([int(i) for i in ids])

    def params(query: tuple[str, tuple[Any, ...]]) -> tuple[Any, ...]:
        return tuple(chosen if value == "[]" else value for value in query[1])

    refuse_odd(conn, sql.ODD_PAGE[0], params(sql.ODD_PAGE))
    planned = {row[0] for row in conn.execute(sql.PAGE_PLANNED[0], params(sql.PAGE_PLANNED))}
    convert = converter(sql.PAGE_COLUMNS, "task", instants=True)
    tags = sql.PAGE_COLUMNS.index("tags")
    rows: dict[int, tuple[Any, ...]] = {}
    for raw in conn.execute(sql.PAGE_ROWS[0], params(sql.PAGE_ROWS)):
        *values, all_day, zone, code, stored = convert(raw)
        values[tags] = tuple(values[tags])
        rows[values[0]] = (*values, values[0] in planned, due_day(values[4], all_day, zone),
                           code, stored)
    return rows


def due_day(due: datetime | None, all_day: list[str] | None, zone_name: str | None
             ) -> date | None:
    """An all-day due's date, as ``app.tasks.queries.due_day`` reads it."""
    if due is None or "due" not in (all_day or ()):
        return None
    from app.tasks.formatting import day_of

    return day_of(due, zone_name)
