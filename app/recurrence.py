"""Recurring tasks never finish: when an occurrence is done, the task rolls forward.

The next occurrence comes from the task's RRULE, computed in its own IANA zone so a
weekly 09:00 stays 09:00 across daylight-saving changes. The finished plan is copied
as a fresh revision (steps pending, times shifted by the same amount) and the task
waits until the finished occurrence's due time has passed.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from models import Plan, Task
from models.fields import format_utc, parse_utc
from models.tables import utc_now


def next_occurrence(task: Task) -> datetime | None:
    """The next due (or start) instant after the current one, or None when the rule ends."""
    from dateutil.rrule import rrulestr

    anchor = task.due_at or task.start_at
    if anchor is None or not task.recurrence:
        return None
    zone = ZoneInfo(task.timezone) if task.timezone else ZoneInfo("UTC")
    local = anchor.astimezone(zone).replace(tzinfo=None)  # wall time, for DST
    rule = rrulestr(task.recurrence, dtstart=local)
    following = rule.after(local)
    return None if following is None else following.replace(tzinfo=zone).astimezone(
        anchor.tzinfo)


def shift_instant(value: datetime, delta: timedelta, zone: ZoneInfo) -> datetime:
    """Move an instant by a wall-clock delta in ``zone`` (09:00 stays 09:00)."""
    local = value.astimezone(zone).replace(tzinfo=None) + delta
    return local.replace(tzinfo=zone).astimezone(value.tzinfo)


def roll_forward(task: Task, finished: Plan) -> None:
    """Record the finished occurrence and move the task to its next one (caller's transaction)."""
    from app import plans
    from app.tasks import log, set_status

    anchor = task.due_at or task.start_at
    following = next_occurrence(task)
    if following is None or anchor is None:
        set_status(task, "done", why="the recurrence has no further occurrence")
        return
    zone = ZoneInfo(task.timezone) if task.timezone else ZoneInfo("UTC")
    delta = (following.astimezone(zone).replace(tzinfo=None)
             - anchor.astimezone(zone).replace(tzinfo=None))
    log(task.id, "occurrence", f"occurrence due {format_utc(anchor)} completed "
        f"(plan revision {finished.revision})", actor="assistant")
    for field in ("start_at", "due_at", "expires_at"):
        if getattr(task, field) is not None:
            setattr(task, field, shift_instant(getattr(task, field), delta, zone))
    task.next_check_at = max(anchor, utc_now())
    set_status(task, "waiting", why=f"next occurrence due {format_utc(following)}",
               actor="assistant")
    spec = plans.spec_of(finished)
    data = _reset(spec.to_json(), delta, zone)
    data["revision"] = finished.revision
    plans.insert_revision(task, data, status="in_progress", source="recurrence")


def _reset(data: dict[str, Any], delta: timedelta, zone: ZoneInfo) -> dict[str, Any]:
    """The plan with every step pending and its times moved to the next occurrence."""
    for step in data["steps"]:
        step.update(status="pending", result=None, error=None)
        if step["due"]:
            step["due"] = format_utc(shift_instant(parse_utc(step["due"]), delta, zone))
        for key in ("at", "from", "to"):
            value = step["inputs"].get(key)
            if isinstance(value, str):
                try:
                    step["inputs"][key] = format_utc(shift_instant(parse_utc(value), delta, zone))
                except ValueError:
                    pass  # not an instant: leave the text as it is
    return data
