"""What the values of an imported row must be, beyond their column types, per table.

A database export is checked whole before anything is written: ids positive, integers
within SQLite's range, numbers finite, instants in the supported range, statuses from
the state machines (``app.states``), priorities 1–4, tags a list of text, RRULEs and
time zones valid, outbox statuses consistent with their times, settings valid. The
first problem names its table and row; nothing is imported.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from app.states import PLAN, STEP, TASK

MAX_INT = 2**63 - 1
Check = Callable[[dict[str, Any]], str | None]


def number_problem(column: str, value: Any) -> str | None:
    """A number SQLite cannot hold: beyond its integers, or not finite (a type problem)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and not -MAX_INT - 1 <= value <= MAX_INT:
        return f"{column!r} is too large a number ({str(value)[:20]}…)"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{column!r} is not a finite number ({value})"
    return None


def id_problem(row: dict[str, Any], id_columns: list[str]) -> str | None:
    """An id or reference that is not positive."""
    for column in id_columns:
        value = row.get(column)
        if isinstance(value, int) and not isinstance(value, bool) and value < 1:
            return f"{column!r} must be a positive id, not {value}"
    return None


def _status(machine_states: dict[str, str], machine: str) -> Check:
    def check(row: dict[str, Any]) -> str | None:
        status = row.get("status")
        if status is None or status in machine_states:
            return None
        return (f"'status' {str(status)[:40]!r} is not a {machine} status "
                f"({', '.join(machine_states)})")
    return check


def _task_values(row: dict[str, Any]) -> str | None:
    from app.tasks.store import PRIORITIES

    tags = row.get("tags")
    if tags is not None and not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
        return "'tags' must be a list of text"
    if row.get("priority") is not None and row["priority"] not in PRIORITIES:
        return f"'priority' runs from 1 to 4, not {str(row['priority'])[:20]}"
    if isinstance(row.get("title"), str) and not row["title"].strip():
        return "'title' is empty"
    for key in ("named", "all_day"):  # which of start and due are named times, or dates
        roles = row.get(key)
        if roles is not None and not (isinstance(roles, list)
                                      and all(r in ("start", "due") for r in roles)):
            return f"'{key}' must be a list of \"start\" and \"due\""
    return _rrule_problem(row) or _zone_problem(row.get("timezone"))


def _rrule_problem(row: dict[str, Any]) -> str | None:
    """The task's RRULE through the one validator, anchored at its start or due time."""
    from app.errors import KnownError
    from app.tasks.store import check_rrule
    from models.fields import parse_utc

    rule = row.get("recurrence")
    if not isinstance(rule, str):
        return None
    anchor = row.get("start_at") or row.get("due_at")
    try:
        check_rrule(rule, parse_utc(anchor) if isinstance(anchor, str) else None)
    except (KnownError, ValueError) as exc:
        return f"'recurrence': {exc}"
    return None


def _zone_problem(zone: Any) -> str | None:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    if not isinstance(zone, str):
        return None
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return f"'timezone' {zone[:60]!r} is not an IANA time zone"
    return None


def _shaped(column: str, kind: type, what: str) -> Check:
    def check(row: dict[str, Any]) -> str | None:
        value = row.get(column)
        return None if value is None or isinstance(value, kind) else \
            f"{column!r} must be {what}"
    return check


_OUTBOX_TIMES = {  # status -> (decided_at present?, sent_at present?)
    "pending": (False, False), "approved": (True, False), "rejected": (True, False),
    "sent": (True, True),
}


def _outbox_values(row: dict[str, Any]) -> str | None:
    status = row.get("status")
    if status is None:
        return None
    if status not in _OUTBOX_TIMES:
        return f"'status' {str(status)[:40]!r} is not one of {', '.join(_OUTBOX_TIMES)}"
    decided, sent = _OUTBOX_TIMES[status]
    if (row.get("decided_at") is not None) != decided or (row.get("sent_at") is not None) != sent:
        return (f"a {status} message must {'' if decided else 'not '}have 'decided_at' and "
                f"must {'' if sent else 'not '}have 'sent_at'")
    return None


def _setting_values(row: dict[str, Any]) -> str | None:
    from app.config import settings

    decl = settings.SETTINGS.get(str(row.get("key")))
    if decl is None:
        return None  # a setting this Stepwise does not know: kept as it is
    problem = decl.problem(row.get("value"))
    return f"setting {decl.key} {problem}" if problem else None


def _both(*checks: Check) -> Check:
    def check(row: dict[str, Any]) -> str | None:
        return next((p for p in (c(row) for c in checks) if p), None)
    return check


CHECKS: dict[str, Check] = {
    "task": _both(_status(TASK.states, "task"), _task_values),
    "plan": _both(_status(PLAN.states, "plan"), _shaped("spec", dict, "a JSON object")),
    "step": _both(_status(STEP.states, "step"), _shaped("inputs", dict, "a JSON object")),
    "outbox_message": _outbox_values,
    "setting": _setting_values,
}


def value_problem(table: str, row: dict[str, Any]) -> str | None:
    """The first thing wrong with a row's values (types already checked), or None."""
    check = CHECKS.get(table)
    return check(row) if check is not None else None
