"""The listing's tasks as ``app.plan.views.task_json`` shapes them, read column by column
only where rows differ (``stepwise list --json`` on 100,000 tasks).

Reading every column of every row costs most of the command: 26 Python values a row,
then a dict of 26. But in a large list most columns hold one value in every row (an
empty detail, worker "me", no recurrence, empty lists). So a sample of rows names the
columns that look constant; the listing's query reads only the others, and asks SQLite,
with a cheap comparison per row, whether the row does hold the sampled values in the
rest. Those rows are a copy of one dict with the read columns put in. A row that holds
anything else is read whole, as before, so the result is the same list whatever the
rows hold. Unless the file's own triggers say no row holds a value the store would
read differently (``reads.none_odd``), the same pass checks the columns it reads for
such values (``sql.ODD_COLUMN``; 0.2 s of 100,000 tasks): the constants were checked in
the sample.

Everything is read in one read transaction, so the listing is one state of the file.
"""

from __future__ import annotations

import functools
import gc
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from app.lean import columns_json, sql
from app.lean.reads import Unusual, converter, none_odd, refuse_odd

SAMPLE_ROWS = 64  # enough to tell a column of one value from one that varies
_USUAL, _ELSE, _ODD = 0, 1, 2  # what the last column of a row says


def list_json(conn: sqlite3.Connection, include_closed: bool = False) -> list[dict[str, Any]]:
    """Every listed task as ``app.plan.views.task_json`` shapes it, in the listing's order.

    Raises:
        Unusual: a listed row holds a value the store would read differently.
    """
    with _snapshot(conn):
        found = _read(conn, include_closed)
        return [] if found is None else _dicts(conn, *found)


def list_bytes(conn: sqlite3.Connection, include_closed: bool = False
               ) -> Iterator[bytes] | None:
    """``list_json``'s tasks as `stepwise list --json` prints them to a UTF-8 stdout
    (indented JSON and a newline), encoded column by column with no dict per task
    (``columns_json``), in pieces to write one after the other; None when orjson cannot
    encode a value (then ``list_json``).

    Raises:
        Unusual: a listed row holds a value the store would read differently.
    """
    with _snapshot(conn):
        found = _read(conn, include_closed)
        if found is None:
            return iter((b"[]\n",))
        rows, read, base = found
        columns = list(zip(*rows, strict=True))
        del rows  # each value is now held by its column
        whole = _whole_rows(conn, _others(columns[0], columns[-1]))
        seen: dict[str, Any] = {}
        try:
            return columns_json.listing(sql.TASK_COLUMNS, base, read, columns,
                                        sql.JSON_COLUMNS["task"],
                                        functools.partial(_decoded, seen=seen), whole)
        except TypeError:  # orjson.JSONEncodeError: an int past 64 bits, say
            return None


@contextmanager
def _snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """One read transaction (one state of the file for every query), and no cyclic
    garbage collection while 100,000 rows are made (they hold no cycles: its passes over
    the growing list cost ~0.1 s)."""
    enabled = gc.isenabled()
    gc.disable()
    conn.execute("BEGIN")
    try:
        yield
    finally:
        conn.execute("COMMIT")
        if enabled:
            gc.enable()


def _read(conn: sqlite3.Connection, include_closed: bool
          ) -> tuple[list[Any], list[str], dict[str, Any]] | None:
    """The listing's rows (the ``read`` columns and the kind), ``read``, and the dict of a
    row holding the sampled values; None when nothing is listed."""
    listed, params = sql.LISTED_ALL if include_closed else sql.LISTED_OPEN
    columns = sql.TASK_COLUMNS
    sample = conn.execute(f"SELECT {_names(columns)}{listed} LIMIT ?",
                          (*params, SAMPLE_ROWS)).fetchall()
    if not sample:
        return None
    checked = none_odd(conn)
    if not checked:
        refuse_odd(conn, sql.ODD_TASK, (sample[0][0],))  # the constants are this row's
    constant = [i for i, c in enumerate(columns) if c != "id" and _one_value(sample, i)]
    read = [c for i, c in enumerate(columns) if i not in constant]
    fixed = [sample[0][i] for i in constant]
    kind = _kind_sql([columns[i] for i in constant], () if checked else read)
    query = f"SELECT {_names(read)}, {kind}{listed}{sql.LIST_ORDER}"
    return conn.execute(query, (*fixed, *params)).fetchall(), read, _base(sample[0])


