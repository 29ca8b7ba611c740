"""Writes ``app/lean/sql.py``: the lean path's SQL, taken from the store's own queries.

The lean ``stepwise list`` and ``show`` (``app.cli.lean``) must not import Peewee, so the SQL
they run is generated here once, from the Peewee models' metadata and the store's
listing query (``app.tasks.store.list_query``), and kept as plain text. Run
``python -m app.lean.schema`` after changing the models or those queries;
tests/app/test_lean_list.py fails while the file is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import peewee

from app.plan import spec as planspec
from app.tasks.store import LIST_COLUMNS, list_query
from models import SCHEMA_VERSION, Plan, Step, StepDependency, Task
from models.fields import EARLIEST, LATEST, JSONField, UTCDateTimeField, format_utc
from models.odd_rows import TABLE as ODD_TABLE
from models.odd_rows import TRIGGERS, odd_value

TARGET = Path(__file__).with_name("sql.py")
_ANNOTATIONS = {int: "int", str: "str", tuple: "tuple[Any, ...]",
                dict: "dict[str, tuple[str, ...]]"}
_TEXTS = "dict[str, str]"  # a dict of SQL texts (``ODD_COLUMN``)
PAGE_COLUMNS = ("id", "title", "status", "priority", "due_at", "tags", "problem", "all_day",
                "timezone", "problem_code", "problem_values")
_PLAN_ROW = [f for f in Plan._meta.sorted_fields if f.name != "spec"]  # as app.plan.store reads


def _columns(model: type[peewee.Model]) -> tuple[str, ...]:
    return tuple(f.column_name for f in model._meta.sorted_fields)


def _of_kind(model: type[peewee.Model], kind: type[peewee.Field]) -> tuple[str, ...]:
    return tuple(f.column_name for f in model._meta.sorted_fields if isinstance(f, kind))


def _odd_where(model: type[peewee.Model], fields: list[peewee.Field] | None = None,
               instants: bool = True) -> str:
    """``instants=False`` checks only that instants are text (the caller parses them)."""
    chosen = fields or model._meta.sorted_fields
    return " OR ".join(odd_value(f) if instants or not isinstance(f, UTCDateTimeField)
                       else f"typeof(\"{f.column_name}\") NOT IN ('text', 'null')"
                       for f in chosen)


def _odd_listed(include_closed: bool, fields: list[peewee.Field], instants: bool = True
                ) -> tuple[str, tuple[Any, ...]]:
    """Whether a task the listing shows holds an odd value in one of ``fields``."""
    return _exists(list_query(include_closed, ("id",)).order_by().limit(1)
                   .where(peewee.SQL(f"({_odd_where(Task, fields, instants)})")))


def _sql(query: Any) -> tuple[str, tuple[Any, ...]]:
    text, params = query.sql()
    # Plain values: a StrEnum member stands for its text (and has no stable repr).
    return text, tuple(str(p) if isinstance(p, str) else p for p in params)


def _plan_sql() -> dict[str, tuple[str, tuple[Any, ...]]]:
    plans = Plan.select(*_PLAN_ROW).where(Plan.task == 0).order_by(Plan.revision)
    steps = Step.select().where(Step.plan == 0).order_by(Step.position)
    edges = (StepDependency.select(StepDependency.step, StepDependency.depends_on)
             .join(Step, on=StepDependency.step == Step.id)
             .where(Step.plan == 0).order_by(StepDependency.id))
    return {"PLANS_OF_TASK": _sql(plans), "STEPS_OF_PLAN": _sql(steps),
            "EDGES_OF_PLAN": _sql(edges)}


def _page_sql() -> dict[str, Any]:
    """One page of the window's task list (``app.tasks.queries.rows_for``): the ids go in
    as one JSON array, so a page of any size is one query."""
    ids = Task.id.in_(peewee.SQL("(SELECT value FROM json_each(?))", ["[]"]))
    fields = [getattr(Task, c) for c in PAGE_COLUMNS]
    planned = Plan.select(Plan.task).where(
        Plan.task.in_(peewee.SQL("(SELECT value FROM json_each(?))", ["[]"]))).distinct()
    return {
        "PAGE_COLUMNS": PAGE_COLUMNS,
        "PAGE_ROWS": _sql(Task.select(*fields).where(ids)),
        "PAGE_PLANNED": _sql(planned),
        "ODD_PAGE": _exists(Task.select(Task.id).where(ids).limit(1).where(
            peewee.SQL(f"({_odd_where(Task, fields, instants=False)})"))),
    }


def _exists(query: Any) -> tuple[str, tuple[Any, ...]]:
    text, params = _sql(query)
    return f"SELECT EXISTS ({text})", params


def _listed_sql(include_closed: bool) -> tuple[str, tuple[Any, ...]]:
    """The listing's ``FROM … WHERE …`` (with its parameters), for a query that picks its
    own columns (``app.lean.reads.list_json``)."""
    text, params = _sql(list_query(include_closed, ("id",)).order_by())
    return f" FROM {text.partition(' FROM ')[2]}", params


def _order_sql() -> str:
    """The listing's ``ORDER BY …``, the same for open and all."""
    text, _ = _sql(list_query(False, ("id",)))
    return f" ORDER BY {text.rpartition(' ORDER BY ')[2]}"


