"""Publishing to a calendar of Stepwise's own on a CalDAV server (MKCALENDAR "Stepwise
plan", VEVENTs only), mirrored exactly: each publish writes the events that are new or
changed, deletes the ones Stepwise wrote that are no longer planned, and touches nothing
else on the server.

Before it writes, it reads back what another calendar app did to the events it wrote
(``changes``): an event whose etag changed and whose start moved is a block the person
moved there; an event gone is a block they deleted. ``app.publish.store`` applies those
to the schedule first.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from icalendar import Calendar

from app.calendar.dav import Account
from app.errors import Refused
from app.publish import ics
from app.publish.items import Item
from app.sync.dav import Dav

EPOCH = datetime(2000, 1, 1, tzinfo=UTC)  # the DTSTAMP of the text a digest is taken of


@dataclass(frozen=True)
class Moved:
    """An event of ours moved or resized in another app: its UID and new times (``end``
    None when the event was published before its end was kept)."""

    uid: str
    start: datetime
    end: datetime | None = None


@dataclass(frozen=True)
class Elsewhere:
    """What another app did to our events since the last publish."""

    moved: list[Moved]
    deleted: list[str]  # UIDs
    edited: dict[str, str | None]  # UID → the etag it has there now (written over next)


def connect(url: str, user: str, password: str) -> Dav:
    """The calendar at ``url``, made when it is not there yet.

    Raises:
        Refused: something at ``url`` is not a calendar.
        CalendarError: the server could not be reached or refused the account.
    """
    dav = Dav(Account(url, user, password))
    kinds = dav.kinds()
    if kinds is None:
        dav.make_collection(ics.NAME, "VEVENT")
    elif "calendar" not in kinds:
        dav.close()
        raise Refused(f"{url} is not a calendar; give the address of a new calendar for "
                      "Stepwise to make, such as …/stepwise-plan/")
    return dav


def foreign(dav: Dav, state: dict[str, Any]) -> list[str]:
    """The hrefs on the calendar that Stepwise did not write (a calendar it may not take
    over when they are there)."""
    ours = {entry["href"] for entry in state.values()}
    return sorted(href for href in dav.listing().etags if href not in ours)


def changes(dav: Dav, state: dict[str, Any]) -> Elsewhere:
    """What another app did to the events in ``state`` (UID → href, etag, start …)."""
    etags = dav.listing().etags
    deleted = [uid for uid, entry in state.items() if entry["href"] not in etags]
    edited = {entry["href"]: uid for uid, entry in state.items()
              if entry["href"] in etags and etags[entry["href"]] != entry["etag"]}
    moved = []
    for href, (_etag, text) in dav.multiget(list(edited)).items():
        uid, times = edited.get(href), _times(text)
        if uid is None or times is None:
            continue
        start, end = times
        was = state[uid]
        ended = datetime.fromisoformat(was["end"]) if "end" in was else None
        if start != datetime.fromisoformat(was["start"]) or (ended and end != ended):
            moved.append(Moved(uid, start, end if ended else None))
    return Elsewhere(moved, deleted, {uid: etags[href] for href, uid in edited.items()})


def mirror(dav: Dav, items: list[Item], state: dict[str, Any], zone: tzinfo,
           now: datetime) -> dict[str, Any]:
    """Write the new and changed events, delete ours that are no longer planned; returns
    the new state. An event changed on the server meanwhile (412) is left for the next
    publish, which reads it back first."""
    wanted = {item.uid: item for item in items}
    fresh: dict[str, Any] = {}
    for uid, item in wanted.items():
        digest = hashlib.sha256(ics.calendar_bytes([item], zone, EPOCH)).hexdigest()
        entry = state.get(uid)
        if entry is not None and entry["digest"] == digest:
            fresh[uid] = entry
            continue
        href = entry["href"] if entry is not None else dav.href_for(uid)
        put = dav.put(href, ics.calendar_bytes([item], zone, now).decode(),
                      entry["etag"] if entry is not None else None)
        if put.conflict:
            if entry is not None:
                fresh[uid] = entry
            continue
        etag = put.etag or (dav.get(href) or (None, ""))[0]
        fresh[uid] = {"href": href, "etag": etag, "start": item.start.isoformat(),
                      "end": item.end.isoformat(), "digest": digest}
    for uid, entry in state.items():
        if uid not in wanted and dav.delete(entry["href"], entry["etag"]).conflict:
            fresh[uid] = entry  # changed there meanwhile: read back next time
    return fresh


def _times(text: str) -> tuple[datetime, datetime] | None:
    """The event's start and end (DTEND, or DTSTART + DURATION); None for one that is
    not timed (made all-day there) or cannot be read."""
    try:
        calendar = Calendar.from_ical(text)
    except ValueError:
        return None
    for event in calendar.walk("VEVENT"):
        start = event.decoded("DTSTART", None)
        end = event.decoded("DTEND", None)
        if end is None and isinstance(start, datetime):
            length = event.decoded("DURATION", None)
            end = start + length if isinstance(length, timedelta) else start
        if not isinstance(start, datetime) or not isinstance(end, datetime):
            return None
        return _aware(start), _aware(end)
    return None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
