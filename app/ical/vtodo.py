"""Task ⇄ VTODO and step ⇄ VTODO, as pure functions over plain items.

A task is one VTODO; each step of its plan is one VTODO with ``RELATED-TO;RELTYPE=PARENT``
naming its parent step (or its task) and one ``RELATED-TO;RELTYPE=DEPENDS-ON`` per
dependency (RFC 9253). Priorities keep RFC 5545's bands (1–4 high, 5 medium, 6–9 low,
0 undefined) both ways: Stepwise's 1 and 2 are written 1 and 3 (both high), its default 3
is 5 (medium, as Apple Reminders and Tasks.org show it, not "no priority"), 4 is 9 (low).
What only Stepwise knows travels in ``X-STEPWISE-*`` text properties; other clients
keep them untouched. A start or due that is a date is written as a date (``VALUE=DATE``);
a moment in the task's zone with its TZID, the VTIMEZONE in the same VCALENDAR (a task
without a zone, and every other time, in UTC).
"""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from icalendar import Alarm, Calendar, Component, Todo, vRecur, vText

from app.ical.values import (
    UTC_NAMES,
    Reminder,
    Text,
    alarms_of,
    categories,
    categories_of,
    dates_of,
    related,
    set_of,
    text_of,
    when_of,
    x_text,
    zone_of,
)
from app.plan.spec import PlanStep
from app.states import TaskStatus

PRODID = "-//Stepwise//Stepwise planner//EN"
X = "X-STEPWISE-"

TASK_STATUS = {"done": "COMPLETED", "cancelled": "CANCELLED", "failed": "CANCELLED",
               "expired": "CANCELLED", "in_progress": "IN-PROCESS"}
STEP_STATUS = {"completed": "COMPLETED", "skipped": "CANCELLED", "failed": "CANCELLED",
               "in_progress": "IN-PROCESS"}
# What another client's STATUS means when the X-STEPWISE-STATUS no longer agrees with it.
TASK_FROM_ICAL = {"COMPLETED": "done", "CANCELLED": "cancelled", "IN-PROCESS": "in_progress"}
STEP_FROM_ICAL = {"COMPLETED": "completed", "CANCELLED": "skipped", "IN-PROCESS": "in_progress"}
TO_ICAL_PRIORITY = {1: 1, 2: 3, 3: 5, 4: 9}


@dataclass
class PlanInfo:
    """What a task's VTODO says about its plan (Stepwise-only, in X- properties)."""

    revision: int = 1
    origin: str = "user"
    title: str = ""
    objective: str = ""


@dataclass
class TaskItem:
    """A task as a VTODO carries it."""

    uid: str
    title: str
    detail: str = ""
    status: str = TaskStatus.NEW
    priority: int = 3
    tags: list[str] = field(default_factory=list)
    start_at: date | datetime | None = None  # a date: all day; a moment: UTC
    due_at: date | datetime | None = None
    expires_at: datetime | None = None
    recurrence: str | None = None
    completed_at: datetime | None = None
    percent: int | None = None
    modified: datetime | None = None
    sequence: int = 0
    reminders: list[Reminder] = field(default_factory=list)
    plan: PlanInfo | None = None
    timezone: str | None = None  # the IANA zone start and due are set in
    exdates: list[date | datetime] = field(default_factory=list)  # left-out occurrences
    rdates: list[date | datetime] = field(default_factory=list)  # added occurrences


@dataclass
class StepItem:
    """A step as a VTODO carries it: the step's own fields in ``step`` (its ``parent`` and
    ``depends_on`` are step ids), its links as UIDs in ``parent_uid`` and ``depends_on``."""

    uid: str
    parent_uid: str
    step: PlanStep
    depends_on: list[str] = field(default_factory=list)
    revision: int | None = None
    origin: str | None = None
    completed_at: datetime | None = None
    percent: int | None = None
    modified: datetime | None = None
    sequence: int = 0
    reminders: list[Reminder] = field(default_factory=list)


