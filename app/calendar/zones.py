"""Time zone ids from calendars, resolved to tzinfo: IANA names, Windows names, VTIMEZONEs.

icalendar's zone provider knows IANA ids, Windows names ("W. Europe Standard Time",
"China Standard Time") and the VTIMEZONE components of calendars it has parsed. An id
it does not know falls back to the local zone with a warning, never an error.
"""

from __future__ import annotations

import warnings
from datetime import UTC, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_WARNINGS = 20


def zone_named(key: str) -> tzinfo:
    """The IANA zone ``key`` (falls back to UTC for an empty or unknown key)."""
    try:
        return ZoneInfo(key) if key else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia" is a folder: IsADirectoryError
        return ZoneInfo("UTC")


def zone_key(zone: tzinfo | None) -> str | None:
    """The IANA key of a zone ("UTC" for UTC), or None (a zone built from a VTIMEZONE)."""
    if zone is None:
        return None
    if zone is UTC:
        return "UTC"
    key = getattr(zone, "key", None)
    return str(key) if key else None


class ZoneResolver:
    """Resolves TZIDs for one expansion, collecting warnings instead of raising.

    Args:
        local: the zone for unknown ids and for floating times.
        floating: the zone for floating times (a Google calendar's X-WR-TIMEZONE),
            or None for the local zone.
    """

    def __init__(self, local: tzinfo, floating: tzinfo | None = None) -> None:
        self.local = local
        self.floating = floating or local
        self.calendar: tzinfo | None = None  # the calendar's own zone (X-WR-TIMEZONE)
        self.warnings: list[str] = []
        self.unknown: set[str] = set()
        self._cache: dict[str, tzinfo] = {}

    def zone(self, tzid: str, where: str = "") -> tzinfo:
        """The zone for ``tzid``; an unknown id gives the local zone and one warning."""
        found = self._cache.get(tzid)
        if found is None:
            found = self._lookup(tzid, where)
            self._cache[tzid] = found
        return found

    def _lookup(self, tzid: str, where: str) -> tzinfo:
        from icalendar.timezone import tzp

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            found = tzp.timezone(tzid)
        self.keep(caught)
        if found is not None:
            return found
        self.unknown.add(tzid)
        place = f" ({where})" if where else ""
        self.warn(f"unknown time zone {tzid!r}{place}: its times are read as local time "
                  f"({zone_key(self.local)})")
        return self.local

    def keep(self, caught: list[warnings.WarningMessage]) -> None:
        """Keep the warnings a library gave (caught with ``warnings.catch_warnings``)."""
        for item in caught:  # a vendor-prefixed id's guess is right in practice: no noise
            if item.category.__name__ != "GloballyUniqueTZIDGuessed":
                self.warn(str(item.message))

    def warn(self, message: str) -> None:
        """Keep a warning (the first MAX_WARNINGS, then one line that counts the rest)."""
        if message in self.warnings:
            return
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(message)
        elif len(self.warnings) == MAX_WARNINGS:
            self.warnings.append("… and more warnings")
