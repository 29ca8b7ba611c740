"""iCalendar files with VTODOs (Stepwise's own export, Tasks.org, Thunderbird, Nextcloud):
the RELATED-TO tree becomes tasks with plans (``app.ical.tree``), dependencies kept.

A DUE or DTSTART that is a date (``VALUE=DATE``) stays a date (all day); one with a TZID
is that moment and the task keeps the zone (so a recurring 09:00 stays 09:00 there); a
floating time is local. A VTODO that icalendar cannot read (a malformed DTSTART, say) is
skipped and named, the others imported; a start after the due (as iOS writes some) is
kept in the detail; an empty ``RRULE:`` line is no rule. CREATED and LAST-MODIFIED
(COMPLETED for a closed task) are the task's times; IN-PROCESS without steps is in
progress; every property Stepwise does not model (LOCATION, URL, GEO, CLASS,
PERCENT-COMPLETE, other apps' X- properties …) stays in the detail, named
("iCalendar LOCATION: Room 4"); a series' EXDATE and RDATE are its left-out and added
occurrences.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field, replace
from datetime import datetime

from icalendar import Calendar, Todo

from app.errors import BadFile
from app.ical import plain_read
from app.ical.tree import ReadTask, plan_data, read_tree
from app.ical.values import done_occurrences, text_of
from app.io.importers.incoming import (
    Batch,
    Incoming,
    aware,
    joined,
    kept_lines,
    start_in_order,
    zone_name,
)
from app.states import TaskStatus
from app.tasks.store import NewTask

WHAT = "an iCalendar file with VTODOs"
KEPT_STATUS = {"waiting": "waiting", "done": "done", "cancelled": "cancelled"}
# icalendar reports some malformed lines with errors of its own internals
# (AttributeError on a parameter list, TypeError; IsADirectoryError, an OSError, for a
# TZID naming a tzdata folder such as "Asia"): all mean "not readable iCalendar".
UNREADABLE = (ValueError, IndexError, KeyError, AttributeError, TypeError, OSError)
# What app.ical.vtodo reads into Stepwise's fields, and the file's own bookkeeping;
# every other property of a VTODO is kept, named, in the detail.
READ_PROPERTIES = frozenset({"UID", "SUMMARY", "DESCRIPTION", "PRIORITY", "CATEGORIES",
                             "DTSTART", "DUE", "RRULE", "STATUS", "COMPLETED", "DTSTAMP",
                             "LAST-MODIFIED", "CREATED", "SEQUENCE", "RELATED-TO",
                             "EXDATE", "RDATE"})
OURS = "X-STEPWISE-"  # Stepwise's own properties (app.ical.vtodo), read there
_BLOCK = re.compile(r"^BEGIN:(VTODO|VTIMEZONE)\r?$.*?^END:\1\r?$", re.M | re.S | re.I)


def read(raw: bytes, name: str) -> Batch:
    """Every VTODO tree in the file as tasks with their steps."""
    plains, todos, unread, order = _read_all(raw, name)
    overrides: dict[str, list[Todo]] = {}  # an occurrence changed on its own, by UID
    for todo in [t for t in todos if t.get("recurrence-id") is not None]:
        overrides.setdefault(str(todo.get("uid")), []).append(todo)
    todos = [t for t in todos if t.get("recurrence-id") is None]
    tree = read_tree(todos)
    batch = Batch(read=len(todos) + len(unread) + sum(map(len, overrides.values()))
                  + len(plains), skipped=[*unread, *tree.skipped])
    by_uid = {str(t.get("uid")): t for t in todos}
    first: dict[str, int] = {}
    for todo in todos:
        first.setdefault(text_of(todo, "uid"), order[id(todo)])
    found: list[tuple[int, ReadTask, Kept]] = [
        (first[t.task.uid], t, _kept(by_uid.get(t.task.uid), t, by_uid)) for t in tree.tasks]
    found += [(n, ReadTask(p.task), Kept(p.created, p.completed, p.modified, p.extras))
              for n, p in plains.items()]
    for _n, task, kept in sorted(found, key=lambda f: f[0]):
        incoming = _incoming(task)
        incoming.done = done_occurrences(overrides.get(task.task.uid, []))
        _keep_the_rest(incoming, task, kept, batch)
        incoming.new = start_in_order(incoming.new, batch)
        batch.tasks.append(incoming)
    alarms = sum(len(t.task.reminders) + sum(len(s.reminders) for s in t.steps)
                 for t in tree.tasks) + sum(p.alarms for p in plains.values())
    if alarms:
        batch.skipped.append(f"{alarms} reminders (VALARM): Stepwise makes its own from the "
                             "start and due times (settings: reminders.lead_minutes)")
    return batch


@dataclass
class Kept:
    """What the importer keeps of a VTODO beside its task: its times and, named, the
    properties Stepwise does not model; ``steps``: the same for each step, by step UID."""

    created: datetime | None
    completed: datetime | None
    modified: datetime | None
    extras: list[tuple[str, str]]
    steps: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    found: bool = True  # False: no VTODO of the task's UID to keep anything of


def _kept(todo: Todo | None, read_task: ReadTask, by_uid: dict[str, Todo]) -> Kept:
    if todo is None:
        return Kept(None, None, None, [], found=False)
    steps = {item.uid: _extras(by_uid[item.uid]) for item in read_task.steps
             if item.uid in by_uid}
    return Kept(_time(todo, "created"), _time(todo, "completed"),
                _time(todo, "last-modified"), _extras(todo), steps)


def _keep_the_rest(incoming: Incoming, read_task: ReadTask, kept: Kept, batch: Batch) -> None:
    """What ``_incoming`` (shared with sync) leaves out of a file's VTODO: its times, an
    IN-PROCESS status, and the properties Stepwise does not model, in the detail."""
    if not kept.found:
        return
    incoming.created_at = kept.created
    closed = incoming.status in (TaskStatus.DONE, TaskStatus.CANCELLED)
    incoming.updated_at = (kept.completed if closed else None) or kept.modified
    if read_task.task.status == TaskStatus.IN_PROGRESS and incoming.plan is None:
        incoming.status = TaskStatus.IN_PROGRESS
    new = incoming.new
    lines = kept_lines(kept.extras, batch) if kept.extras else []
    if lines or (new.detail and not new.detail.strip()):  # else joined gives the same
        incoming.new = replace(new, detail=joined(new.detail, *lines))
    steps = {s["id"]: s for s in (incoming.plan or {}).get("steps", [])}
    for item in read_task.steps:
        step, step_extras = steps.get(item.step.id), kept.steps.get(item.uid)
        if step is not None and step_extras is not None:
            step["objective"] = joined(str(step.get("objective") or ""),
                                       *kept_lines(step_extras, batch))


def _extras(todo: Todo) -> list[tuple[str, str]]:
    """("iCalendar LOCATION", "Room 4") for each property Stepwise does not model."""
    fields = []
    ours = any(str(name).upper().startswith(OURS) for name in todo)
    for name in list(todo.keys()):
        key = str(name).upper()
        if key in READ_PROPERTIES or key.startswith(OURS) or (key == "PERCENT-COMPLETE" and (
                ours or _text(todo.get(name)) in ("0", "100"))):
            continue  # Stepwise's own percent follows its steps; 0 and 100 its status
        found: object = todo.get(name)
        for value in found if isinstance(found, list) else [found]:
            fields.append((f"iCalendar {key}", _text(value)))
    return fields


def _text(value: object) -> str:
    raw = value.to_ical() if hasattr(value, "to_ical") else value
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    return " ".join(re.sub(r"\\([,;\\])", r"\1", text).replace("\\n", " ").split())


def _time(todo: Todo, name: str) -> datetime | None:
    value = getattr(todo.get(name), "dt", None)
    return aware(value) if isinstance(value, datetime) else None


def _read_all(raw: bytes, name: str
              ) -> tuple[dict[int, plain_read.Plain], list[Todo], list[str], dict[int, int]]:
    """The file's plain VTODOs by their place in it (``app.ical.plain_read``), the other
    VTODOs as icalendar reads them, a line for each it could not read, and each of
    those VTODOs' place (by ``id``)."""
    split = plain_read.split(raw) if raw.strip() else None
    if split is None or not split[1]:
        todos, unread = _todos(raw, name)
        return {}, todos, unread, {id(t): n for n, t in enumerate(todos)}
    zones, blocks = split
    named = _named(blocks)
    plains: dict[int, plain_read.Plain] = {}
    rest: list[tuple[int, str]] = []
    for n, lines in enumerate(blocks):
        found = plain_read.read_plain(lines)
        if found is not None and named.get(found.task.uid) == 1:
            plains[n] = found
        else:
            rest.append((n, "\r\n".join(lines)))
    todos, unread, order = _read_rest(rest, zones)
    return plains, todos, unread, order


