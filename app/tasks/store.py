"""Tasks: adding, reading, listing and changing status, each write one transaction."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime
from functools import partial
from typing import Any

from app.dates import days
from app.dates.when import local_zone
from app.errors import NotFound, Refused
from app.events import Change, Kind, events
from app.reminders import store as reminders
from app.states import OPEN_TASK, TASK
from app.tasks.problems import Problem, language_for
from models import Step, Task, WorkLog, after_commit, atomic
from models.prepared import by_id
from models.tables import DeletedTask, new_uid, utc_now

MAX_TITLE = 500
PRIORITIES = (1, 2, 3, 4)


@dataclass(frozen=True)
class NewTask:
    """What a person gives when adding a task: a start or due is a ``date`` (all day) or
    an aware ``datetime`` in any zone (``app.dates.days``)."""

    title: str
    detail: str = ""
    priority: int = 3
    start_at: date | datetime | None = None
    due_at: date | datetime | None = None
    expires_at: datetime | None = None
    tags: tuple[str, ...] = ()
    recurrence: str | None = None
    timezone: str | None = None
    creator: str = "me"
    named: tuple[str, ...] = ()  # "start", "due": times whose clock time the person named
    # a series' left-out (EXDATE) and added (RDATE) occurrences: dates or moments
    exdates: tuple[date | datetime, ...] = ()
    rdates: tuple[date | datetime, ...] = ()


def check_new_task(new: NewTask) -> None:
    """Raise Refused with the first thing wrong in a new task."""
    title = new.title.strip()
    if not title:
        raise Refused("a task needs a title")
    if len(title) > MAX_TITLE:
        raise Refused(f"the title is {len(title)} characters; keep it under {MAX_TITLE}")
    if new.priority not in PRIORITIES:
        raise Refused("priority runs from 1 (highest) to 4 (lowest)")
    where = days.zone(new.timezone)
    times = [("start", _in_range(new.start_at, "start", where)),
             ("due", _in_range(new.due_at, "due", where)), ("expiry", new.expires_at)]
    known = [(name, when) for name, when in times if when is not None]
    for (a, ta), (b, tb) in zip(known, known[1:], strict=False):
        if ta > tb:
            raise Refused(f"the {a} time ({_local(ta)}) is after the {b} time ({_local(tb)})")
    if new.recurrence:
        check_rrule(new.recurrence, _rule_anchor(new))


def _in_range(value: date | datetime | None, role: str, where: Any) -> datetime | None:
    """A start or due's moment, or Refused when it lies outside the years Stepwise keeps."""
    from models.fields import InstantOutOfRange, checked_utc

    when = days.moment(value, role, where)
    if when is None:
        return None
    try:
        return checked_utc(when)
    except InstantOutOfRange:
        shown = value.isoformat() if isinstance(value, date) and days.is_day(value) \
            else _local(when)
        raise Refused(f"the {role} ({shown}) is outside the years Stepwise keeps "
                      "(1900 to 9999)") from None


def _local(when: datetime) -> str:
    """A time as the person reads it: local, with its offset (stored times are UTC)."""
    return when.astimezone(local_zone()).strftime("%Y-%m-%d %H:%M %z")


def check_rrule(rule: str, anchor: datetime | None) -> str:
    """The rule in normal form; Refused (InvalidRule) with the reason (``app.dates.rrules``)."""
    from app.dates.rrules import validate_rrule

    return validate_rrule(rule, anchor)


def _rule_anchor(new: NewTask) -> datetime | None:
    """The first occurrence as wall time in the task's zone, as rolling forward reads it."""
    where = days.zone(new.timezone)
    anchor = days.moment(new.start_at, "start", where) or days.moment(new.due_at, "due", where)
    if anchor is None or not new.timezone:
        return anchor
    return anchor.astimezone(where)


def add_task(new: NewTask, *, uid: str | None = None) -> Task:
    """Store a new task with status ``new`` and log it; ``uid``: the one another app
    gave it (an import), else a new one."""
    row = task_row(new)
    with atomic():
        task = Task.create(**row, **({"uid": uid} if uid else {}))
        log(task.id, "create", f"added by {new.creator}")
        if task.start_at is not None or task.due_at is not None:  # no times: none to make
            reminders.schedule_new_task(task)
    events.emit(Change(Kind.TASK_ADDED, task.id))
    return task


def task_row(new: NewTask) -> dict[str, Any]:
    """The columns ``add_task`` stores for ``new`` (an import's bulk path writes the
    same), after the checks of ``check_new_task``; raises Refused as they do."""
    all_day = days.days_of({"start_at": new.start_at, "due_at": new.due_at})
    if all_day and not new.timezone:  # a date is a day somewhere: here
        new = replace(new, timezone=days.zone_key())
    check_new_task(new)
    rule = check_rrule(new.recurrence, _rule_anchor(new)) if new.recurrence else None
    where = days.zone(new.timezone)
    start_at = days.moment(new.start_at, "start", where)
    due_at = days.moment(new.due_at, "due", where)
    return dict(
        title=new.title.strip(), detail=new.detail, priority=new.priority,
        start_at=start_at, due_at=due_at, expires_at=new.expires_at,
        tags=sorted(set(new.tags)), recurrence=rule, timezone=new.timezone,
        creator=new.creator, named=_named(new.named, start_at, due_at, all_day),
        all_day=all_day, exdates=occurrences(new.exdates, new.due_at, where),
        rdates=occurrences(new.rdates, new.due_at, where))


