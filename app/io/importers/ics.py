"""iCalendar files with VTODOs (Stepwise's own export, Tasks.org, Thunderbird, Nextcloud):
the RELATED-TO tree becomes tasks with plans (``app.ical.tree``), dependencies kept.

A VTODO that icalendar cannot read (a malformed DTSTART, say) is skipped and named, the
others imported; a start after the due (as iOS writes some) is kept in the detail; an
empty ``RRULE:`` line is no rule.
"""

from __future__ import annotations

import re
import warnings

from icalendar import Calendar, Todo

from app.errors import BadFile
from app.ical.tree import ReadTask, plan_data, read_tree
from app.io.importers.incoming import Batch, Incoming, start_in_order, zone_name
from app.tasks.store import NewTask

WHAT = "an iCalendar file with VTODOs"
KEPT_STATUS = {"waiting": "waiting", "done": "done", "cancelled": "cancelled"}
# icalendar reports some malformed lines with errors of its own internals
# (AttributeError on a parameter list, TypeError): all mean "not readable iCalendar".
UNREADABLE = (ValueError, IndexError, KeyError, AttributeError, TypeError)
_BLOCK = re.compile(r"^BEGIN:(VTODO|VTIMEZONE)\r?$.*?^END:\1\r?$", re.M | re.S | re.I)


def read(raw: bytes, name: str) -> Batch:
    """Every VTODO tree in the file as tasks with their steps."""
    todos, unread = _todos(raw, name)
    tree = read_tree(todos)
    batch = Batch(read=len(todos) + len(unread), skipped=[*unread, *tree.skipped])
    for task in tree.tasks:
        incoming = _incoming(task)
        incoming.new = start_in_order(incoming.new, batch)
        batch.tasks.append(incoming)
    alarms = sum(len(t.task.reminders) + sum(len(s.reminders) for s in t.steps)
                 for t in tree.tasks)
    if alarms:
        batch.skipped.append(f"{alarms} reminders (VALARM): Stepwise makes its own from the "
                             "start and due times (settings: reminders.lead_minutes)")
    return batch


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
                  timezone=zone_name() if item.recurrence else None, creator="import")
    plan = plan_data(read_task)
    if plan is not None:
        plan["origin"] = "user"  # imported by a person (DESIGN §5)
    return Incoming(new=new, status=KEPT_STATUS.get(item.status, "new"), uid=item.uid,
                    plan=plan, step_uids={s.step.id: s.uid for s in read_task.steps})
