"""Column types of the store: UTC instants as ISO 8601 text, and JSON values as text.

Instants are written as ``2026-12-03T09:00:00Z`` (whole seconds, always this width), so
the text in the database is exactly what the JSON export and PlanSpec carry, and it
sorts in time order. Every instant that crosses a boundary (the CLI, an import, a
PlanSpec, a calendar, a model's reply, the store itself) is checked against one
supported range, ``EARLIEST`` to ``LATEST``, by ``checked_utc``.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

import peewee

EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
"""The first instant Stepwise keeps.

Before 1900 most zones run on local mean time with offsets in odd seconds
(Asia/Shanghai was +08:05:43), which a planner has no use for, and a year below 1000
would not keep the fixed four-digit width that makes stored text sort in time order.
"""
LATEST = datetime(9999, 12, 30, 23, 59, 59, tzinfo=UTC)
"""The last instant Stepwise keeps: one day short of ``datetime.max``, so every instant
in range can still be shown in any zone (offsets reach ±24 hours) without overflowing."""

_ISO_UTC = "%04d-%02d-%02dT%02d:%02d:%02dZ"
_LEGACY_YEAR = re.compile(r"^(\d{1,3})(?=-)")


class InstantOutOfRange(ValueError):
    """A time outside the range Stepwise keeps (``EARLIEST`` to ``LATEST``)."""

    def __init__(self, value: object) -> None:
        super().__init__(
            f"{value} is outside the times Stepwise keeps "
            f"({format_utc(EARLIEST)} to {format_utc(LATEST)})")
        self.value = value


def checked_utc(value: datetime) -> datetime:
    """Return an aware datetime in UTC, refusing naive ones and ones out of range.

    Raises:
        ValueError: if the datetime has no time zone (a naive time is ambiguous).
        InstantOutOfRange: if it lies before ``EARLIEST`` or after ``LATEST`` (also
            when its offset alone would push it past what a datetime can hold).
    """
    if value.utcoffset() is None:
        raise ValueError(f"naive datetime {value!r}: give it a time zone")
    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        raise InstantOutOfRange(value.isoformat()) from None
    if not EARLIEST <= utc <= LATEST:
        raise InstantOutOfRange(value.isoformat())
    return utc


def format_utc(value: datetime) -> str:
    """Return an aware datetime as ISO 8601 text in UTC with a ``Z`` suffix, to the second.

    Whole seconds and a four-digit year keep every stored instant the same width, so
    SQLite compares and sorts the text in time order.

    Raises:
        ValueError: if the datetime has no time zone (a naive time is ambiguous).
        InstantOutOfRange: if it is outside ``EARLIEST`` .. ``LATEST``.
    """
    value = checked_utc(value)
    return _ISO_UTC % (value.year, value.month, value.day, value.hour, value.minute,
                       value.second)


def _read_iso(text: str) -> datetime:
    """ISO 8601 text with an offset (or ``Z``) as an aware UTC datetime, range unchecked."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not ISO 8601 text")
    value = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    if value.utcoffset() is None:
        raise ValueError(f"{text!r} has no time zone offset")
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise InstantOutOfRange(text) from None


def parse_utc(text: str) -> datetime:
    """Parse ISO 8601 text with any offset (or ``Z``) into an aware UTC datetime.

    Raises:
        ValueError: for text that is not an ISO 8601 time with an offset.
        InstantOutOfRange: for a time outside ``EARLIEST`` .. ``LATEST``.
    """
    return checked_utc(_read_iso(text))


def dump_json(value: Any) -> str:
    """The one canonical JSON text of a value: compact, keys in their given order."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class UTCDateTimeField(peewee.TextField):
    """An aware instant, stored as UTC ISO 8601 text; only instants in range are written."""

    field_type = "TEXT"

    def db_value(self, value: datetime | str | None) -> str | None:
        if value is None:
            return None
        return format_utc(parse_utc(value) if isinstance(value, str) else value)

    def python_value(self, value: str | None) -> datetime | None:
        # Reads stay lenient, so a row written before the range was enforced (a year
        # written without its leading zeros) can still be shown and corrected.
        if value is None:
            return None
        return _read_iso(_LEGACY_YEAR.sub(lambda m: m.group(1).zfill(4), value))


class JSONField(peewee.TextField):
    """A JSON value stored as its canonical compact text."""

    def db_value(self, value: Any) -> str | None:
        return None if value is None else dump_json(value)

    def python_value(self, value: str | None) -> Any:
        return None if value is None else json.loads(value)