def _odd_sql() -> dict[str, Any]:
    """Queries that find rows the lean path must leave to the full path."""
    listed = [f for f in Task._meta.sorted_fields if f.column_name in LIST_COLUMNS]
    return {
        "ODD_LIST_OPEN": _odd_listed(False, listed, instants=False),
        "ODD_LIST_ALL": _odd_listed(True, listed, instants=False),
        "ODD_LIST_OPEN_FULL": _odd_listed(False, Task._meta.sorted_fields),
        "ODD_LIST_ALL_FULL": _odd_listed(True, Task._meta.sorted_fields),
        "ODD_COLUMN": {f.column_name: odd_value(f) for f in Task._meta.sorted_fields},
        "ODD_TASK": f'SELECT EXISTS (SELECT 1 FROM "task" WHERE "id" = ? AND '
                    f"({_odd_where(Task)}))",
        "ODD_PLANS": f'SELECT EXISTS (SELECT 1 FROM "plan" WHERE "task_id" = ? AND '
                     f"({_odd_where(Plan, _PLAN_ROW)}))",
        "ODD_TRIGGERS": TRIGGERS,
        "ODD_NOTED": f'SELECT EXISTS (SELECT 1 FROM "{ODD_TABLE}")',
        "ODD_STEPS": f'SELECT EXISTS (SELECT 1 FROM "step" WHERE "plan_id" = ? AND '
                     f"({_odd_where(Step)}))",
    }


def values() -> dict[str, Any]:
    """Every constant of ``app/lean/sql.py``, by name, as the store has them now."""
    task_all = _columns(Task)
    return {
        "SCHEMA_VERSION": SCHEMA_VERSION,
        "PLANSPEC_VERSION": planspec.SCHEMA_VERSION,
        "EARLIEST": format_utc(EARLIEST),
        "LATEST": format_utc(LATEST),
        "STEP_KEYS": planspec.STEP_KEYS,
        "LIST_COLUMNS": LIST_COLUMNS,
        "TASK_COLUMNS": task_all,
        "PLAN_COLUMNS": tuple(f.column_name for f in _PLAN_ROW),
        "STEP_COLUMNS": _columns(Step),
        "INSTANTS": {m._meta.table_name: _of_kind(m, UTCDateTimeField) for m in (Task, Plan, Step)},
        "JSON_COLUMNS": {m._meta.table_name: _of_kind(m, JSONField) for m in (Task, Step)},
        "LIST_OPEN": _sql(list_query(False)),
        "LIST_ALL": _sql(list_query(True)),
        "LIST_OPEN_FULL": _sql(list_query(False, task_all)),
        "LIST_ALL_FULL": _sql(list_query(True, task_all)),
        "TASK_BY_ID": _sql(Task.select().where(Task.id == 0)),
        "LISTED_OPEN": _listed_sql(False),
        "LISTED_ALL": _listed_sql(True),
        "LIST_ORDER": _order_sql(),
        **_plan_sql(),
        **_page_sql(),
        **_odd_sql(),
    }


def render() -> str:
    """The text of ``app/lean/sql.py``."""
    lines = ['"""The lean path\'s SQL and column names. GENERATED by `python -m app.lean.schema`',
             "from the Peewee models and the store's queries: do not edit by hand.",
             "", "Each query is (SQL, parameters); a 0 parameter stands for the id given.",
             '"""', "# ruff: noqa: E501", "", "from typing import Any", ""]
    for name, value in values().items():
        kind = _ANNOTATIONS[type(value)]
        if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            kind = _TEXTS
        lines.append(f"{name}: {kind} = {value!r}")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write ``app/lean/sql.py``; with ``--check``, exit 1 when it is out of date."""
    text = render()
    if "--check" in sys.argv[1:]:
        return 0 if TARGET.read_text(encoding="utf-8") == text else 1
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
