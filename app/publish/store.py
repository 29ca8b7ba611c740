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

from app.dates.when import local_zone
from app.errors import NotFound, Refused
from app.publish import ics
from app.publish.items import published
from models import CalendarSource, atomic
from models.tables import PublishTarget

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
    source = CalendarSource.get_or_none(CalendarSource.kind == "ics_file",
                                        CalendarSource.location == str(path))
    if source is not None:
        raise Refused(f"{path} is one of the calendars Stepwise reads (“{source.name}”); it "
                      "publishes only to a calendar of its own: choose a new file name")
    if path.exists() and not _ours(path):
        raise Refused(f"{path} exists and is not a calendar Stepwise published; Stepwise "
                      "never overwrites another program's file: choose a new name")
    if PublishTarget.select().where(PublishTarget.location == str(path)).exists():
        raise Refused(f"the schedule is published to {path} already (stepwise publish list)")
    now = now or datetime.now(UTC)
    count = _write(path, dues=dues, steps=steps, now=now)
    with atomic():
        row = PublishTarget.create(kind="ics_file", location=str(path), dues=dues,
                                   steps=steps, published_at=now, events=count)
    return _target(row)


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
    return _target(row)


def publish_all(now: datetime | None = None) -> list[Target]:
    """Write every target again; a target that fails keeps its error (the others are
    written all the same). Returns the targets as they are afterwards."""
    now = now or datetime.now(UTC)
    for row in PublishTarget.select().order_by(PublishTarget.id):
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


def anything_published() -> bool:
    """Whether the schedule is published anywhere (one cheap query)."""
    return bool(PublishTarget.select(PublishTarget.id).exists())


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