def _named(blocks: list[list[str]]) -> dict[str, int]:
    """How often each UID is named in the file, as a VTODO's UID or in a RELATED-TO: a
    VTODO whose UID is named once (its own) is in no tree and no series."""
    counts: dict[str, int] = {}
    for lines in blocks:
        for line in lines:
            if line[0] not in "UuRr":
                continue
            head, _, value = line.partition(":")
            key = head.split(";", 1)[0].upper()
            if key in ("UID", "RELATED-TO"):
                counts[value.strip()] = counts.get(value.strip(), 0) + 1
                if value.strip() != value:
                    counts[value] = counts.get(value, 0) + 1
    return counts


def _read_rest(rest: list[tuple[int, str]], zones: list[str]
               ) -> tuple[list[Todo], list[str], dict[int, int]]:
    """The VTODOs that are not plain, read by icalendar together (with the file's time
    zones), else one by one, naming the ones it cannot read."""
    if not rest:
        return [], [], {}
    head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + "".join(z + "\r\n" for z in zones)
    try:
        todos = _parsed((head + "".join(b + "\r\n" for _, b in rest)
                         + "END:VCALENDAR\r\n").encode("utf-8"))
        if len(todos) == len(rest):
            return todos, [], {id(t): n for t, (n, _) in zip(todos, rest, strict=True)}
    except UNREADABLE:
        pass  # read one by one below, to name the VTODOs that fail
    todos, unread = [], []
    order: dict[int, int] = {}
    for n, block in rest:
        try:
            found = _parsed((head + block + "\r\nEND:VCALENDAR\r\n").encode("utf-8"))
        except UNREADABLE as exc:
            unread.append(f"{_label(block)}: {exc}")
            continue
        todos += found
        order.update((id(t), n) for t in found)
    return todos, unread, order


