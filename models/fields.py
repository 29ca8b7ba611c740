"""Column types of the store: UTC instants as ISO 8601 text, and JSON values as text.

Instants are written as ``2026-12-03T09:00:00Z`` (whole seconds, always this width), so
the text in the database is exactly what the JSON export and PlanSpec carry, and it
sorts in time order.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import peewee


def format_utc(value: datetime) -> str:
    """Return an aware datetime as ISO 8601 text in UTC with a ``Z`` suffix, to the second.

    Whole seconds keep every stored instant the same width, so SQLite compares and
    sorts the text in time order.

    Raises:
        ValueError: if the datetime has no time zone (a naive time is ambiguous).
    """
    if value.tzinfo is None:
        raise ValueError(f"naive datetime {value!r}: give it a time zone")
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_utc(text: str) -> datetime:
    """Parse ISO 8601 text with any offset (or ``Z``) into an aware UTC datetime."""
    value = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError(f"{text!r} has no time zone offset")
    return value.astimezone(UTC)


def dump_json(value: Any) -> str:
    """The one canonical JSON text of a value: compact, keys in their given order."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class UTCDateTimeField(peewee.TextField):
    """An aware instant, stored as UTC ISO 8601 text."""

    field_type = "TEXT"

    def db_value(self, value: datetime | str | None) -> str | None:
        if value is None or isinstance(value, str):
            return value
        return format_utc(value)

    def python_value(self, value: str | None) -> datetime | None:
        return None if value is None else parse_utc(value)


class JSONField(peewee.TextField):
    """A JSON value stored as its canonical compact text."""

    def db_value(self, value: Any) -> str | None:
        return None if value is None else dump_json(value)

    def python_value(self, value: str | None) -> Any:
        return None if value is None else json.loads(value)