def _others(ids: Sequence[int], kinds: Sequence[int]) -> dict[int, int]:
    """The place of each row that differs from the sample's constants, by task id.

    Raises:
        Unusual: a row holds a value the store would read differently.
    """
    if not any(kinds):
        return {}
    if _ODD in kinds:
        raise Unusual("a row holds values the store would read differently")
    return {ids[n]: n for n, kind in enumerate(kinds) if kind}


def _one_value(sample: Sequence[tuple[Any, ...]], index: int) -> bool:
    first = sample[0][index]
    return all(type(row[index]) is type(first) and row[index] == first for row in sample)


def _names(columns: Sequence[str]) -> str:
    return ", ".join(f'"t1"."{c}"' for c in columns)


def _kind_sql(constant: Sequence[str], checked: Sequence[str]) -> str:
    """SQL for the last column: ``_ODD`` when a column of ``checked`` holds an odd value,
    ``_USUAL`` when the constant columns hold the sampled values (``IS``: the same type
    and value, or both null), else ``_ELSE``."""
    same = " AND ".join(f'"t1"."{c}" IS ?' for c in constant) or "1"
    usual = f"WHEN {same} THEN {_USUAL} ELSE {_ELSE} END"
    if not checked:
        return f"CASE {usual}"
    odd = " OR ".join(_odd_sql(c, checked) for c in checked)
    return f"CASE WHEN {odd} THEN {_ODD} {usual}"


def _odd_sql(column: str, read: Sequence[str]) -> str:
    """SQL true when ``column`` holds an odd value. An instant the same as the first instant
    read in its row (a task's ``updated_at`` until it is edited) is checked there: checking
    an instant costs ~1 µs, a third of the listing's query."""
    instants = [c for c in read if c in sql.INSTANTS["task"]]
    if column in instants[1:]:
        return f'("t1"."{column}" IS NOT "t1"."{instants[0]}" AND ({sql.ODD_COLUMN[column]}))'
    return f"({sql.ODD_COLUMN[column]})"


def _base(row: tuple[Any, ...]) -> dict[str, Any]:
    """The dict of a row holding the sampled values, the first sampled row's."""
    convert = converter(sql.TASK_COLUMNS, "task", instants=False)
    return dict(zip(sql.TASK_COLUMNS, convert(row), strict=True))


def _dicts(conn: sqlite3.Connection, rows: list[Any], read: Sequence[str],
           base: dict[str, Any]) -> list[dict[str, Any]]:
    whole = _whole_rows(conn, _others([row[0] for row in rows], [row[-1] for row in rows]))
    decoded = [(n, c) for n, c in enumerate(read) if c in sql.JSON_COLUMNS["task"]]
    seen: dict[str, Any] = {}
    found: list[dict[str, Any]] = []
    copy, add = base.copy, found.append
    for row in rows:
        task = copy()
        task.update(zip(read, row, strict=False))  # the kind, last, has no name
        for n, name in decoded:
            text = row[n]
            if text is not None:
                task[name] = seen[text] if text in seen else _decoded(text, seen)
        add(task)
    for place, task in whole.items():
        found[place] = task
    return found


def _decoded(text: str, seen: dict[str, Any]) -> Any:
    """JSON ``text`` decoded, once for each different text (the values are shared)."""
    if text not in seen:
        try:
            seen[text] = json.loads(text)
        except (ValueError, RecursionError):
            raise Unusual("a JSON column does not parse") from None
    return seen[text]


def _whole_rows(conn: sqlite3.Connection, ids: dict[int, int]) -> dict[int, dict[str, Any]]:
    """The rows of ``ids`` (task id: place) read whole and checked whole, as
    ``reads.task_json`` reads one, by their place."""
    if not ids:
        return {}
    chosen = json.dumps(list(ids))
    where = ' WHERE "id" IN (SELECT value FROM json_each(?))'
    odd = " OR ".join(f"({sql.ODD_COLUMN[c]})" for c in sql.TASK_COLUMNS)
    refuse_odd(conn, f'SELECT EXISTS (SELECT 1 FROM "task"{where} AND ({odd}))', (chosen,))
    convert = converter(sql.TASK_COLUMNS, "task", instants=False)
    names = ", ".join(f'"{c}"' for c in sql.TASK_COLUMNS)
    rows = conn.execute(f'SELECT {names} FROM "task"{where}', (chosen,))
    return {ids[row[0]]: dict(zip(sql.TASK_COLUMNS, convert(row), strict=True)) for row in rows}