def _todos(raw: bytes, name: str) -> tuple[list[Todo], list[str]]:
    """The file's VTODOs, and one line for each that could not be read."""
    if not raw.strip():
        raise BadFile(f"{name} is empty; it should be {WHAT}")
    unread: list[str] = []
    try:
        todos = _parsed(raw)
    except UNREADABLE as exc:
        todos, unread = _one_by_one(raw, name, exc)
    if not todos and not unread:
        raise BadFile(f"{name} holds no VTODOs (tasks); events cannot be imported as tasks")
    return todos, unread


def _parsed(raw: bytes) -> list[Todo]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what it warns about is refused later or kept
        calendars = Calendar.from_ical(raw, multiple=True)
    return [c for cal in calendars for c in cal.walk("VTODO") if isinstance(c, Todo)]


def _one_by_one(raw: bytes, name: str, error: Exception) -> tuple[list[Todo], list[str]]:
    """Each VTODO of a file icalendar refused whole, read alone (with the file's time
    zones); the ones that still fail are named. BadFile when none is there to read."""
    text = re.sub(r"\r?\n[ \t]", "", raw.decode("utf-8", "replace"))
    blocks = [m.group(0) for m in _BLOCK.finditer(text)]
    zones = "\r\n".join(b for b in blocks if b[6:].upper().startswith("VTIMEZONE"))
    items = [b for b in blocks if b[6:].upper().startswith("VTODO")]
    if not items:
        raise BadFile(f"{name} is not {WHAT}: {error}") from None
    todos: list[Todo] = []
    unread: list[str] = []
    for block in items:
        wrapped = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{zones}\r\n{block}\r\nEND:VCALENDAR\r\n"
        try:
            todos.extend(_parsed(wrapped.encode("utf-8")))
        except UNREADABLE as exc:
            unread.append(f"{_label(block)}: {exc}")
    return todos, unread


def _label(block: str) -> str:
    """A VTODO named as the summary lines name one: its SUMMARY, else its UID."""
    for key in ("SUMMARY", "UID"):
        found = re.search(rf"^{key}(?:;[^:\r\n]*)?:(.*?)\r?$", block, re.M | re.I)
        if found and found.group(1).strip():
            return repr(found.group(1).strip()[:80])
    return "a VTODO"


def _incoming(read_task: ReadTask) -> Incoming:
    item = read_task.task
    new = NewTask(title=item.title or "(no title)", detail=item.detail,
                  priority=item.priority, start_at=item.start_at, due_at=item.due_at,
                  expires_at=item.expires_at, tags=tuple(item.tags),
                  recurrence=item.recurrence or None,  # an empty RRULE: line is no rule
                  timezone=item.timezone or (zone_name() if item.recurrence else None),
                  creator="import", exdates=tuple(item.exdates), rdates=tuple(item.rdates))
    plan = plan_data(read_task)
    if plan is not None:
        plan["origin"] = "user"  # imported by a person (DESIGN §5)
    return Incoming(new=new, status=KEPT_STATUS.get(item.status, "new"), uid=item.uid,
                    plan=plan, step_uids={s.step.id: s.uid for s in read_task.steps})
