"""What one sync run did, for ``stepwise sync now`` and the window; how an item's text
is read (``read_item``: what cannot be read is named, never dropped in silence)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from icalendar import Calendar, Todo

Progress = Callable[[str, int, int], None]  # (phase, done, total)
_BROKEN = (ValueError, IndexError, KeyError, AttributeError, TypeError)


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
    # Other devices' items Stepwise could not take; they stay on the server untouched.
    unreadable: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # values left out of items it took

    def as_json(self) -> dict[str, Any]:
        return {"pushed": self.pushed, "pulled": self.pulled, "merged": self.merged,
                "created": self.created, "trashed": self.trashed, "deleted": self.deleted,
                "conflicts": self.conflicts, "skipped": self.skipped, "retry": self.retry,
                "unreadable": self.unreadable, "notes": self.notes}

    def unreadable_line(self) -> str | None:
        """The one line that tells the person about ``unreadable`` (None: nothing)."""
        if not self.unreadable:
            return None
        count = len(self.unreadable)
        shown = "; ".join(self.unreadable[:3]) + ("; …" if count > 3 else "")
        items = "item" if count == 1 else "items"
        verb = "stays" if count == 1 else "stay"
        return (f"{count} {items} from other devices could not be read: {shown} — "
                f"{'it' if count == 1 else 'they'} {verb} on the server untouched")


def first_todo(text: str) -> Todo | None:
    """The VTODO of one calendar object's text, or None (an event, broken text)."""
    return read_item(text)[0]


def read_item(text: str) -> tuple[Todo | None, list[str]]:
    """The VTODO of one calendar object's text and the properties left out of it
    because their values cannot be read (``PRIORITY:high``); None when the text is not
    iCalendar or holds no VTODO."""
    try:
        return _todo(Calendar.from_ical(text)), []
    except _BROKEN:
        pass
    kept, dropped = [], []
    for line in _unfolded(text):
        name = line.split(":", 1)[0].split(";", 1)[0].strip().upper()
        if name in ("BEGIN", "END") or not name or _readable(line):
            kept.append(line)
        else:
            dropped.append(line.strip()[:80])
    try:
        return _todo(Calendar.from_ical("\r\n".join(kept) + "\r\n")), dropped
    except _BROKEN:
        return None, []


def _todo(found: Calendar) -> Todo | None:
    """The item's VTODO: the series itself, not an occurrence's override of it
    (``RECURRENCE-ID``), whichever comes first in the text."""
    todos = [c for c in found.walk("VTODO") if isinstance(c, Todo)]
    return next((t for t in todos if t.get("recurrence-id") is None), todos[0] if todos else None)


def overrides_of(text: str) -> list[Todo]:
    """The occurrences of a series another app changed on their own: the VTODOs with a
    ``RECURRENCE-ID`` (Thunderbird and eM Client mark one occurrence done that way)."""
    if "RECURRENCE-ID" not in text.upper():
        return []
    try:
        found = Calendar.from_ical(text)
    except _BROKEN:
        return []
    return [c for c in found.walk("VTODO") if isinstance(c, Todo)
            and c.get("recurrence-id") is not None]


def _unfolded(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        elif raw:
            lines.append(raw)
    return lines


def _readable(line: str) -> bool:
    """Whether one property line parses on its own (inside a bare VTODO)."""
    probe = f"BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n{line}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    try:
        Calendar.from_ical(probe)
    except _BROKEN:
        return False
    return True
