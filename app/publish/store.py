"""Publish targets: add one (an iCalendar file, checked and written at once, so a bad
location leaves nothing stored), list them, remove one, and publish to every target.

A target's file is written whole, to a temporary file beside it that then replaces it:
a calendar app reading it meanwhile sees the old calendar or the new one, never half.
Stepwise writes only files it made (their PRODID says so): an existing file of another
program is refused at ``add``, and one put in a target's place later is left alone and
the target says why.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.dates.when import local_zone
from app.errors import NotFound, Refused
from app.publish import ics
from app.publish.items import published
from models import CalendarSource, atomic
from models.tables import PublishTarget

if TYPE_CHECKING:
    from app.publish.caldav import Elsewhere

HEAD_BYTES = 4096  # a file's start, read to see whether it is a calendar of ours


@dataclass(frozen=True)
class Target:
    """A target as the person reads it."""

    id: int
    kind: str
    location: str
    dues: bool
    steps: bool
    published_at: datetime | None
    events: int
    error: str


def add_ics(location: str, *, dues: bool = False, steps: bool = False,
            now: datetime | None = None) -> Target:
    """Publish to the iCalendar file ``location`` from now on; written at once.

    Raises:
        Refused: not an ``.ics`` name, no such folder, a file of another program, a
            calendar the person reads, a target already, or the file cannot be written.
    """
    path = _absolute(location)
    if path.suffix.lower() != ".ics":
        raise Refused(f"{path} does not end in .ics: calendar apps subscribe to an .ics "
                      "file; choose a name like plan.ics")
    if not path.parent.is_dir():
        raise Refused(f"there is no folder {path.parent}")
    if path.is_dir():
        raise Refused(f"{path} is a folder; give the name of a file in it")
    _not_taken(str(path), "ics_file", "choose a new file name")
    if path.exists() and not _ours(path):
        raise Refused(f"{path} exists and is not a calendar Stepwise published; Stepwise "
                      "never overwrites another program's file: choose a new name")
    now = now or datetime.now(UTC)
    count = _write(path, dues=dues, steps=steps, now=now)
    with atomic():
        row = PublishTarget.create(kind="ics_file", location=str(path), dues=dues,
                                   steps=steps, published_at=now, events=count)
    return _target(row)


def add_caldav(url: str, user: str, password: str, *, dues: bool = False,
               steps: bool = False, insecure: bool = False, now: datetime | None = None
               ) -> Target:
    """Publish to a calendar of Stepwise's own at ``url`` on a CalDAV server (made when
    it is not there; an existing one must hold nothing Stepwise did not write); written at
    once. The password goes to the keyring (or this session, when there is none).

    Raises:
        Cleartext: a password over plain http to another machine, not ``insecure``.
        Refused: a calendar Stepwise reads, one holding other events, a target already.
        CalendarError: the server could not be reached or refused the account.
    """
    from app.config import secrets, urls
    from app.publish import caldav

    urls.cleartext(url, password or urls.split(url)[2], insecure=insecure)
    url, in_user, in_password = urls.split(url)
    user, password = user or in_user, password or in_password
    if not url.startswith(("http://", "https://")):
        raise Refused(f"{urls.shown(url)!r} is not an http(s) address of a calendar")
    url = url if url.endswith("/") else url + "/"
    _not_taken(url, "caldav", "give a new calendar's address, such as …/stepwise-plan/")
    dav = caldav.connect(url, user, password)
    try:
        others = caldav.foreign(dav, {})
        if others:
            raise Refused(f"{url} holds {len(others)} events Stepwise did not write; it "
                          "publishes only to a calendar of its own: give a new calendar's "
                          "address")
        now = now or datetime.now(UTC)
        items = published(dues=dues, steps=steps)
        state = caldav.mirror(dav, items, {}, local_zone(), now)
    finally:
        dav.close()
    with atomic():
        row = PublishTarget.create(kind="caldav", location=url, user=user, dues=dues,
                                   steps=steps, published_at=now, events=len(state),
                                   state=state)
    secrets.set_key(key_name(url), password or None)
    return _target(row)


def _not_taken(location: str, source_kind: str, instead: str) -> None:
    """Refuse a place published to already, or one of the calendars Stepwise reads.

    Raises:
        Refused: saying which, and ``instead``.
    """
    if PublishTarget.select().where(PublishTarget.location == location).exists():
        raise Refused(f"the schedule is published to {location} already (stepwise publish "
                      "list)")
    source = CalendarSource.get_or_none(CalendarSource.kind == source_kind,
                                        CalendarSource.location == location)
    if source is not None:
        raise Refused(f"{location} is one of the calendars Stepwise reads (“{source.name}”); "
                      f"it publishes only to a calendar of its own: {instead}")


def key_name(url: str) -> str:
    """The keyring entry of a CalDAV target's password."""
    from app.config import secrets

    return secrets.account_for("publish", url)


