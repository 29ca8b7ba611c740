"""Recurring tasks never finish: when an occurrence is done, the task rolls forward.

The next occurrence comes from the task's RRULE, computed in its own IANA zone so a
weekly 09:00 stays 09:00 across daylight-saving changes. The finished plan is copied
as a fresh revision (steps pending, times shifted by the same amount) and the task
waits until the finished occurrence's due time has passed. An occurrence finished
before its time whose reminder has not fired yet (a reminder task: its only step set
that reminder) keeps its due time; the quick check rolls it once that time has passed.

Every RRULE that enters Stepwise (``add --recur``, a database import, an ``.ics``
series) passes ``validate_rrule`` (in ``app.dates.rrules``) first. Looking for the next
occurrence is bounded there too, so rolling forward never spins inside the write
transaction, whatever rule an older database holds.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from app.dates import days
from app.dates.rrules import InvalidRule, next_after, validate_rrule
from app.plan.spec import PlanSpec
from app.states import StepStatus, TaskStatus
from app.tasks.store import log, set_status
from models import Task
from models.fields import LATEST, format_utc, parse_utc
from models.tables import utc_now

__all__ = ["InvalidRule", "next_occurrence", "roll_forward", "shift_instant",
           "validate_rrule"]


def next_occurrence(task: Task) -> datetime | None:
    """The next due (or start) instant after the current one, or None when the rule ends
    (or its next occurrence lies past the last instant Stepwise keeps).

    Raises:
        InvalidRule: the task's rule is not one Stepwise accepts (an older database).
    """
    anchor = task.due_at or task.start_at
    if anchor is None or not task.recurrence:
        return None
    return occurrence_after(task, anchor, phase=_ruled_phase(task, anchor))


MAX_LEFT_OUT = 1000  # occurrences passed over in a row before the series counts as ended


def occurrence_after(task: Task, after: datetime, phase: datetime | None = None
                     ) -> datetime | None:
    """The task's first occurrence after ``after``: its RRULE's, less its EXDATEs, with
    its RDATEs, in the task's zone (wall time, for DST). ``phase`` is an occurrence of
    the rule itself to count from (``after`` when it is one).

    Raises:
        InvalidRule: the task's rule is not one Stepwise accepts (an older database).
    """
    left_out = {parse_utc(t) for t in task.exdates or ()}
    added = sorted(t for t in (parse_utc(t) for t in task.rdates or ())
                   if t > after and t not in left_out)
    zone = ZoneInfo(task.timezone) if task.timezone else ZoneInfo("UTC")
    ruled: datetime | None = None
    local = (phase or after).astimezone(zone).replace(tzinfo=None)
    for _ in range(MAX_LEFT_OUT):
        following = next_after(task.recurrence, local, zone) if task.recurrence else None
        if following is None:
            break
        try:
            instant = following.replace(tzinfo=zone).astimezone(after.tzinfo)
        except OverflowError:
            break
        if instant > after and instant not in left_out:
            ruled = instant
            break
        local = following
    found = min([t for t in (ruled, *added[:1]) if t is not None], default=None)
    return found if found is not None and found <= LATEST else None


MAX_DONE = 60  # occurrences counted done at once


def occurrences_done(task: Task, done: list[date | datetime]) -> int:
    """How many occurrences, from the task's current one on, are among ``done`` (another
    app's ``RECURRENCE-ID`` overrides marked COMPLETED: dates or moments of the
    occurrence's start, or due when it has no start)."""
    if not task.recurrence or not done:
        return 0
    role = "start" if task.start_at is not None else "due"
    where = days.zone(task.timezone)
    moments = {days.moment(value, role, where) for value in done}
    anchor = task.due_at or task.start_at  # the occurrence, as the task rolls it
    offset = task.start_at - anchor if role == "start" and task.start_at is not None \
        and task.due_at is not None else timedelta(0)
    count = 0
    while anchor is not None and anchor + offset in moments and count < MAX_DONE:
        count += 1
        anchor = occurrence_after(task, anchor)
    return count


COMPLETED = "occurrence due {} completed"  # the work log's line for a finished occurrence
_COMPLETED = re.compile(r"^occurrence due (\S+) completed$")


def _ruled_phase(task: Task, anchor: datetime) -> datetime:
    """An occurrence of the rule itself to count the next one from: the anchor, unless it
    is an added one (an RDATE), then the last finished occurrence that was not (the work
    log's ``COMPLETED`` lines say which)."""
    added = set(task.rdates or ())
    if format_utc(anchor) not in added:
        return anchor
    from models import WorkLog

    for entry in (WorkLog.select(WorkLog.message).where(
            (WorkLog.task == task.id) & (WorkLog.kind == "occurrence"))
            .order_by(WorkLog.id.desc()).limit(50)):
        found = _COMPLETED.match(str(entry.message))
        if found is not None and found[1] not in added:
            return parse_utc(found[1])
    return anchor
    from models import WorkLog

    for entry in (WorkLog.select(WorkLog.message).where(
            (WorkLog.task == task.id) & (WorkLog.kind == "occurrence"))
            .order_by(WorkLog.id.desc()).limit(50)):
        stamp = str(entry.message).removeprefix("occurrence due ").split(" ", 1)[0]
        if stamp not in added:
            try:
                return parse_utc(stamp)
            except ValueError:
                continue
    return anchor


