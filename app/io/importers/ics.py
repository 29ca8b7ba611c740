"""iCalendar files with VTODOs (Stepwise's own export, Tasks.org, Thunderbird, Nextcloud):
the RELATED-TO tree becomes tasks with plans (``app.ical.tree``), dependencies kept.
"""

from __future__ import annotations

import warnings

from icalendar import Calendar, Todo

from app.errors import BadFile
from app.ical.tree import ReadTask, plan_data, read_tree
from app.io.importers.incoming import Batch, Incoming, zone_name
from app.tasks.store import NewTask

WHAT = "an iCalendar file with VTODOs"
KEPT_STATUS = {"waiting": "waiting", "done": "done", "cancelled": "cancelled"}


def read(raw: bytes, name: str) -> Batch:
    """Every VTODO tree in the file as tasks with their steps."""
    todos = _todos(raw, name)
    tree = read_tree(todos)
    batch = Batch(read=len(todos), skipped=tree.skipped)
    batch.tasks = [_incoming(task) for task in tree.tasks]
    alarms = sum(len(t.task.reminders) + sum(len(s.reminders) for s in t.steps)
                 for t in tree.tasks)
    if alarms:
        batch.skipped.append(f"{alarms} reminders (VALARM): Stepwise makes its own from the "
                             "start and due times (settings: reminders.lead_minutes)")
    return batch


def _todos(raw: bytes, name: str) -> list[Todo]:
    if not raw.strip():
        raise BadFile(f"{name} is empty; it should be {WHAT}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # what it warns about is refused below or kept
            calendars = Calendar.from_ical(raw, multiple=True)
    # icalendar reports some malformed lines with errors of its own internals
    # (AttributeError on a parameter list, TypeError): all mean "not readable iCalendar".
    except (ValueError, IndexError, KeyError, AttributeError, TypeError) as exc:
        raise BadFile(f"{name} is not {WHAT}: {exc}") from None
    todos = [c for cal in calendars for c in cal.walk("VTODO") if isinstance(c, Todo)]
    if not todos:
        raise BadFile(f"{name} holds no VTODOs (tasks); events cannot be imported as tasks")
    return todos


def _incoming(read_task: ReadTask) -> Incoming:
    item = read_task.task
    new = NewTask(title=item.title or "(no title)", detail=item.detail,
                  priority=item.priority, start_at=item.start_at, due_at=item.due_at,
                  expires_at=item.expires_at, tags=tuple(item.tags),
                  recurrence=item.recurrence,
                  timezone=zone_name() if item.recurrence else None, creator="import")
    plan = plan_data(read_task)
    if plan is not None:
        plan["origin"] = "user"  # imported by a person (DESIGN §5)
    return Incoming(new=new, status=KEPT_STATUS.get(item.status, "new"), uid=item.uid,
                    plan=plan, step_uids={s.step.id: s.uid for s in read_task.steps})
