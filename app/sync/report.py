"""What one sync run did, for ``stepwise sync now`` and the window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from icalendar import Calendar, Todo

Progress = Callable[[str, int, int], None]  # (phase, done, total)


@dataclass
class Report:
    pushed: int = 0
    pulled: int = 0
    merged: int = 0
    created: int = 0
    trashed: int = 0
    deleted: int = 0
    conflicts: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    retry: int = 0  # items the server changed under us: pushed next time

    def as_json(self) -> dict[str, Any]:
        return {"pushed": self.pushed, "pulled": self.pulled, "merged": self.merged,
                "created": self.created, "trashed": self.trashed, "deleted": self.deleted,
                "conflicts": self.conflicts, "skipped": self.skipped, "retry": self.retry}


def first_todo(text: str) -> Todo | None:
    """The VTODO of one calendar object's text, or None (an event, broken text)."""
    try:
        calendar = Calendar.from_ical(text)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return None
    return next((c for c in calendar.walk("VTODO") if isinstance(c, Todo)), None)