def to_ical_priority(priority: int) -> int:
    return TO_ICAL_PRIORITY.get(priority, 5)


def from_ical_priority(value: int) -> int:
    """RFC 5545's bands: 1–2 (the top of high) → 1, 3–4 → 2, 5 (medium) and 0
    (undefined) → 3, Stepwise's default, 6–9 (low) → 4."""
    if value <= 0 or value > 9:
        return 3
    return 1 if value <= 2 else 2 if value <= 4 else 3 if value == 5 else 4


def calendar(todos: list[Todo], zones: Iterable[Component] = ()) -> Calendar:
    """One VCALENDAR holding ``todos`` after ``zones`` (the VTIMEZONEs their TZIDs name)
    and a VTIMEZONE for each other zone they are set in."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    zones = list(zones)
    have = {text_of(z, "tzid") for z in zones}
    for name in sorted(_zones_named(todos) - have):
        zones.append(copy.deepcopy(_vtimezone(name)))
    for todo in [*zones, *todos]:
        cal.add_component(todo)
    return cal


def _zones_named(todos: list[Todo]) -> set[str]:
    names = set()
    for todo in todos:
        for name in ("dtstart", "due"):
            tzid = getattr(todo.get(name), "params", {}).get("TZID")
            if tzid:
                names.add(str(tzid))
    return names


@lru_cache(maxsize=64)
def _vtimezone(name: str) -> Component:
    """The VTIMEZONE of an IANA zone, its changes from 2000 to 2050 (a 1970–2038 default
    would list every DST change of 68 years in each item)."""
    from icalendar import Timezone

    return Timezone.from_tzinfo(ZoneInfo(name), first_date=date(2000, 1, 1),
                                last_date=date(2050, 1, 1))


def in_zone(when: date | datetime, timezone: str | None) -> date | datetime:
    """A start or due as it is written: a date as it is, a moment in ``timezone`` (its
    TZID) or, for no zone or UTC, in UTC."""
    if not isinstance(when, datetime) or not timezone or timezone.upper() in UTC_NAMES:
        return when
    try:
        return when.astimezone(ZoneInfo(timezone))
    except (ZoneInfoNotFoundError, ValueError):
        return when



# --- writing ----------------------------------------------------------------------------

def task_vtodo(item: TaskItem, stamp: datetime) -> Todo:
    """The VTODO of a task."""
    todo = _common(item.uid, item.title, item.detail, stamp, item)
    todo.add("status", TASK_STATUS.get(item.status, "NEEDS-ACTION"))
    _add_x(todo, "STATUS", item.status)
    todo.add("priority", to_ical_priority(item.priority))
    for name, when in (("dtstart", item.start_at), ("due", item.due_at)):
        if when is not None:
            todo.add(name, in_zone(when, item.timezone))
    if item.tags:
        todo.add("categories", categories(list(item.tags)))
    if item.recurrence:
        todo.add("rrule", vRecur.from_ical(item.recurrence))
    for name, values in (("exdate", item.exdates), ("rdate", item.rdates)):
        if values:
            todo.add(name, [in_zone(v, item.timezone) for v in values])
    if item.expires_at is not None:
        _add_x(todo, "EXPIRES", item.expires_at.strftime("%Y%m%dT%H%M%SZ"))
    if item.plan is not None:
        _add_x(todo, "REVISION", str(item.plan.revision))
        _add_x(todo, "ORIGIN", item.plan.origin)
        _add_x(todo, "PLAN-TITLE", item.plan.title)
        _add_x(todo, "PLAN-OBJECTIVE", item.plan.objective)
    return todo


def step_vtodo(item: StepItem, stamp: datetime) -> Todo:
    """The VTODO of a step, linked to its parent and its dependencies by UID."""
    step = item.step
    todo = _common(item.uid, step.title, step.objective, stamp, item)
    todo.add("status", STEP_STATUS.get(step.status, "NEEDS-ACTION"))
    if step.due is not None:
        todo.add("due", step.due)
    todo.add("related-to", vText(item.parent_uid), parameters={"RELTYPE": "PARENT"})
    for dep in item.depends_on:
        todo.add("related-to", vText(dep), parameters={"RELTYPE": "DEPENDS-ON"})
    for name, value in _step_extras(item).items():
        if value is not None:
            _add_x(todo, name, value)
    return todo


def _step_extras(item: StepItem) -> dict[str, str | None]:
    step = item.step
    return {
        "STEP-ID": step.id, "STATUS": step.status, "TARGET": step.target or "",
        "INPUTS": json.dumps(step.inputs, ensure_ascii=False, sort_keys=True),
        "OUTPUT-SCHEMA": None if step.output_schema is None
        else json.dumps(step.output_schema, ensure_ascii=False, sort_keys=True),
        "DONE-WHEN": step.done_when, "WORKER": step.worker, "RESULT": step.result,
        "ERROR": step.error,
        "ESTIMATE": None if step.estimate_minutes is None else str(step.estimate_minutes),
        "REVISION": None if item.revision is None else str(item.revision),
        "ORIGIN": item.origin,
    }


def _common(uid: str, summary: str, description: str, stamp: datetime,
            item: TaskItem | StepItem) -> Todo:
    todo = Todo()
    todo.add("uid", uid)
    todo.add("dtstamp", stamp)
    todo.add("summary", Text(summary))
    if description:
        todo.add("description", Text(description))
    if item.modified is not None:
        todo.add("last-modified", item.modified)
    todo.add("sequence", item.sequence)
    if item.completed_at is not None:
        todo.add("completed", item.completed_at)
    if item.percent is not None:
        todo.add("percent-complete", item.percent)
    for reminder in item.reminders:
        for alarm in reminder_alarms(reminder):
            todo.add_component(alarm)
    return todo


def reminder_alarms(reminder: Reminder) -> list[Alarm]:
    """A reminder's VALARMs as RFC 9074 says: dismissed, it says ACKNOWLEDGED; snoozed, it
    is acknowledged at its own time and a snooze alarm (``RELATED-TO;RELTYPE=SNOOZE``
    naming its UID) fires at the new time, so another device neither fires it again nor
    loses it. Without a UID to name, a snoozed alarm is only moved."""
    r = reminder
    if r.snoozed_until is None or not r.uid:
        return [_alarm(r.uid, r.snoozed_until or r.fire_at, r.text, r.acknowledged_at)]
    stamp = r.snoozed_until.strftime("%Y%m%dT%H%M%SZ")
    snooze = _alarm(str(uuid.uuid5(uuid.NAMESPACE_URL, f"{r.uid}/snooze/{stamp}")),
                    r.snoozed_until, r.text, r.acknowledged_at)
    snooze.add("related-to", vText(r.uid), parameters={"RELTYPE": "SNOOZE"})
    return [_alarm(r.uid, r.fire_at, r.text, r.fire_at), snooze]


def _alarm(uid: str, at: datetime, text: str, acknowledged: datetime | None) -> Alarm:
    alarm = Alarm()
    if uid:
        alarm.add("uid", uid)
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", at, parameters={"VALUE": "DATE-TIME"})
    alarm.add("description", Text(text or "Reminder"))
    if acknowledged is not None:
        alarm.add("acknowledged", acknowledged)
    return alarm


def _add_x(todo: Todo, name: str, value: str) -> None:
    todo.add(X + name, Text(value), parameters={"VALUE": "TEXT"})


# --- reading ----------------------------------------------------------------------------

def read_task(todo: Todo) -> TaskItem:
    """A task from a VTODO (Stepwise's own or another client's)."""
    recurrence = todo.get("rrule")
    revision = x_text(todo, X + "REVISION")
    expires = x_text(todo, X + "EXPIRES")
    return TaskItem(
        uid=text_of(todo, "uid"), title=text_of(todo, "summary"),
        detail=text_of(todo, "description"),
        status=_status(todo, TASK_STATUS, TASK_FROM_ICAL, "new"),
        priority=from_ical_priority(_int(todo.get("priority"))),
        tags=categories_of(todo), start_at=set_of(todo, "dtstart"),
        due_at=set_of(todo, "due"), timezone=zone_of(todo, "due", "dtstart"),
        exdates=dates_of(todo, "exdate"), rdates=dates_of(todo, "rdate"),
        expires_at=None if not expires else _utc_text(expires),
        recurrence=None if recurrence is None else _rrule_text(recurrence),
        completed_at=when_of(todo, "completed", "due"),
        modified=when_of(todo, "last-modified", "due"), sequence=_int(todo.get("sequence")),
        reminders=alarms_of(todo),
        plan=None if revision is None else PlanInfo(
            revision=_int(revision) or 1, origin=x_text(todo, X + "ORIGIN") or "user",
            title=x_text(todo, X + "PLAN-TITLE") or "",
            objective=x_text(todo, X + "PLAN-OBJECTIVE") or ""),
    )


def read_step(todo: Todo, fallback_id: str) -> StepItem:
    """A step from a VTODO; ``fallback_id`` names it when it carries no X-STEPWISE-STEP-ID."""
    parents = related(todo, "PARENT")
    step = PlanStep(
        id=x_text(todo, X + "STEP-ID") or fallback_id, title=text_of(todo, "summary"),
        objective=text_of(todo, "description"),
        target=x_text(todo, X + "TARGET") or None if todo.get(X + "TARGET") is not None
        else "user",
        inputs=_json(x_text(todo, X + "INPUTS"), {}),
        output_schema=_json(x_text(todo, X + "OUTPUT-SCHEMA"), None),
        done_when=x_text(todo, X + "DONE-WHEN") or "",
        worker=x_text(todo, X + "WORKER") or "me", due=when_of(todo, "due", "due"),
        estimate_minutes=_int(x_text(todo, X + "ESTIMATE")) or None,
        status=_status(todo, STEP_STATUS, STEP_FROM_ICAL, "pending"),
        result=x_text(todo, X + "RESULT"), error=x_text(todo, X + "ERROR"),
    )
    revision = x_text(todo, X + "REVISION")
    return StepItem(
        uid=text_of(todo, "uid"), parent_uid=parents[0] if parents else "", step=step,
        depends_on=related(todo, "DEPENDS-ON"),
        revision=None if revision is None else _int(revision),
        origin=x_text(todo, X + "ORIGIN"), completed_at=when_of(todo, "completed", "due"),
        modified=when_of(todo, "last-modified", "due"), sequence=_int(todo.get("sequence")),
        reminders=alarms_of(todo),
    )


def _status(todo: Todo, ours: dict[str, str], theirs: dict[str, str], default: str) -> str:
    """Our exact status while the VTODO's STATUS still agrees with it; else what the
    other client's STATUS means (it changed the task since we wrote it)."""
    ical = str(todo.get("status", "NEEDS-ACTION")).upper()
    exact = x_text(todo, X + "STATUS")
    if exact is not None and ours.get(exact, "NEEDS-ACTION") == ical:
        return exact
    return theirs.get(ical, default)


def _rrule_text(value: Any) -> str:
    rule = value[0] if isinstance(value, list) else value
    # A damaged rule is kept as text: the task's checks then refuse it, naming it.
    return str(rule.to_ical().decode("utf-8", "replace"))


def _utc_text(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, "%Y%m%dT%H%M%S%z")
    except ValueError:
        return None


def _int(value: object) -> int:
    try:
        return int(str(value)) if value is not None else 0
    except ValueError:
        return 0


def _json(text: str | None, default: Any) -> Any:
    if not text:
        return default
    try:
        return json.loads(text)
    except ValueError:
        return default
