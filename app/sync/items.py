"""The items a server sent, as sync reads them: the VTODOs it can read (``Fetched``,
with the property lines it had to leave out) and the others (``Unread``, with what is
wrong with each: not iCalendar, an event, no UID)."""

from __future__ import annotations

from dataclasses import dataclass, field

from icalendar import Todo

from app.ical.values import text_of
from app.sync.report import overrides_of, read_item


@dataclass
class Fetched:
    href: str
    etag: str | None
    text: str
    todo: Todo
    dropped: list[str] = field(default_factory=list)  # property lines left unread
    overrides: list[Todo] = field(default_factory=list)  # occurrences changed on their own

    @property
    def uid(self) -> str:
        return text_of(self.todo, "uid")


@dataclass(frozen=True)
class Unread:
    """An item whose text is not a VTODO Stepwise can read (or has no UID)."""

    href: str
    etag: str | None
    text: str
    reason: str


def parse(found: dict[str, tuple[str | None, str]]) -> list[Fetched]:
    return parse_all(found)[0]


def parse_all(found: dict[str, tuple[str | None, str]]
              ) -> tuple[list[Fetched], list[Unread]]:
    """The readable items, and the others with what is wrong with each."""
    out, unread = [], []
    for href, (etag, text) in found.items():
        todo, dropped = read_item(text)
        if todo is None:
            event = "BEGIN:VEVENT" in text.upper()
            unread.append(Unread(href, etag, text, "an event, not a task" if event
                                 else "not readable iCalendar"))
        elif not text_of(todo, "uid"):
            unread.append(Unread(href, etag, text, f"{title(todo)}: it has no UID"))
        else:
            out.append(Fetched(href, etag, text, todo, dropped, overrides_of(text)))
    return out, unread


def title(todo: Todo) -> str:
    return repr(text_of(todo, "summary")[:60] or "(no title)")