def _files_set_aside(uid: str) -> None:
    """The deleted task's folder out of the live ones (after commit)."""
    from app.tasks import folders

    folders.set_aside(uid)


def _files_back(was: str, uid: str) -> None:
    from app.tasks import folders

    folders.bring_back(was, uid)


NAMEABLE = ("start", "due")


def _named(roles: Iterable[str], start_at: datetime | None, due_at: datetime | None,
           all_day: Iterable[str] = ()) -> list[str]:
    """The roles of ``roles`` that hold a time (a named time needs one; a date has none)."""
    roles = set(roles)
    if not roles:
        return []
    held, all_day = {"start": start_at, "due": due_at}, set(all_day)
    return [r for r in NAMEABLE if r in roles and held[r] is not None and r not in all_day]


def occurrences(values: Iterable[date | datetime], due: object, where: Any) -> list[str]:
    """A series' EXDATEs or RDATEs as stored: sorted UTC stamps of each occurrence's
    moment (a date: its due's stand-in, or its start's when the series has no due)."""
    from models.fields import format_utc

    if not values:
        return []
    role = "due" if due is not None else "start"
    return sorted({format_utc(days.moment(v, role, where)) for v in values})  # type: ignore[arg-type]


def occurrences_as_set(task: Task, key: str) -> list[date | datetime]:
    """A task's EXDATEs or RDATEs as set: dates for an all-day series, else moments."""
    from models.fields import parse_utc

    role = "due" if task.due_at is not None else "start"
    all_day = [role] if role in (task.all_day or ()) else []
    return [v for t in getattr(task, key) or ()
            if (v := days.as_set(parse_utc(t), role, all_day, task.timezone)) is not None]


def when(task: Task, role: str) -> date | datetime | None:
    """A task's start or due as it was set: a date, or a moment in the task's zone."""
    return days.as_set(getattr(task, f"{role}_at"), role, task.all_day or (), task.timezone)


def get_task(task_id: int) -> Task:
    task = by_id(Task, task_id)
    if task is None:
        raise NotFound(f"there is no task {task_id}; `stepwise list --all` shows them all")
    return task


def log(task_id: int, kind: str, message: str, *, actor: str = "user",
        step_id: int | None = None) -> None:
    WorkLog.create(task=task_id, step=step_id, kind=kind, message=message, actor=actor)


def set_status(task: Task, new: str, *, why: str, actor: str = "user") -> None:
    """Move a task to ``new`` (inside the caller's transaction) or raise IllegalTransition."""
    if task.status == new:
        return
    TASK.check(task.status, new)
    old, task.status = task.status, new
    task.updated_at = utc_now()
    task.save()
    log(task.id, "state", f"{old} → {new}: {why}", actor=actor)


def set_problem(task: Task, problem: Problem | None, now: datetime | None = None
                ) -> str | None:
    """Mark (or clear) what needs the user's attention, inside the caller's transaction:
    its code and values, and its words in the task's language for readers of the file
    (local times told against ``now``, default the present). Returns those words."""
    language = language_for(task.title, task.detail)
    words = None if problem is None else problem.told(language, now)
    task.problem, task.problem_at = words, utc_now() if problem else None
    task.problem_code = None if problem is None else problem.code
    task.problem_values = None if problem is None else problem.stored()
    task.save()
    return words


LIST_COLUMNS = ("id", "priority", "status", "due_at", "title", "tags", "problem", "all_day",
                "timezone")


def list_rows(include_closed: bool = False) -> Iterable[tuple[Any, ...]]:
    """Plain rows for listing, open tasks by default: due first (undated last), then priority."""
    return list_query(include_closed).tuples().iterator()


def list_query(include_closed: bool = False, columns: Iterable[str] = LIST_COLUMNS) -> Any:
    """The listing's query; ``app.lean.sql`` holds its SQL for the lean ``stepwise list``."""
    query = Task.select(*(getattr(Task, c) for c in columns))
    if not include_closed:
        query = query.where(Task.status.in_(tuple(sorted(OPEN_TASK))))
    return query.order_by(Task.due_at.is_null(), Task.due_at, Task.priority, Task.id)


def clear_problem(task_id: int) -> None:
    """The user asks the assistant to try again: forget the problem and the retries."""
    with atomic():
        task = get_task(task_id)
        task.retry_count = 0
        task.next_check_at = None
        set_problem(task, None)
        log(task.id, "retry", "the user asked the assistant to try again")
    events.emit(Change(Kind.TASK_CHANGED, task_id))


EDITABLE = ("title", "detail", "priority", "start_at", "due_at", "expires_at", "tags",
            "recurrence")
SERIES = ("exdates", "rdates")  # editable too: lists of dates or moments