def shift_instant(value: datetime, delta: timedelta, zone: ZoneInfo) -> datetime:
    """Move an instant by a wall-clock delta in ``zone`` (09:00 stays 09:00)."""
    local = value.astimezone(zone).replace(tzinfo=None) + delta
    return local.replace(tzinfo=zone).astimezone(value.tzinfo)


def roll_forward(task: Task, finished: PlanSpec, *, defer: bool = True
                 ) -> dict[str, Any] | None:
    """Record the finished occurrence and move the task to its next one (caller's
    transaction); ``app.plan.store.roll_forward`` stores the plan this returns.

    Args:
        finished: the plan of the occurrence just finished, as it stands.
        defer: keep an occurrence whose reminder is still ahead until it passes (the
            quick check then calls this with ``defer=False``).

    Returns:
        The next occurrence's plan data (every step pending, its times moved), or None
        when the task waits for this occurrence to pass or ends instead.
    """
    anchor = task.due_at or task.start_at
    if defer and anchor is not None and _announced_ahead(task, anchor):
        log(task.id, "occurrence", f"occurrence due {format_utc(anchor)}: every step done; "
            "it moves to the next occurrence once this one has passed", actor="assistant")
        task.next_check_at = anchor
        set_status(task, TaskStatus.WAITING,
                   why=f"its reminder for {format_utc(anchor)} is pending", actor="assistant")
        return None
    delta = roll_times(task)
    if delta is None:
        return None
    zone = ZoneInfo(task.timezone) if task.timezone else ZoneInfo("UTC")
    following = task.due_at or task.start_at
    task.next_check_at = max(anchor, utc_now()) if anchor is not None else None
    set_status(task, TaskStatus.WAITING, why=f"next occurrence due {format_utc(following)}",
               actor="assistant")
    data = _reset(finished.to_json(), delta, zone)
    data["revision"] = finished.revision
    return data


def roll_times(task: Task) -> timedelta | None:
    """Record the finished occurrence and move the task's times to the next one (caller's
    transaction); returns how far they moved, or None when the task is done instead
    (the rule has ended)."""
    anchor = task.due_at or task.start_at
    zone = ZoneInfo(task.timezone) if task.timezone else ZoneInfo("UTC")
    following, why_not = _following(task, zone)
    if following is None or anchor is None:
        set_status(task, TaskStatus.DONE, why=why_not)
        return None
    delta = (following.astimezone(zone).replace(tzinfo=None)
             - anchor.astimezone(zone).replace(tzinfo=None))
    log(task.id, "occurrence", COMPLETED.format(format_utc(anchor)),
        actor="assistant")
    for field in ("start_at", "due_at", "expires_at"):
        if getattr(task, field) is not None:
            setattr(task, field, shift_instant(getattr(task, field), delta, zone))
    return delta


def _announced_ahead(task: Task, anchor: datetime) -> bool:
    """Whether the occurrence is still ahead with a ``reminder.set`` reminder not yet fired:
    the task keeps that occurrence's due time until it passes (the quick check rolls it)."""
    from models import Reminder

    return anchor > utc_now() and Reminder.select().where(
        (Reminder.task == task.id) & (Reminder.kind == "step")
        & Reminder.fired_at.is_null()).exists()


def _following(task: Task, zone: ZoneInfo) -> tuple[datetime | None, str]:
    """The next occurrence, or None with the reason the task ends instead."""
    try:
        following = next_occurrence(task)
    except InvalidRule as exc:
        return None, f"not repeated: {exc}"
    anchor = task.due_at or task.start_at
    if following is None or anchor is None:
        return None, "the recurrence has no further occurrence"
    delta = (following.astimezone(zone).replace(tzinfo=None)
             - anchor.astimezone(zone).replace(tzinfo=None))
    if not _all_shiftable(task, delta, zone):
        return None, ("the next occurrence's times lie past the last time Stepwise keeps "
                      f"({format_utc(LATEST)})")
    return following, ""


def _all_shiftable(task: Task, delta: timedelta, zone: ZoneInfo) -> bool:
    """Whether every time of the task, moved by ``delta``, stays within range."""
    for field in ("start_at", "due_at", "expires_at"):
        value = getattr(task, field)
        if value is None:
            continue
        try:
            if shift_instant(value, delta, zone) > LATEST:
                return False
        except OverflowError:
            return False
    return True


def _reset(data: dict[str, Any], delta: timedelta, zone: ZoneInfo) -> dict[str, Any]:
    """The plan with every step pending and its times moved to the next occurrence."""
    for step in data["steps"]:
        step.update(status=StepStatus.PENDING, result=None, error=None)
        if step["due"]:
            step["due"] = _shifted_text(step["due"], delta, zone) or step["due"]
        for key in ("at", "from", "to"):
            value = step["inputs"].get(key)
            if isinstance(value, str):
                step["inputs"][key] = _shifted_text(value, delta, zone) or value
    return data


def _shifted_text(text: str, delta: timedelta, zone: ZoneInfo) -> str | None:
    """ISO text moved by ``delta``; None when it is not an instant or would leave the range."""
    try:
        return format_utc(shift_instant(parse_utc(text), delta, zone))
    except (ValueError, OverflowError):
        return None  # not an instant (or no longer one): leave the text as it is