def targets() -> list[Target]:
    """Every target, in the order they were added."""
    return [_target(row) for row in PublishTarget.select().order_by(PublishTarget.id)]


def remove(target_id: int) -> Target:
    """Stop publishing to a target; its file stays (a calendar app may subscribe to it).

    Raises:
        NotFound: no target has that number.
    """
    row = PublishTarget.get_or_none(PublishTarget.id == target_id)
    if row is None:
        raise NotFound(f"no publish target {target_id} (stepwise publish list)")
    with atomic():
        row.delete_instance()
    if row.kind == "caldav":
        from app.config import secrets

        secrets.set_key(key_name(row.location), None)
    return _target(row)


def publish_all(now: datetime | None = None) -> list[Target]:
    """Write every target again; a target that fails keeps its error (the others are
    written all the same). Returns the targets as they are afterwards."""
    now = now or datetime.now(UTC)
    for row in PublishTarget.select().order_by(PublishTarget.id):
        if row.kind == "caldav":
            _publish_caldav(row, now)
            continue
        try:
            if Path(row.location).exists() and not _ours(Path(row.location)):
                raise Refused(f"{row.location} was replaced by a file Stepwise did not "
                              "write; it is left as it is (stepwise publish remove "
                              f"{row.id} stops publishing there)")
            count = _write(Path(row.location), dues=row.dues, steps=row.steps, now=now)
        except Refused as exc:
            _record(row.id, error=str(exc))
            continue
        _record(row.id, published_at=now, events=count, error="")
    return targets()


def _publish_caldav(row: PublishTarget, now: datetime) -> None:
    """Read back what another app did to the target's events, apply it to the schedule,
    then mirror the schedule there; a failure is kept as the target's error."""
    from app.calendar.errors import CalendarError
    from app.config import secrets
    from app.publish import caldav

    try:
        dav = caldav.connect(row.location, row.user, secrets.get_key(key_name(row.location))
                             or "")
        try:
            elsewhere = caldav.changes(dav, row.state or {})
            state = _applied(elsewhere, dict(row.state or {}))
            items = published(dues=row.dues, steps=row.steps)
            state = caldav.mirror(dav, items, state, local_zone(), now)
        finally:
            dav.close()
    except (CalendarError, Refused) as exc:
        _record(row.id, error=str(exc))
        return
    _record(row.id, published_at=now, events=len(state), error="", state=state)


def _applied(elsewhere: Elsewhere, state: dict[str, Any]) -> dict[str, Any]:
    """The moves and deletions made in another app, applied to the schedule (``moved``)
    and dropped from ``state`` (a deleted event is not deleted again; a moved one is
    written again at its new time, now pinned)."""
    from app.publish import moved

    for uid, etag in elsewhere.edited.items():  # written over with what is planned now
        state[uid] = {**state[uid], "etag": etag, "digest": ""}
    for change in elsewhere.moved:
        moved.block_moved(change.uid, change.start, change.end)
    for uid in elsewhere.deleted:
        moved.block_deleted(uid)
        state.pop(uid, None)
    return state


def _write(path: Path, *, dues: bool, steps: bool, now: datetime) -> int:
    """Write the file whole (beside it, then in its place); returns its VEVENTs.

    Raises:
        Refused: the file or its folder cannot be written (the reason said).
    """
    items = published(dues=dues, steps=steps)
    data = ics.calendar_bytes(items, local_zone(), now)
    temporary: Path | None = None
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp", delete=False) as out:
            temporary = Path(out.name)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)  # a calendar app or web server may read it
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
        raise Refused(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(items)


def _ours(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return ics.is_ours(file.read(HEAD_BYTES))
    except OSError:
        return False


def _absolute(location: str) -> Path:
    path = Path(location).expanduser()
    return (path if path.is_absolute() else Path.cwd() / path).resolve()


def _record(target_id: int, **values: object) -> None:
    with atomic():
        PublishTarget.update(**values).where(PublishTarget.id == target_id).execute()


def _target(row: PublishTarget) -> Target:
    return Target(row.id, row.kind, row.location, row.dues, row.steps, row.published_at,
                  row.events, row.error)