def update_task(task_id: int, *, named: Iterable[str] | None = None, **changes: object
                ) -> Task:
    """Change a task's own fields (not its status) after the same checks as a new task.

    A new start or due given as a ``date`` is all day (``app.dates.days``), as a
    ``datetime`` a moment; ``timezone`` (an IANA name) changes the zone the task's times
    are set in (a date keeps its day).

    Args:
        named: with a new start or due, whether the person named its clock time ("start",
            "due"); a time changed without saying so is not taken as named.
    """
    unknown = set(changes) - set(EDITABLE) - set(SERIES) - {"timezone"}
    if unknown:
        raise ValueError(f"not editable: {', '.join(sorted(unknown))}")
    with atomic():
        task = get_task(task_id)
        changes = _as_set(task, changes)
        merged = {name: changes.get(name, when(task, name[:-3]) if name in _TIMES
                                    else getattr(task, name)) for name in EDITABLE}
        merged["tags"] = tuple(merged["tags"])  # type: ignore[arg-type]
        zone_name = str(changes.get("timezone") or task.timezone or "") or None
        check_new_task(NewTask(timezone=zone_name, **merged))  # type: ignore[arg-type]
        where = days.zone(zone_name)
        task.timezone = zone_name
        for name, value in changes.items():
            if name in _TIMES:
                value = days.moment(value, name[:-3], where)  # type: ignore[arg-type]
            elif name in SERIES:
                value = occurrences(value, merged["due_at"], where)  # type: ignore[arg-type]
            setattr(task, name, list(value) if name == "tags" else value)  # type: ignore[call-overload]
        task.all_day = [r for r in days.ROLES if (f"{r}_at" in changes
                        and days.is_day(changes[f"{r}_at"]))
                        or (f"{r}_at" not in changes and r in (task.all_day or ()))]
        _rename_times(task, changes, set(named or ()))
        task.title = task.title.strip()
        task.updated_at = utc_now()
        task.save()
        log(task.id, "edit", "changed " + ", ".join(sorted(changes)))
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_CHANGED, task_id))
    return task


_TIMES = ("start_at", "due_at")


def _as_set(task: Task, changes: dict[str, object]) -> dict[str, object]:
    """``changes`` with a new zone's dates kept: a task moved to another zone keeps the
    day of each all-day time it does not change (its stand-in moves with the zone)."""
    if "timezone" not in changes:
        return changes
    kept = {f"{r}_at": when(task, r) for r in (task.all_day or ()) if f"{r}_at" not in changes}
    return {**kept, **changes}


def _rename_times(task: Task, changes: dict[str, object], named: set[str]) -> None:
    """Keep ``Task.named`` true after an edit: a time changed is named only if said so."""
    kept = [r for r in task.named if f"{r}_at" not in changes] + \
        [r for r in NAMEABLE if f"{r}_at" in changes and r in named]
    task.named = _named(kept, task.start_at, task.due_at, task.all_day)


def delete_task(task_id: int) -> dict[str, list[dict[str, object]]]:
    """Delete a task with everything that belongs to it; returns what restores it."""
    from app.tasks.rows import task_rows

    with atomic():
        get_task(task_id)
        snapshot = task_rows(task_id)
        uid = Task.get_by_id(task_id).uid
        Task.delete().where(Task.id == task_id).execute()
        if uid:
            DeletedTask.insert(uid=uid).on_conflict_replace().execute()
        if uid:
            after_commit(partial(_files_set_aside, str(uid)))
    events.emit(Change(Kind.TASK_DELETED, task_id))
    return snapshot


def restore_task(snapshot: dict[str, list[dict[str, object]]]) -> int:
    """Undo a delete: put every row back, never over a row written since. A task whose id
    was taken comes back under a new id (its plan revisions, steps and reminders with it),
    and under a new UID if another task has its UID now.

    Returns:
        The id the task is back under.
    """
    from app.tasks.rows import insert_rows

    if not snapshot.get("task"):
        raise ValueError("the snapshot holds no task")
    with atomic():
        rows = _fresh_uids(snapshot)
        task_id = insert_rows(rows)["task"][rows["task"][0]["id"]]
        uid = rows["task"][0].get("uid")
        was = snapshot["task"][0]
        if was.get("uid") and uid:
            after_commit(partial(_files_back, str(was["uid"]), str(uid)))
        DeletedTask.delete().where(DeletedTask.uid == uid).execute()
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.TASK_ADDED, task_id))
    return task_id


def _fresh_uids(snapshot: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The snapshot with a new UID for its task, and for each of its steps' stored UIDs,
    that another task or step has now (a step keeps one UID across its revisions)."""
    task = dict(snapshot["task"][0])
    if task.get("uid") and Task.select().where(Task.uid == task["uid"]).exists():
        task["uid"] = new_uid()
    stored = {s["uid"] for s in snapshot.get("step", []) if s.get("uid")}
    taken = Step.select(Step.uid).where(Step.uid.in_(stored))
    fresh = {step.uid: new_uid() for step in taken}
    steps = [{**s, "uid": fresh.get(s.get("uid"), s.get("uid"))}
             for s in snapshot.get("step", [])]
    return {**snapshot, "task": [task], "step": steps}
